// Growable typed arrays: columns grow by appending one record at a time without per-value objects.
import { type Arena, fresh } from './arena.ts'

export class Int32Vec {
  data: Int32Array
  length = 0

  constructor(capacity = 16) {
    this.data = new Int32Array(Math.max(4, capacity))
  }

  push(value: number): void {
    if (this.length === this.data.length) this.#resize(Math.max(16, this.data.length * 2))
    this.data[this.length++] = value
  }

  /** Room for `min` entries, exactly (a bulk build that knows its size; pushes double it). */
  reserve(min: number, arena?: Arena): void {
    if (min > this.data.length) this.#resize(min, arena)
  }

  #resize(capacity: number, arena?: Arena): void {
    const next = fresh(Int32Array, capacity, arena)
    if (next === undefined) return
    next.set(this.data.subarray(0, this.length))
    this.data = next
  }

  view(): Int32Array {
    return this.data.subarray(0, this.length)
  }

  /**
   * Gives back the room that doubling reserved (after a bulk build). The few percent a bulk
   * build's estimate leaves over stay: a copy would touch as much fresh memory as the column.
   */
  trim(): void {
    if (this.data.length > trimmedLength(this.length))
      this.data = this.data.slice(0, Math.max(4, this.length))
  }

  /** Entry k becomes entry order[k], in place (see `gather`). */
  permute(order: Int32Array): void {
    this.data = gather(this.data, order)
    this.length = order.length
  }
}

export class Float64Vec {
  data: Float64Array
  length = 0

  constructor(capacity = 16) {
    this.data = new Float64Array(Math.max(4, capacity))
  }

  push(value: number): void {
    if (this.length === this.data.length) this.#resize(Math.max(16, this.data.length * 2))
    this.data[this.length++] = value
  }

  /** Room for `min` entries, exactly (a bulk build that knows its size; pushes double it). */
  reserve(min: number, arena?: Arena): void {
    if (min > this.data.length) this.#resize(min, arena)
  }

  #resize(capacity: number, arena?: Arena): void {
    const next = fresh(Float64Array, capacity, arena)
    if (next === undefined) return
    next.set(this.data.subarray(0, this.length))
    this.data = next
  }

  /**
   * Gives back the room that doubling reserved (after a bulk build). The few percent a bulk
   * build's estimate leaves over stay: a copy would touch as much fresh memory as the column.
   */
  trim(): void {
    if (this.data.length > trimmedLength(this.length))
      this.data = this.data.slice(0, Math.max(4, this.length))
  }

  /** Entry k becomes entry order[k], in place (see `gather`). */
  permute(order: Int32Array): void {
    this.data = gather(this.data, order)
    this.length = order.length
  }
}

/**
 * Small non-negative integers (facet codes + 1, 0 = none) in the narrowest array that holds
 * them: a million one-byte codes stay in cache where four-byte ones would not.
 */
export class CodeVec {
  data: Uint8Array | Uint16Array | Int32Array = new Uint8Array(16)
  length = 0

  /** The largest value the kind of `data` holds (kept: testing the kind on every push was slow). */
  #limit = 0xff

  push(value: number): void {
    if (value > this.#limit || this.length === this.data.length) this.#grow(value)
    this.data[this.length++] = value
  }

  #grow(value: number): void {
    const wide = value > this.#limit ? (value > 0xffff ? Int32Array : Uint16Array) : undefined
    const Kind = wide ?? (this.data.constructor as Uint8ArrayConstructor)
    const next = new Kind(Math.max(16, this.data.length * 2))
    next.set(this.data.subarray(0, this.length))
    this.data = next
    this.#limit = next instanceof Uint8Array ? 0xff : next instanceof Uint16Array ? 0xffff : 0x7fffffff
  }

  reserve(min: number, arena?: Arena): void {
    if (min <= this.data.length) return
    const next = fresh(this.data.constructor as Uint8ArrayConstructor, min, arena)
    if (next === undefined) return
    next.set(this.data.subarray(0, this.length))
    this.data = next
  }

  /** Entry k becomes entry order[k], in place (see `gather`). */
  permute(order: Int32Array): void {
    this.data = gather(this.data, order)
    this.length = order.length
  }
}

/** The capacity up to which `trim` keeps a column of `length` entries as it is (1/8 over). */
export function trimmedLength(length: number): number {
  return length + (length >>> 3) + 16
}

/**
 * Sizes a column for `count` slots once it holds `slots` of them, in proportion (with 5 % to
 * spare): a bulk build allocates each column once instead of doubling it, which allocates twice
 * the final size outside the JS heap and so brings full collections.
 */
