// One allocation for the columns a bulk build sizes at once. V8 starts a full collection whenever
// the memory outside the JS heap has grown by 64 MB since the last one, and while one is under way
// every further allocation outside the heap advances it and may end it: a build that reserved its
// columns one by one (a hundred arrays, ~600 MB at a million records) brought three or four full
// collections of the caller's records, ~0.3 s each on a quiet machine and twice that on a busy
// one. Taken as views of one buffer, the same columns bring one.
//
// The columns are sized in two passes over the same `reserve` calls: the first only measures
// (`take` gives undefined, and the caller changes nothing), the second takes views of the buffer
// `allocate` made. A view is never given back on its own (see `release` in vec.ts): a column that
// outgrows or trims its view moves to an array of its own, and the buffer lives as long as a view.

type ViewKind<T> = {
  new (length: number): T
  new (buffer: ArrayBuffer, offset: number, length: number): T
  readonly BYTES_PER_ELEMENT: number
}

export class Arena {
  #buffer: ArrayBuffer | undefined
  #used = 0

  /** Whether this is the measuring pass (no buffer yet). */
  get measuring(): boolean {
    return this.#buffer === undefined
  }

  /** Ends the measuring pass: one buffer for all that was asked for. */
  allocate(): void {
    this.#buffer = new ArrayBuffer(this.#used)
    this.#used = 0
  }

  /**
   * A zeroed array of `length` elements: a view of the buffer, undefined while measuring, or an
   * array of its own should the second pass ask for more than the first measured.
   */
  take<T>(kind: ViewKind<T>, length: number): T | undefined {
    const offset = this.#used
    this.#used += 8 * Math.ceil((length * kind.BYTES_PER_ELEMENT) / 8)
    if (this.#buffer === undefined) return undefined
    if (this.#used > this.#buffer.byteLength) return new kind(length)
    return new kind(this.#buffer, offset, length)
  }
}

/** A zeroed array from the arena when there is one (see `Arena.take`), else of its own. */
export function fresh<T>(kind: ViewKind<T>, length: number, arena: Arena | undefined): T | undefined {
  return arena === undefined ? new kind(length) : arena.take(kind, length)
}
