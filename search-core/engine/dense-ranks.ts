// Dense ranks of numbers (0, 1, 2, … by value; equal values share one), the way the custom-ranking
// order of a bulk build folds each criterion's keys into one number per record: by the cheapest
// way the count of distinct values allows.
import { release } from './vec.ts'

/** Up to this many distinct values, dense ranks come from a short list instead of a sort of all. */
const FEW_VALUES = 32

/** Up to this many distinct values, dense ranks come from a map of them instead of a sort of all. */
const SOME_VALUES = 1 << 16

/** Dense ranks (0, 1, 2, … by value; equal values share one) of the numbers that are not NaN. */
export function denseRanks(values: Float64Array): { ranks: Float64Array; distinct: number } {
  return fewRanks(values) ?? someRanks(values) ?? manyRanks(values)
}

/**
 * Dense ranks when there are few distinct values (flags, categories): found in one pass, ranked
 * by a sort of those few. Undefined when there are more. At a million records, sorting them all
 * for a yes/no criterion took ~0.1 s.
 */
function fewRanks(values: Float64Array): { ranks: Float64Array; distinct: number } | undefined {
  const few = new Float64Array(FEW_VALUES)
  let distinct = 0
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!
    if (Number.isNaN(v)) continue
    let k = 0
    // === counts -0 and 0 as one value, as the sort below does.
    while (k < distinct && few[k] !== v) k++
    if (k < distinct) continue
    if (distinct === FEW_VALUES) return undefined
    few[distinct++] = v
  }
  const sorted = few.subarray(0, distinct).sort()
  const ranks = new Float64Array(values.length)
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!
    if (Number.isNaN(v)) continue
    let k = 0
    while (sorted[k] !== v) k++
    ranks[i] = k
  }
  return { ranks, distinct }
}

/**
 * Dense ranks when there are some distinct values, up to SOME_VALUES (a number rounded to a tenth,
 * a year): a map from each value to its rank, the values sorted alone. Undefined when there are
 * more. At a million records with ~14,000 distinct weights, the sort of all and a binary search
 * per record took ~0.25 s.
 */
function someRanks(values: Float64Array): { ranks: Float64Array; distinct: number } | undefined {
  // A Map counts -0 and 0 as one key, as the sort below does.
  const rankOf = new Map<number, number>()
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!
    if (Number.isNaN(v) || rankOf.has(v)) continue
    if (rankOf.size === SOME_VALUES) return undefined
    rankOf.set(v, 0)
  }
  const sorted = Float64Array.from(rankOf.keys()).sort()
  for (let k = 0; k < sorted.length; k++) rankOf.set(sorted[k]!, k)
  const ranks = new Float64Array(values.length)
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!
    if (!Number.isNaN(v)) ranks[i] = rankOf.get(v)!
  }
  return { ranks, distinct: sorted.length }
}

function manyRanks(values: Float64Array): { ranks: Float64Array; distinct: number } {
  const sorted = values.slice().sort()
  // NaN sorts last: the distinct values are the prefix before it.
  let distinct = 0
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i]!
    if (Number.isNaN(v)) break
    if (distinct === 0 || v !== sorted[distinct - 1]) sorted[distinct++] = v
  }
  const ranks = new Float64Array(values.length)
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!
    if (Number.isNaN(v)) continue
    let lo = 0
    let hi = distinct
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (sorted[mid]! < v) lo = mid + 1
      else hi = mid
    }
    ranks[i] = lo
  }
  release(sorted)
  return { ranks, distinct }
}
