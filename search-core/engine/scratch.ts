// Reusable typed arrays for one index's queries. Searches are synchronous, so a buffer is free
// again when the search returns; reusing them keeps large external allocations (and the major
// GCs they trigger on a big heap) out of the query path.

/** Bitsets and lists kept for reuse per index; a search needing more gets fresh ones. */
const POOLED_BITSETS = 64
const POOLED_LISTS = 16

export class Scratch {
  readonly #f64 = new Map<string, Float64Array>()
  readonly #i32 = new Map<string, Int32Array>()
  readonly #bitsets: Uint32Array[] = []
  #bitsetsUsed = 0
  readonly #lists: Int32Array[] = []
  #listsUsed = 0

  /**
   * Starts a search: the bitsets and lists handed out since the last start are free again. Only
   * a search's own intermediate sets come from here, never anything kept past its answer.
   */
  release(): void {
    this.#bitsetsUsed = 0
    this.#listsUsed = 0
  }

  /** A zeroed bitset of `words` words, valid until the next `release()`. */
  bitset(words: number): Uint32Array {
    const i = this.#bitsetsUsed
    if (i >= POOLED_BITSETS) return new Uint32Array(words)
    this.#bitsetsUsed++
    let bits = this.#bitsets[i]
    if (bits === undefined || bits.length !== words) {
      bits = new Uint32Array(words)
      this.#bitsets[i] = bits
    } else bits.fill(0)
    return bits
  }

  /** A copy of a bitset (`words` words, the source's missing words zero), valid until `release()`. */
  copy(source: Uint32Array, words = source.length): Uint32Array {
    const bits = this.bitset(words)
    bits.set(source.length > words ? source.subarray(0, words) : source)
    return bits
  }

  /** An uninitialised list of `length` slots, valid until the next `release()`. */
  list(length: number): Int32Array {
    const i = this.#listsUsed
    if (i >= POOLED_LISTS) return new Int32Array(length)
    this.#listsUsed++
    let buffer = this.#lists[i]
    if (buffer === undefined || buffer.length < length) {
      buffer = new Int32Array(Math.max(length, (buffer?.length ?? 0) * 2, 64))
      this.#lists[i] = buffer
    }
    return buffer.subarray(0, length)
  }

  f64(name: string, size: number): Float64Array {
    let buffer = this.#f64.get(name)
    if (buffer === undefined || buffer.length < size) {
      buffer = new Float64Array(Math.max(size, (buffer?.length ?? 0) * 2, 64))
      this.#f64.set(name, buffer)
    }
    return buffer.subarray(0, size)
  }

  i32(name: string, size: number): Int32Array {
    let buffer = this.#i32.get(name)
    if (buffer === undefined || buffer.length < size) {
      buffer = new Int32Array(Math.max(size, (buffer?.length ?? 0) * 2, 64))
      this.#i32.set(name, buffer)
    }
    return buffer.subarray(0, size)
  }
}
