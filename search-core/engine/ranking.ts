// Tie-breaking ranking: criteria are applied lazily, bucket by bucket. Keys are computed for the
// candidates still competing for the requested window only, so a query touching a million records
// sorts a handful of buckets, not a million tuples.
import { parseSortSpec, type SortSpec } from './custom-order.ts'
import { Scratch } from './scratch.ts'
import { EngineError } from './types.ts'
import { CAUSE, type CauseId, WORK_COSTS, WorkBudget } from './work-budget.ts'

export type Criterion =
  | { kind: 'typo' | 'geo' | 'words' | 'filters' | 'proximity' | 'attribute' | 'exact' | 'custom' }
  | { kind: 'sort'; spec: SortSpec }

const DEFAULT_RANKING = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom']
const NAMED = new Set(DEFAULT_RANKING)

export function parseRanking(list: readonly string[] | null | undefined): Criterion[] {
  // Blank entries name nothing (clients send [""] for "not set"): the default ranking stands.
  const named = (list ?? []).filter((entry) => entry.trim() !== '')
  return (named.length > 0 ? named : DEFAULT_RANKING).map((entry) => {
    const name = entry.trim()
    if (NAMED.has(name)) return { kind: name as 'typo' }
    if (/^(asc|desc)\(/.test(name)) return { kind: 'sort', spec: parseSortSpec(name, 'ranking') }
    throw new EngineError(`Invalid ranking criterion: ${entry}`)
  })
}

/**
 * Fills keys[i] for slots[i]; lower keys rank first. A criterion with few distinct keys may also
 * split a set of slots into its buckets directly (`buckets`), best first.
 */
export type KeyFn = ((slots: Int32Array, keys: Float64Array) => void) & {
  buckets?: (slots: Int32Array, scratch: Scratch) => KeyBucket[]
  /** Work per slot (WORK_COSTS units; default: one ranking key), and the parameter it is for. */
  cost?: number
  cause?: CauseId
}

/** The slots of one key among those given to `buckets`: a bitset and how many it holds. */
export interface KeyBucket {
  bits: Uint32Array
  count: number
}

/** Below this many slots a bucketed criterion computes keys like any other. */
const BUCKETED_MIN = 4096

/**
 * The best `need` slots in order. `slots` must be ascending: the final tie-break is the slot
 * (index order), and each bucket keeps that order.
 */
export function topK(
  slots: Int32Array,
  keyFns: readonly KeyFn[],
  need: number,
  scratch = new Scratch(),
  budget = WorkBudget.unlimited(),
): Int32Array {
  const n = Math.min(need, slots.length)
  const out = new Int32Array(n)
  rank(slots, keyFns, 0, n, { out, length: 0, scratch, budget })
  return out
}

interface RankState {
  out: Int32Array
  length: number
  scratch: Scratch
  budget: WorkBudget
}

/** Computing one level's keys for `count` slots, selecting and sorting the best `need`. */
function chargeLevel(state: RankState, fn: KeyFn, count: number, need: number): void {
  const sorted = Math.min(count, need)
  const units =
    count * ((fn.cost ?? WORK_COSTS.rankKey) + WORK_COSTS.candidate) +
    sorted * Math.log2(sorted + 1) * WORK_COSTS.candidate
  state.budget.charge(units, fn.cause ?? CAUSE.query)
}

function rank(list: Int32Array, fns: readonly KeyFn[], level: number, need: number, state: RankState): void {
  if (need <= 0 || list.length === 0) return
  if (level === fns.length || list.length === 1) {
    for (let i = 0; i < need && i < list.length; i++) state.out[state.length++] = list[i]!
    return
  }
  const fn = fns[level]!
  chargeLevel(state, fn, list.length, need)
  const bucketed = fn.buckets
  if (bucketed !== undefined && list.length >= BUCKETED_MIN) {
    rankBuckets(bucketed(list, state.scratch), fns, level, need, state)
    return
  }
  // Per-level buffers: a level's keys and choice outlive the recursion into its buckets.
  const keys = state.scratch.f64(`keys${level}`, list.length)
  fn(list, keys)
  let chosen: Int32Array
  if (list.length > 64 && list.length > need * 2) {
    // Only the buckets up to the need-th key matter: select the threshold, keep those at or below.
    // Keys below it are fewer than `need` and get sorted; the threshold's bucket keeps slot order.
    const threshold =
      smallRangeKth(keys, need - 1, state.scratch) ??
      kthSmallest(keys, need - 1, state.scratch.f64('select', keys.length))
    let below = 0
    let count = 0
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!
      if (k < threshold) below++
      if (k <= threshold) count++
    }
    // After the last criterion the threshold's bucket stays in slot order: only its first
    // entries up to the page are needed, however large it is.
    const keep = level + 1 === fns.length ? Math.min(count, need) : count
    chosen = state.scratch.i32(`chosen${level}`, keep)
    let b = 0
    let e = below
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!
      if (k < threshold) chosen[b++] = i
      else if (k === threshold && e < keep) chosen[e++] = i
    }
    sortByKey(chosen.subarray(0, below), keys)
  } else {
    chosen = state.scratch.i32(`chosen${level}`, list.length)
    for (let i = 0; i < chosen.length; i++) chosen[i] = i
    sortByKey(chosen, keys)
  }
  let remaining = need
  let start = 0
  while (start < chosen.length && remaining > 0) {
    const key = keys[chosen[start]!]!
    let end = start + 1
    while (end < chosen.length && keys[chosen[end]!] === key) end++
    const bucket = state.scratch.i32(`bucket${level}`, end - start)
    for (let i = start; i < end; i++) bucket[i - start] = list[chosen[i]!]!
    const before = state.length
    rank(bucket, fns, level + 1, Math.min(remaining, bucket.length), state)
    remaining -= state.length - before
    start = end
  }
}

