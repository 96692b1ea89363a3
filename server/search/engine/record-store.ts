// Records as UTF-8 JSON in large byte chunks outside the JS heap. A million records as objects
// are millions of heap objects that every major GC has to mark (hundreds of ms per pause); as
// bytes they cost the collector nothing. Hits are few, so parsing them on the way out is cheap.
import type { SearchRecord } from './types.ts'
import { Float64Vec, Int32Vec } from './vec.ts'

const CHUNK_BYTES = 8 * 1024 * 1024
const MIN_CHUNK_BYTES = 64 * 1024
const encoder = new TextEncoder()
const decoder = new TextDecoder()

export class RecordStore {
  readonly #chunks: Uint8Array[] = []
  #used = 0
  #total = 0
  /** Per slot: chunk index, offset in it, byte length (-1 once removed). */
  readonly #chunk = new Int32Vec()
  readonly #offset = new Float64Vec()
  readonly #length = new Int32Vec()
  readonly ids: string[] = []

  get slots(): number {
    return this.ids.length
  }

  append(record: SearchRecord): number {
    const json = JSON.stringify(record)
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
    this.#used += written
    this.#total += written
    this.ids.push(record.objectID)
    return this.ids.length - 1
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
    return JSON.parse(decoder.decode(chunk.subarray(start, start + length))) as SearchRecord
  }

  remove(slot: number): void {
    this.#length.data[slot] = -1
  }
}
