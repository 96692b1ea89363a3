// Records as UTF-8 JSON in large byte chunks outside the JS heap. A million records as objects
// are millions of heap objects that every major GC has to mark (hundreds of ms per pause); as
// bytes they cost the collector nothing. Hits are few, so parsing them on the way out is cheap.
//
// A record is stored as the JSON array of its top-level values; its keys live once per shape
// (records of one index mostly share their keys), which halves the bytes of small records. A hit
// that needs a few attributes decodes only those values: a scan finds the value boundaries.
import { type Arena, fresh } from './arena.ts'
import type { SearchRecord } from './types.ts'
import { Int32Vec } from './vec.ts'

const CHUNK_BYTES = 8 * 1024 * 1024
const MIN_CHUNK_BYTES = 64 * 1024
const encoder = new TextEncoder()
const decoder = new TextDecoder()
/** The shape of a record stored as its whole JSON object (keys JSON cannot carry as an array). */
const WHOLE = -1

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_SQUARE = 0x5b
const CLOSE_SQUARE = 0x5d
const OPEN_CURLY = 0x7b
const CLOSE_CURLY = 0x7d
const NULL = encoder.encode('null')

/**
 * The top-level attributes a reader needs; the positions of those attributes in each shape are
 * worked out once per shape. With `returned`, a hit is read in two parts (`getHitParts`): the
 * returned attributes as one object, and the other needed ones (`extras`, read only to highlight)
 * as values beside it.
 */
export class Projection {
  readonly names: ReadonlySet<string>
  readonly returned: ReadonlySet<string> | undefined
  /** The needed attributes that are not returned, in the order `getHitParts` gives their values. */
  readonly extras: readonly string[]
  readonly #positions = new Map<number, Int32Array>()
  readonly #layouts = new Map<number, HitLayout>()

  constructor(names: Iterable<string>, returned?: Iterable<string>) {
    this.names = new Set(names)
    this.returned = returned === undefined ? undefined : new Set(returned)
    this.extras = this.returned === undefined ? [] : [...this.names].filter((n) => !this.returned!.has(n))
  }

  /** Positions (ascending) of the needed keys in a shape's key list. */
  positions(shape: number, keys: readonly string[]): Int32Array {
    let positions = this.#positions.get(shape)
    if (positions === undefined) {
      const found: number[] = []
      keys.forEach((key, i) => {
        if (this.names.has(key)) found.push(i)
      })
      positions = Int32Array.from(found)
      this.#positions.set(shape, positions)
    }
    return positions
  }

  /** Where a shape keeps the returned attributes (ascending) and the extras (-1: absent). */
  layout(shape: number, keys: readonly string[]): HitLayout {
    let layout = this.#layouts.get(shape)
    if (layout === undefined) {
      const returned: number[] = []
      keys.forEach((key, i) => {
        if (this.returned?.has(key)) returned.push(i)
      })
      const extras = Int32Array.from(this.extras, (name) => keys.indexOf(name))
      // A loop, not Math.max(...): a record may have more keys than a call takes arguments.
      let last = -1
      for (const p of returned) last = Math.max(last, p)
      for (const p of extras) last = Math.max(last, p)
      layout = { returned: Int32Array.from(returned), extras, last }
      this.#layouts.set(shape, layout)
    }
    return layout
  }
}

interface HitLayout {
  returned: Int32Array
  extras: Int32Array
  /** The highest position read. */
  last: number
}

export class RecordStore {
  readonly #chunks: Uint8Array[] = []
  #used = 0
  #total = 0
  /** Per slot: chunk index, offset in it, byte length (-1 once removed), shape. */
  readonly #chunk = new Int32Vec()
  readonly #offset = new Int32Vec()
  readonly #length = new Int32Vec()
  readonly #shape = new Int32Vec()
  readonly ids: string[] = []
  /** The key lists of the shapes, and their ids by the keys joined. */
  readonly #shapes: string[][] = []
  readonly #shapeIds = new Map<string, number>()
  #lastShape = WHOLE
  /** Value boundaries found by the scan of one record: start and end per value. */
  #bounds = new Int32Array(64)
  #assembly = new Uint8Array(4096)
  /** Per shape, per key: the UTF-8 of `"key":`, for assembling objects of some of the values. */
  readonly #keyBytes: (Uint8Array | undefined)[][] = []

  get slots(): number {
    return this.ids.length
  }

  /** The bytes of every record appended. */
  get bytes(): number {
    return this.#total
  }

