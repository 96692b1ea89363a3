// The records in customRanking order, kept up to date on every write: `order` lists live slots
// best first, `rankOf` maps a slot to its place. The empty query reads `order` and needs no sort;
// a write moves one block of a typed array instead of re-sorting.
import type { Arena } from './arena.ts'
import { getPath, splitPath } from './attributes.ts'
import { denseRanks } from './dense-ranks.ts'
import { EngineError } from './types.ts'
import { Float64Vec, Int32Vec, release } from './vec.ts'

export interface SortSpec {
  attribute: string
  path: string[]
  desc: boolean
}

const SORT = /^(asc|desc)\((.+)\)$/

export function parseSortSpec(entry: string, setting: string): SortSpec {
  const m = SORT.exec(entry.trim())
  if (!m)
    throw new EngineError(`Invalid ${setting} entry: ${entry} (expected asc(attribute) or desc(attribute))`)
  const attribute = m[2]!.trim()
  return { attribute, path: splitPath(attribute), desc: m[1] === 'desc' }
}

export type SortKey = number | string | null

/** A comparable key: numbers and strings as they are (first array element), anything else missing. */
export function sortKey(record: unknown, path: readonly string[]): SortKey {
  let v = getPath(record, path)
  if (Array.isArray(v)) v = v[0]
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'boolean') return v ? 1 : 0
  if (typeof v === 'string') return v
  return null
}

/** Missing values sort last in either direction; numbers before strings. */
function compareKeys(a: SortKey, b: SortKey, desc: boolean): number {
  if (a === b) return 0
  if (a === null) return 1
  if (b === null) return -1
  if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1
  const c = a < b ? -1 : 1
  return desc ? -c : c
}

/**
 * Dense ranks of one criterion's keys in its direction: numbers first, then strings (code-unit
 * order), missing values last in either direction, as `compareKeys` orders them. The keys: a
 * number per record (NaN when not a number) and the strings by record.
 */
function keyRanks(
  keys: Float64Array,
  strings: ReadonlyMap<number, string>,
  desc: boolean,
): { ranks: Float64Array; distinct: number } {
  const n = keys.length
  const numbers = new Float64Array(n)
  let missing = false
  for (let i = 0; i < n; i++) {
    const key = keys[i]!
    // NaN stays NaN (a string or a missing value).
    numbers[i] = desc ? -key : key
    if (Number.isNaN(key) && !missing && !strings.has(i)) missing = true
  }
  const { ranks, distinct: numberRanks } = denseRanks(numbers)
  const rankOf = new Map<string, number>()
  for (const key of strings.values()) rankOf.set(key, 0)
  const sortedStrings = [...rankOf.keys()].sort((a, b) => (a < b ? -1 : 1))
  if (desc) sortedStrings.reverse()
  sortedStrings.forEach((key, i) => {
    rankOf.set(key, numberRanks + i)
  })
  const missingRank = numberRanks + sortedStrings.length
  if (sortedStrings.length > 0 || missing) {
    for (let i = 0; i < n; i++) {
      if (!Number.isNaN(numbers[i]!)) continue
      const key = strings.get(i)
      ranks[i] = key === undefined ? missingRank : rankOf.get(key)!
    }
  }
  release(numbers)
  return { ranks, distinct: missingRank + (missing ? 1 : 0) }
}

/** One criterion's keys of these records: a number each (NaN if none), the strings aside. */
function keysOf(
  records: readonly unknown[],
  spec: SortSpec,
): { keys: Float64Array; strings: Map<number, string> } {
  const keys = new Float64Array(records.length)
  const strings = new Map<number, string>()
  for (let i = 0; i < records.length; i++) {
    const key = sortKey(records[i], spec.path)
    keys[i] = typeof key === 'number' ? key : Number.NaN
    if (typeof key === 'string') strings.set(i, key)
  }
  return { keys, strings }
}