export function reserveFor(
  vec: Int32Vec | Float64Vec | CodeVec,
  slots: number,
  count: number,
  arena?: Arena,
): void {
  if (slots > 0) vec.reserve(Math.ceil((vec.length / slots) * count * 1.05), arena)
}

type NumberArray = Int32Array | Float64Array | Uint8Array | Uint16Array
type NumberArrayKind<T extends NumberArray> = {
  new (length: number): T
  new (buffer: ArrayBuffer, offset: number, length: number): T
  readonly BYTES_PER_ELEMENT: number
}

/**
 * The buffer the reorders of a bulk build share (see `releaseScratch`): a column is gathered into
 * it and copied back into its own array. A new array per column touched as much fresh memory as
 * the columns hold, each page a fault (slow on this kind of virtual machine): at a million records
 * ~65 MB fewer pages touched in all, the buffer being as large as the largest column.
 */
let scratch = new ArrayBuffer(0)

/**
 * Makes the scratch buffer at least this many bytes long (its contents are not kept). A bulk build
 * reserves it up front with the rest of its memory (see `IndexData.bulkLoad`).
 */
export function reserveScratch(bytes: number): void {
  if (scratch.byteLength >= bytes) return
  release(new Uint8Array(scratch))
  scratch = new ArrayBuffer(Math.max(bytes, 2 * scratch.byteLength))
}

export function align8(bytes: number): number {
  return 8 * Math.ceil(bytes / 8)
}

/** Gives the reorders' shared buffer back (after the reorders of a bulk build). */
export function releaseScratch(): void {
  release(new Uint8Array(scratch))
  scratch = new ArrayBuffer(0)
}

function kindOf<T extends NumberArray>(data: T): NumberArrayKind<T> {
  return data.constructor as NumberArrayKind<T>
}

/**
 * `data` with entry k set to what entry order[k] was (entries from order.length on are left as
 * they are), gathered in the scratch buffer and copied back. One loop per kind of array: a loop
 * that met all of them read and wrote them through the slow generic element access (~3× slower at
 * a million slots).
 */
function gather<T extends NumberArray>(data: T, order: Int32Array): T {
  const Kind = kindOf(data)
  reserveScratch(order.length * Kind.BYTES_PER_ELEMENT)
  const out = new Kind(scratch, 0, order.length)
  if (data instanceof Int32Array) gatherInt32(data, order, out as Int32Array)
  else if (data instanceof Float64Array) gatherFloat64(data, order, out as Float64Array)
  else if (data instanceof Uint8Array) gatherUint8(data, order, out as Uint8Array)
  else gatherUint16(data as Uint16Array, order, out as Uint16Array)
  // Every slot is in `data`, so order.length fits; a new array only for a caller that broke that.
  const target = data.length >= order.length ? data : new Kind(order.length)
  target.set(out)
  return target
}

function gatherInt32(data: Int32Array, order: Int32Array, out: Int32Array): void {
  for (let k = 0; k < order.length; k++) out[k] = data[order[k]!]!
}

function gatherFloat64(data: Float64Array, order: Int32Array, out: Float64Array): void {
  for (let k = 0; k < order.length; k++) out[k] = data[order[k]!]!
}

function gatherUint8(data: Uint8Array, order: Int32Array, out: Uint8Array): void {
  for (let k = 0; k < order.length; k++) out[k] = data[order[k]!]!
}

function gatherUint16(data: Uint16Array, order: Int32Array, out: Uint16Array): void {
  for (let k = 0; k < order.length; k++) out[k] = data[order[k]!]!
}

/**
 * Gives an array's memory back at once, leaving it empty. Memory outside the JS heap is
 * otherwise freed only by a full collection, and V8 starts one for every 64 MB or so that it
 * grows by: reordering the columns of a million records would bring two of ~300 ms each. Only
 * for arrays nothing else holds (the columns of an index being built); a view of part of a buffer
 * (an arena's) is left alone, as the rest of the buffer is not its own.
 */
export function release(data: NumberArray): void {
  const buffer = data.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer }
  if (data.byteLength === buffer.byteLength) buffer.transfer?.(0)
}

/**
 * Reorders a column of value lists (offsets, and one or more value columns the offsets index):
 * list k becomes list order[k]. Lists not named in `order` are left out. In place: the lists and
 * the offsets are gathered in the scratch buffer and copied back (see `reserveScratch`). Each
 * list's offsets are read once, at random, in one pass that writes where the list starts now and
 * where it will start; the copies then read those in order, and only the values at random (three
 * random passes over the offsets before, the forward index's reorder ~0.5 s at a million records).
 * Two columns of doubles (geo's latitudes and longitudes) are copied in one pass.
 */