  append(record: SearchRecord): number {
    const keys = Object.keys(record)
    const values = Object.values(record)
    const shape = this.#shapeOf(keys, values, record)
    const json = JSON.stringify(shape === WHOLE ? record : values)
    // UTF-8 needs at most 3 bytes per UTF-16 unit.
    const max = json.length * 3
    let chunk = this.#chunks.at(-1)
    if (chunk === undefined || this.#used + max > chunk.length) {
      // Chunks grow with the store (a small index does not reserve 8 MB), capped at 8 MB.
      const size = Math.min(CHUNK_BYTES, Math.max(MIN_CHUNK_BYTES, this.#total))
      chunk = new Uint8Array(Math.max(size, max))
      this.#chunks.push(chunk)
      this.#used = 0
    }
    const { written } = encoder.encodeInto(json, chunk.subarray(this.#used))
    this.#chunk.push(this.#chunks.length - 1)
    this.#offset.push(this.#used)
    this.#length.push(written)
    this.#shape.push(shape)
    this.#used += written
    this.#total += written
    this.ids.push(record.objectID)
    return this.ids.length - 1
  }

  /**
   * The shape id of a record's keys, or WHOLE when an array of its values would not give the
   * record back: a value JSON leaves out of objects (undefined, functions), `toJSON` on the
   * record, or `__proto__` (assigning it would set the prototype instead of a key).
   */
  #shapeOf(keys: string[], values: unknown[], record: SearchRecord): number {
    if (typeof (record as { toJSON?: unknown }).toJSON === 'function') return WHOLE
    for (const value of values) {
      const type = typeof value
      if (type === 'undefined' || type === 'function' || type === 'symbol') return WHOLE
    }
    const last = this.#shapes[this.#lastShape]
    if (last !== undefined && sameKeys(last, keys)) return this.#lastShape
    const id = keys.join('\u0000')
    let shape = this.#shapeIds.get(id)
    if (shape === undefined) {
      if (keys.includes('__proto__')) return WHOLE
      shape = this.#shapes.length
      this.#shapes.push(keys)
      this.#shapeIds.set(id, shape)
    }
    this.#lastShape = shape
    return shape
  }

  /** The stored size of a record in bytes (what decoding it reads); 0 once removed. */
  byteLength(slot: number): number {
    return Math.max(0, this.#length.data[slot] ?? 0)
  }

  has(slot: number): boolean {
    return (this.#length.data[slot] ?? -1) >= 0
  }

  /** A fresh copy of the record (callers may change it freely). */
  get(slot: number): SearchRecord | undefined {
    if (slot >= this.slots) return undefined
    const length = this.#length.data[slot]!
    if (length < 0) return undefined
    const chunk = this.#chunks[this.#chunk.data[slot]!]!
    const start = this.#offset.data[slot]!
    const parsed = JSON.parse(decoder.decode(chunk.subarray(start, start + length))) as unknown
    const shape = this.#shape.data[slot]!
    if (shape === WHOLE) return parsed as SearchRecord
    return assign(this.#shapes[shape]!, parsed as unknown[], undefined)
  }

  /**
   * A fresh copy of the record's attributes that the projection names (those it has), decoding
   * only their values.
   */
  getSome(slot: number, projection: Projection): Record<string, unknown> | undefined {
    if (slot >= this.slots) return undefined
    const length = this.#length.data[slot]!
    if (length < 0) return undefined
    const shape = this.#shape.data[slot]!
    if (shape === WHOLE) return this.get(slot)
    const keys = this.#shapes[shape]!
    const positions = projection.positions(shape, keys)
    if (positions.length === 0) return {}
    const chunk = this.#chunks[this.#chunk.data[slot]!]!
    const start = this.#offset.data[slot]!
    const last = positions[positions.length - 1]!
    const bounds = this.#valueBounds(chunk, start, start + length, last)
    let size = 2
    for (const p of positions) size += bounds[2 * p + 1]! - bounds[2 * p]! + 1
    if (this.#assembly.length < size) this.#assembly = new Uint8Array(size * 2)
    const out = this.#assembly
    let at = 0
    out[at++] = OPEN_SQUARE
    for (let i = 0; i < positions.length; i++) {
      const p = positions[i]!
      if (i > 0) out[at++] = COMMA
      const from = bounds[2 * p]!
      const to = bounds[2 * p + 1]!
      // A byte loop, not set(subarray()): values are short, and a view per value was most of
      // what decoding a hit allocated.
      for (let k = from; k < to; k++) out[at++] = chunk[k]!
    }
    out[at++] = CLOSE_SQUARE
    const values = JSON.parse(decoder.decode(out.subarray(0, at))) as unknown[]
    return assign(keys, values, positions)
  }

  /**
   * A hit in two parts, each value decoded once: `[object of the returned attributes, ...values of
   * the extras]` (null for an extra the record lacks), with the projection's `returned`. Undefined
   * for a removed slot, or a record stored whole (the caller reads it with `get`).
   */
  getHitParts(slot: number, projection: Projection): unknown[] | undefined {
    if (slot >= this.slots) return undefined
    const length = this.#length.data[slot]!
    if (length < 0) return undefined
    const shape = this.#shape.data[slot]!
    if (shape === WHOLE) return undefined
    const keys = this.#shapes[shape]!
    const layout = projection.layout(shape, keys)
    const chunk = this.#chunks[this.#chunk.data[slot]!]!
    const start = this.#offset.data[slot]!
    const bounds =
      layout.last < 0 ? this.#bounds : this.#valueBounds(chunk, start, start + length, layout.last)
    let keyBytes = this.#keyBytes[shape]
    if (keyBytes === undefined) {
      keyBytes = []
      this.#keyBytes[shape] = keyBytes
    }
    // [ { and } plus per value its key, a comma, or "null".
    let size = 4 + 5 * layout.extras.length
    for (const p of layout.returned) {
      let key = keyBytes[p]
      if (key === undefined) {
        key = encoder.encode(`${JSON.stringify(keys[p])}:`)
        keyBytes[p] = key
      }
      size += key.length + bounds[2 * p + 1]! - bounds[2 * p]! + 1
    }
    for (const p of layout.extras) if (p >= 0) size += bounds[2 * p + 1]! - bounds[2 * p]!
    if (this.#assembly.length < size) this.#assembly = new Uint8Array(size * 2)
    const out = this.#assembly
    let at = 0
    out[at++] = OPEN_SQUARE
    out[at++] = OPEN_CURLY
    for (let i = 0; i < layout.returned.length; i++) {
      const p = layout.returned[i]!
      if (i > 0) out[at++] = COMMA
      const key = keyBytes[p]!
      for (let k = 0; k < key.length; k++) out[at++] = key[k]!
      const to = bounds[2 * p + 1]!
      for (let k = bounds[2 * p]!; k < to; k++) out[at++] = chunk[k]!
    }
    out[at++] = CLOSE_CURLY
    for (const p of layout.extras) {
      out[at++] = COMMA
      if (p < 0) {
        for (let k = 0; k < 4; k++) out[at++] = NULL[k]!
        continue
      }
      const to = bounds[2 * p + 1]!
      for (let k = bounds[2 * p]!; k < to; k++) out[at++] = chunk[k]!
    }
    out[at++] = CLOSE_SQUARE
    return JSON.parse(decoder.decode(out.subarray(0, at))) as unknown[]
  }

  /**
   * Start and end (byte offsets) of the top-level values 0..last of the JSON array in
   * [from, to). UTF-8 continuation bytes never look like ASCII, so a byte scan is safe.
   */
  #valueBounds(bytes: Uint8Array, from: number, to: number, last: number): Int32Array {
    if (this.#bounds.length < 2 * (last + 1)) this.#bounds = new Int32Array(4 * (last + 1))
    const bounds = this.#bounds
    let depth = 0
    let value = 0
    bounds[0] = from + 1
    for (let i = from + 1; i < to; i++) {
      const b = bytes[i]!
      if (b === QUOTE) {
        // Skip the string, escapes included.
        i++
        while (i < to) {
          const c = bytes[i]!
          if (c === BACKSLASH) i++
          else if (c === QUOTE) break
          i++
        }
      } else if (b === OPEN_SQUARE || b === OPEN_CURLY) depth++
      else if (b === CLOSE_SQUARE || b === CLOSE_CURLY) {
        if (depth === 0) {
          bounds[2 * value + 1] = i
          return bounds
        }
        depth--
      } else if (b === COMMA && depth === 0) {
        bounds[2 * value + 1] = i
        if (value === last) return bounds
        value++
        bounds[2 * value] = i + 1
      }
    }
    return bounds
  }

  remove(slot: number): void {
    this.#length.data[slot] = -1
  }

  /** Sizes the per-slot columns for this many records. */
  reserve(count: number, arena?: Arena): void {
    for (const column of [this.#chunk, this.#offset, this.#length, this.#shape]) column.reserve(count, arena)
  }

  /**
   * Makes room for about this many more bytes in one piece (a bulk build that knows its size):
   * one large allocation instead of many 8 MB chunks, each of which adds to the memory outside
   * the JS heap that makes V8 collect the whole heap.
   */
  reserveBytes(bytes: number, arena?: Arena): void {
    const chunk = this.#chunks.at(-1)
    if (chunk !== undefined && chunk.length - this.#used >= bytes) return
    const next = fresh(Uint8Array, bytes, arena)
    if (next === undefined) return
    this.#chunks.push(next)
    this.#used = 0
  }

  /** Gives back the room the per-slot columns reserved (after a bulk build). */
  trim(): void {
    for (const column of [this.#chunk, this.#offset, this.#length, this.#shape]) column.trim()
  }

  /**
   * Puts the slots in a new order (a bulk build): slot k becomes what slot order[k] was. Only the
   * per-slot columns move; the bytes stay where they are. Slots left out keep their bytes unused.
   */
  permute(order: Int32Array): void {
    for (const column of [this.#chunk, this.#offset, this.#length, this.#shape]) column.permute(order)
    const ids = this.ids.slice()
    this.ids.length = order.length
    for (let k = 0; k < order.length; k++) this.ids[k] = ids[order[k]!]!
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** The object of a shape's keys (or those at `positions`) and their values, in key order. */
function assign(keys: readonly string[], values: unknown[], positions: Int32Array | undefined): SearchRecord {
  const record: Record<string, unknown> = {}
  if (positions === undefined) for (let i = 0; i < keys.length; i++) record[keys[i]!] = values[i]
  else for (let i = 0; i < positions.length; i++) record[keys[positions[i]!]!] = values[i]
  return record as SearchRecord
}
