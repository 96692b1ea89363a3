// Things kept to be sent again (search answers, rendered pages) within a budget of bytes, each for
// one version of what it was made from and until a time, the least recently used dropped first.
// Counts its hits and misses for the metrics.

interface Entry<T> {
  value: T
  bytes: number
  version: number | string
  /** Milliseconds since the epoch after which the entry is not used (Infinity: never). */
  expiresAt: number
}

/**
 * Entries kept while their bytes fit `maxBytes`, the least recently used dropped first. An entry
 * larger than a sixteenth of the budget is not kept: a few large entries would push out the many
 * small ones that repeat.
 */
export class KeptEntries<T> {
  readonly maxBytes: number
  readonly #entries = new Map<string, Entry<T>>()
  #bytes = 0
  hits = 0
  misses = 0

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes
  }

  get bytes(): number {
    return this.#bytes
  }

  get size(): number {
    return this.#entries.size
  }

  /** The entry for `key` made at `version` and not expired at `now`. */
  get(key: string, version: number | string, now = Date.now()): T | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) {
      this.misses++
      return undefined
    }
    this.#entries.delete(key)
    if (entry.version !== version || now >= entry.expiresAt) {
      this.#bytes -= entry.bytes
      this.misses++
      return undefined
    }
    // Most recently used last: Map keeps insertion order.
    this.#entries.set(key, entry)
    this.hits++
    return entry.value
  }

  set(key: string, value: T, bytes: number, version: number | string, expiresAt: number): void {
    const size = bytes + 2 * key.length
    if (size > this.maxBytes / 16) return
    const old = this.#entries.get(key)
    if (old !== undefined) {
      this.#entries.delete(key)
      this.#bytes -= old.bytes
    }
    this.#entries.set(key, { value, bytes: size, version, expiresAt })
    this.#bytes += size
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break
      this.#entries.delete(oldest)
      this.#bytes -= entry.bytes
    }
  }
}
