// Relevant sort, the way a virtual replica answers: the matches are first judged by textual
// relevance, only the most relevant part is kept (how much: relevancyStrictness, 0–100), and that
// part is ordered by the replica's customRanking before the textual criteria.
//
// Relevance tiers: a match's tier is (typos, best-matching searchable attribute), ordered. The
// best tier is always kept; further tiers are kept while fewer than (100 − strictness) % of the
// matches are in. So 100 keeps only the best tier (no more typos than the best match, found in
// the best attribute), 50 about half of the matches, and 0 switches the cut off (every match).
import { newBitset, setBit } from './bitset.ts'
import type { Execution } from './execute.ts'
import { ATTR_RANK_STRIDE } from './matcher.ts'
import type { Criterion } from './ranking.ts'

export const DEFAULT_RELEVANCY_STRICTNESS = 100

/** The virtual replica's ranking: its custom (and asc/desc) criteria first, the textual ones after. */
export function relevantSortRanking(ranking: readonly Criterion[]): Criterion[] {
  const sorting = ranking.filter((c) => c.kind === 'custom' || c.kind === 'sort')
  return [...sorting, ...ranking.filter((c) => !sorting.includes(c))]
}

/** The execution restricted to the most relevant matches at this strictness. */
export function mostRelevant(exec: Execution, strictness: number): Execution {
  const { candidates, match } = exec
  const scratch = match.scratch
  if (strictness <= 0 || scratch.length === 0 || candidates.length === 0) return exec
  const tiers = new Map<number, number>()
  const tierOf = new Float64Array(candidates.length)
  for (let i = 0; i < candidates.length; i++) {
    const slot = candidates[i]!
    let typos = 0
    let attr = Number.POSITIVE_INFINITY
    for (const word of scratch) {
      typos += word.flags[slot]! >> 2
      attr = Math.min(attr, Math.floor(word.attr[slot]! / ATTR_RANK_STRIDE))
    }
    // Typos dominate: a typo-free match in a later attribute beats a typo in the first one.
    const tier = typos * 1_000_000 + (Number.isFinite(attr) ? attr : 999_999)
    tierOf[i] = tier
    tiers.set(tier, (tiers.get(tier) ?? 0) + 1)
  }
  const ordered = [...tiers].sort((a, b) => a[0] - b[0])
  const allowance = (candidates.length * (100 - strictness)) / 100
  let kept = 0
  let worst = Number.NEGATIVE_INFINITY
  for (const [tier, count] of ordered) {
    if (kept > 0 && kept >= allowance) break
    kept += count
    worst = tier
  }
  if (kept === candidates.length) return exec
  const list = new Int32Array(kept)
  const bits = newBitset(exec.bits.length * 32)
  let k = 0
  for (let i = 0; i < candidates.length; i++) {
    if (tierOf[i]! <= worst) {
      const slot = candidates[i]!
      list[k++] = slot
      setBit(bits, slot)
    }
  }
  return { ...exec, candidates: list, bits, all: false }
}