/** Positions 0..n-1 in the order of the criteria's keys (stable); see `CustomOrder.sortOrder`. */
function orderOf(
  specs: readonly SortSpec[],
  n: number,
  columns: readonly { keys: Float64Array; strings: ReadonlyMap<number, string> }[],
): Int32Array {
  // A loop, not Int32Array.from({ length: n }, …): its callback per entry took ~0.1 s at 1M.
  const index = new Int32Array(n)
  for (let i = 0; i < n; i++) index[i] = i
  if (specs.length === 0 || n === 0) return index
  let combined: Float64Array = new Float64Array(n)
  // Every combined rank is below `bound`; packed with the input position it must stay exact.
  let bound = 1
  specs.forEach((spec, c) => {
    const { ranks, distinct } = keyRanks(columns[c]!.keys, columns[c]!.strings, spec.desc)
    if (bound * distinct * n > 2 ** 53) {
      const dense = denseRanks(combined)
      release(combined)
      combined = dense.ranks
      bound = dense.distinct
    }
    // (rank so far, this criterion's rank) as one number.
    for (let i = 0; i < n; i++) combined[i] = combined[i]! * distinct + ranks[i]!
    release(ranks)
    bound *= distinct
  })
  if (bound <= n) {
    // No more combined ranks than records (flags, categories, a rounded number): a counting
    // sort, stable like the sort below, in two passes instead of a sort of n numbers.
    const starts = new Int32Array(bound + 1)
    for (let i = 0; i < n; i++) starts[combined[i]! + 1]!++
    for (let r = 0; r < bound; r++) starts[r + 1]! += starts[r]!
    for (let i = 0; i < n; i++) index[starts[combined[i]!]!++] = i
    release(starts)
    release(combined)
    return index
  }
  // Rank and input position packed in one number (below bound · n ≤ 2^53), sorted natively.
  const packed = new Float64Array(n)
  for (let i = 0; i < n; i++) packed[i] = combined[i]! * n + i
  release(combined)
  packed.sort()
  for (let i = 0; i < n; i++) index[i] = packed[i]! % n
  release(packed)
  return index
}

export class CustomOrder {
  readonly specs: SortSpec[]
  readonly order = new Int32Vec()
  readonly rankOf = new Int32Vec()
  /** Per spec: the numeric key of each slot (NaN when not a number), strings aside (rare). */
  readonly #numbers: Float64Vec[]
  readonly #strings: Map<number, string>[]

  constructor(specs: SortSpec[]) {
    this.specs = specs
    this.#numbers = specs.map(() => new Float64Vec())
    this.#strings = specs.map(() => new Map())
  }

  get size(): number {
    return this.order.length
  }

  /** Records the keys of the next slot (slots arrive in order); it is not placed yet. */
  appendSlot(record: unknown): void {
    const slot = this.rankOf.length
    for (let i = 0; i < this.specs.length; i++) {
      const key = sortKey(record, this.specs[i]!.path)
      this.#numbers[i]!.push(typeof key === 'number' ? key : Number.NaN)
      if (typeof key === 'string') this.#strings[i]!.set(slot, key)
    }
    this.rankOf.push(-1)
  }

