// distinct / attributeForDistinct: at most N records per value of the distinct attribute, the
// best-ranked ones; nbHits counts what deduplication keeps (and facet counts too with
// facetingAfterDistinct).
import { newBitset, setBit } from './bitset.ts'
import { type Execution, rankCandidates } from './execute.ts'
import type { IndexData } from './index-data.ts'
import type { Criterion } from './ranking.ts'
import { CAUSE, WORK_COSTS } from './work-budget.ts'

export function rankDistinct(
  data: IndexData,
  exec: Execution,
  ranking: readonly Criterion[],
  perGroup: number,
  end: number,
): { slots: Int32Array; total: number } {
  const keyOf = groupKey(data)
  const total = distinctTotal(data, exec, perGroup)
  const want = Math.min(end, total)
  // Rank a few times more than the page needs; widen while duplicates eat the page.
  let need = Math.max(want * 4, 64)
  for (;;) {
    const ranked = rankCandidates(data, exec, ranking, need)
    const seen = new Map<number, number>()
    const kept: number[] = []
    for (const slot of ranked) {
      const k = keyOf(slot)
      const n = seen.get(k) ?? 0
      if (n < perGroup) {
        seen.set(k, n + 1)
        kept.push(slot)
        if (kept.length >= want) break
      }
    }
    if (kept.length >= want || need >= exec.candidates.length) return { slots: Int32Array.from(kept), total }
    need *= 4
  }
}

/** Records without the attribute (all of them, when there is no distinct attribute) are groups of their own. */
function groupKey(data: IndexData): (slot: number) => number {
  const column = data.distinct
  if (column === undefined) return (slot) => -1 - slot
  return (slot) => {
    const codes = column.codesOf(slot)
    return codes.length > 0 ? codes[0]! : -1 - slot
  }
}

/** How many candidates deduplication keeps. */
export function distinctTotal(data: IndexData, exec: Execution, perGroup: number): number {
  const keyOf = groupKey(data)
  data.budget.charge(exec.candidates.length * 4 * WORK_COSTS.candidate, CAUSE.distinct)
  const sizes = new Map<number, number>()
  for (const slot of exec.candidates) {
    const k = keyOf(slot)
    sizes.set(k, (sizes.get(k) ?? 0) + 1)
  }
  let total = 0
  for (const n of sizes.values()) total += Math.min(n, perGroup)
  return total
}

/**
 * The candidates deduplication keeps (the best `perGroup` of each group), for facet counts after
 * distinct: the whole result is ranked, so this costs a full sort and runs only when asked for.
 */
export function distinctCandidates(
  data: IndexData,
  exec: Execution,
  ranking: readonly Criterion[],
  perGroup: number,
): Execution {
  const keyOf = groupKey(data)
  data.budget.charge(exec.candidates.length * 4 * WORK_COSTS.candidate, CAUSE.distinct)
  const ranked = rankCandidates(data, exec, ranking, exec.candidates.length)
  const seen = new Map<number, number>()
  const kept: number[] = []
  for (const slot of ranked) {
    const k = keyOf(slot)
    const n = seen.get(k) ?? 0
    if (n < perGroup) {
      seen.set(k, n + 1)
      kept.push(slot)
    }
  }
  const candidates = Int32Array.from(kept).sort()
  const bits = newBitset(exec.bits.length * 32)
  for (const slot of candidates) setBit(bits, slot)
  return { ...exec, candidates, bits, all: false }
}