/** The buckets in order until the page is full; the last criterion takes a bucket's first slots. */
function rankBuckets(
  buckets: readonly KeyBucket[],
  fns: readonly KeyFn[],
  level: number,
  need: number,
  state: RankState,
): void {
  let remaining = need
  for (const bucket of buckets) {
    if (remaining <= 0) return
    const take = Math.min(remaining, bucket.count)
    const slots = state.scratch.i32(`bucket${level}`, level + 1 === fns.length ? take : bucket.count)
    firstSlots(bucket.bits, slots)
    const before = state.length
    rank(slots, fns, level + 1, take, state)
    remaining -= state.length - before
  }
}

/** Fills `out` with the first set slots of a bitset, ascending. */
function firstSlots(bits: Uint32Array, out: Int32Array): void {
  let k = 0
  for (let w = 0; w < bits.length && k < out.length; w++) {
    let v = bits[w]!
    while (v !== 0 && k < out.length) {
      const low = v & -v
      v ^= low
      out[k++] = (w << 5) + 31 - Math.clz32(low)
    }
  }
}

/** Keys spanning at most this many integers are counted instead of selected. */
const COUNTED_RANGE = 4096

/**
 * The k-th smallest key (0-based) when the keys are integers within a small range (typos, words,
 * filter scores, attribute ranks): one counting pass, no copy. Undefined otherwise.
 */
function smallRangeKth(keys: Float64Array, k: number, scratch: Scratch): number | undefined {
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!
    if (key < min) min = key
    if (key > max) max = key
  }
  if (!(max - min < COUNTED_RANGE) || !Number.isInteger(min)) return undefined
  const counts = scratch.i32('counts', max - min + 1)
  counts.fill(0)
  for (let i = 0; i < keys.length; i++) {
    const offset = keys[i]! - min
    // A key between integers: not countable after all.
    if ((offset | 0) !== offset) return undefined
    counts[offset]!++
  }
  let seen = 0
  for (let v = 0; v < counts.length; v++) {
    seen += counts[v]!
    if (seen > k) return min + v
  }
  return max
}

/** The k-th smallest value (0-based) by quickselect on a copy. */
export function kthSmallest(
  values: Float64Array,
  k: number,
  copy: Float64Array = new Float64Array(values.length),
): number {
  const a = copy
  a.set(values)
  let lo = 0
  let hi = a.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    // The middle element keeps already sorted inputs (custom ranks) linear.
    const pivot = a[mid]!
    let i = lo
    let j = hi
    while (i <= j) {
      while (a[i]! < pivot) i++
      while (a[j]! > pivot) j--
      if (i <= j) {
        const t = a[i]!
        a[i] = a[j]!
        a[j] = t
        i++
        j--
      }
    }
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return a[k]!
  }
  return a[k]!
}

/**
 * Sorts indices by (keys[i], i) in place. A hand-written quicksort: a typed array sort with a
 * comparator copies into a heap array, and large heap arrays per query bring major GCs.
 */
function sortByKey(idx: Int32Array, keys: Float64Array): void {
  const less = (a: number, b: number): boolean => {
    const ka = keys[a]!
    const kb = keys[b]!
    return ka < kb || (ka === kb && a < b)
  }
  const stack: number[] = [0, idx.length - 1]
  while (stack.length > 0) {
    const hi = stack.pop()!
    const lo = stack.pop()!
    if (hi - lo < 16) {
      for (let i = lo + 1; i <= hi; i++) {
        const v = idx[i]!
        let j = i - 1
        while (j >= lo && less(v, idx[j]!)) {
          idx[j + 1] = idx[j]!
          j--
        }
        idx[j + 1] = v
      }
      continue
    }
    const pivot = idx[(lo + hi) >>> 1]!
    let i = lo
    let j = hi
    while (i <= j) {
      while (less(idx[i]!, pivot)) i++
      while (less(pivot, idx[j]!)) j--
      if (i <= j) {
        const t = idx[i]!
        idx[i] = idx[j]!
        idx[j] = t
        i++
        j--
      }
    }
    if (lo < j) stack.push(lo, j)
    if (i < hi) stack.push(i, hi)
  }
}