  #key(i: number, slot: number): SortKey {
    const n = this.#numbers[i]!.data[slot]!
    if (!Number.isNaN(n)) return n
    return this.#strings[i]!.get(slot) ?? null
  }

  compare = (a: number, b: number): number => {
    for (let i = 0; i < this.specs.length; i++) {
      const c = compareKeys(this.#key(i, a), this.#key(i, b), this.specs[i]!.desc)
      if (c !== 0) return c
    }
    return a - b
  }

  /**
   * Input positions in ranking order (stable), for bulk builds. Each criterion's keys become dense
   * ranks, the ranks of all criteria fold into one number per record, and one native numeric sort
   * orders them: no comparator called per pair, field by field.
   */
  static sortOrder(specs: SortSpec[], records: readonly unknown[]): Int32Array {
    return orderOf(
      specs,
      records.length,
      specs.map((spec) => keysOf(records, spec)),
    )
  }

  /**
   * The slots appended so far in ranking order (stable), as `sortOrder` gives them for the
   * records: from the keys `appendSlot` kept, without reading the records again (a bulk build
   * read them once already; a second pass cost ~2 s at a million records, each one a cache miss).
   */
  slotOrder(): Int32Array {
    const n = this.rankOf.length
    return orderOf(
      this.specs,
      n,
      this.specs.map((_, i) => ({ keys: this.#numbers[i]!.data.subarray(0, n), strings: this.#strings[i]! })),
    )
  }

  /** Places new slots: one binary search each, then a single merge pass. */
  insert(slots: readonly number[]): void {
    if (slots.length === 0) return
    const fresh = [...slots].sort(this.compare)
    const old = this.order.data.slice(0, this.order.length)
    const total = old.length + fresh.length
    const next = new Int32Vec(total)
    let i = 0
    for (const slot of fresh) {
      // First old entry ranked after the new slot.
      let lo = i
      let hi = old.length
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if (this.compare(old[mid]!, slot) < 0) lo = mid + 1
        else hi = mid
      }
      while (i < lo) next.push(old[i++]!)
      next.push(slot)
    }
    while (i < old.length) next.push(old[i++]!)
    this.order.data = next.data
    this.order.length = total
    this.#renumber(0)
  }

  remove(slot: number): void {
    const pos = this.rankOf.data[slot]!
    if (pos < 0) return
    const data = this.order.data
    data.copyWithin(pos, pos + 1, this.order.length)
    this.order.length--
    this.rankOf.data[slot] = -1
    this.#renumber(pos)
  }

  /** Removes many slots in one pass over the order (a batch), instead of one shift per slot. */
  removeMany(slots: Iterable<number>): void {
    const rank = this.rankOf.data
    let first = this.order.length
    for (const slot of slots) {
      const pos = rank[slot]!
      if (pos < 0) continue
      first = Math.min(first, pos)
      rank[slot] = -1
    }
    if (first === this.order.length) return
    const order = this.order.data
    let kept = first
    for (let i = first; i < this.order.length; i++) {
      const slot = order[i]!
      if (rank[slot]! >= 0) order[kept++] = slot
    }
    this.order.length = kept
    this.#renumber(first)
  }

  /** Gives back the room the columns reserved (after a bulk build). */
  trim(): void {
    for (const column of [this.order, this.rankOf, ...this.#numbers]) column.trim()
  }

  /** Sizes the per-slot columns and the order for `count` slots (a bulk build). */
  reserve(count: number, arena?: Arena): void {
    for (const column of [this.order, this.rankOf, ...this.#numbers]) column.reserve(count, arena)
  }

  /**
   * Puts the slots in a new order (a bulk build, before `fromSlots`): slot k becomes what slot
   * order[k] was, and newSlot[old slot] is its new slot (-1: left out). No slot is placed yet.
   */
  permute(order: Int32Array, newSlot: Int32Array): void {
    for (let i = 0; i < this.specs.length; i++) {
      this.#numbers[i]!.permute(order)
      const strings = new Map<number, string>()
      for (const [slot, key] of this.#strings[i]!) if (newSlot[slot]! >= 0) strings.set(newSlot[slot]!, key)
      this.#strings[i] = strings
    }
    this.rankOf.permute(order)
    this.rankOf.data.fill(-1)
    this.order.length = 0
  }

  /** For a bulk build whose slots were assigned in ranking order already (dead ones skipped). */
  fromSlots(slots: Int32Array): void {
    this.order.length = 0
    this.order.reserve(slots.length)
    for (const s of slots) this.order.push(s)
    this.#renumber(0)
  }

  #renumber(from: number): void {
    const order = this.order.data
    const rank = this.rankOf.data
    for (let i = from; i < this.order.length; i++) rank[order[i]!] = i
  }
}