export function permuteLists(
  off: Int32Vec,
  columns: readonly (Int32Vec | Float64Vec | CodeVec)[],
  order: Int32Array,
): void {
  const from = off.data
  const lists = off.length - 1
  // Every list one value long (a number or a location per record): list i is value i, and the
  // values move as a plain gather, without reading each list's offsets at random. The offsets
  // stay 0, 1, 2, …
  let single = true
  for (let i = 0; i <= lists && single; i++) single = from[i] === i
  if (single) {
    for (const column of columns) column.permute(order)
    off.length = order.length + 1
    return
  }
  const n = order.length
  // In the scratch buffer: the new offsets, the old starts, then each column's values (at 8-byte
  // boundaries; lists left out only shrink the columns, so their lengths are room enough).
  const starts = [align8(4 * (n + 1)), align8(4 * (n + 1)) + align8(4 * n)]
  for (const column of columns)
    starts.push(starts.at(-1)! + align8(column.length * column.data.BYTES_PER_ELEMENT))
  reserveScratch(starts.at(-1)!)
  const next = new Int32Array(scratch, 0, n + 1)
  const startOf = new Int32Array(scratch, starts[0]!, n)
  next[0] = 0
  let total = 0
  for (let k = 0; k < n; k++) {
    const list = order[k]!
    const start = from[list]!
    startOf[k] = start
    total += from[list + 1]! - start
    next[k + 1] = total
  }
  const outs = columns.map((column, c) => new (kindOf(column.data))(scratch, starts[c + 1]!, total))
  const [a, b] = columns.map((column) => column.data)
  if (columns.length === 2 && a instanceof Float64Array && b instanceof Float64Array)
    copyListsFloat64x2(next, startOf, a, b, outs[0] as Float64Array, outs[1] as Float64Array)
  else
    columns.forEach((column, c) => {
      const data = column.data
      const out = outs[c]!
      if (data instanceof Int32Array) copyListsInt32(next, startOf, data, out as Int32Array)
      else if (data instanceof Float64Array) copyListsFloat64(next, startOf, data, out as Float64Array)
      else if (data instanceof Uint8Array) copyListsUint8(next, startOf, data, out as Uint8Array)
      else copyListsUint16(next, startOf, data as Uint16Array, out as Uint16Array)
    })
  columns.forEach((column, c) => {
    column.data.set(outs[c]!)
    column.length = total
  })
  from.set(next)
  off.length = n + 1
}

// The copies below are one function per kind of typed array on purpose: one generic loop over
// `NumberArray` reads and writes through polymorphic element access, which V8 cannot specialise
// (the 1M build's forward-index reorder took ~0.66 s with it, ~0.5 s with these). List k goes to
// next[k]..next[k + 1] and comes from startOf[k] on.
function copyListsFloat64x2(
  next: Int32Array,
  startOf: Int32Array,
  a: Float64Array,
  b: Float64Array,
  outA: Float64Array,
  outB: Float64Array,
): void {
  for (let k = 0; k < startOf.length; k++) {
    const end = next[k + 1]!
    for (let at = next[k]!, i = startOf[k]!; at < end; at++, i++) {
      outA[at] = a[i]!
      outB[at] = b[i]!
    }
  }
}

function copyListsInt32(next: Int32Array, startOf: Int32Array, data: Int32Array, out: Int32Array): void {
  for (let k = 0; k < startOf.length; k++) {
    const end = next[k + 1]!
    for (let at = next[k]!, i = startOf[k]!; at < end; at++, i++) out[at] = data[i]!
  }
}

function copyListsFloat64(
  next: Int32Array,
  startOf: Int32Array,
  data: Float64Array,
  out: Float64Array,
): void {
  for (let k = 0; k < startOf.length; k++) {
    const end = next[k + 1]!
    for (let at = next[k]!, i = startOf[k]!; at < end; at++, i++) out[at] = data[i]!
  }
}

function copyListsUint8(next: Int32Array, startOf: Int32Array, data: Uint8Array, out: Uint8Array): void {
  for (let k = 0; k < startOf.length; k++) {
    const end = next[k + 1]!
    for (let at = next[k]!, i = startOf[k]!; at < end; at++, i++) out[at] = data[i]!
  }
}

function copyListsUint16(next: Int32Array, startOf: Int32Array, data: Uint16Array, out: Uint16Array): void {
  for (let k = 0; k < startOf.length; k++) {
    const end = next[k + 1]!
    for (let at = next[k]!, i = startOf[k]!; at < end; at++, i++) out[at] = data[i]!
  }
}
