// maxQueriesPerIPPerHour of API keys: a fixed one-hour window per key and client IP, in memory
// (a restart forgives; Algolia's own counters are approximate too).
const HOUR_MS = 60 * 60 * 1000

export class KeyRateLimits {
  readonly #windows = new Map<string, { start: number; count: number }>()

  /** Counts one request; false when the key has used up its queries for this IP and hour. */
  allow(key: string, ip: string, limit: number, now = Date.now()): boolean {
    if (limit <= 0) return true
    const id = `${key}\u0000${ip}`
    let window = this.#windows.get(id)
    if (!window || now - window.start >= HOUR_MS) {
      // Drop finished windows now and then so the map cannot grow without bound.
      if (this.#windows.size > 10_000) this.#prune(now)
      window = { start: now, count: 0 }
      this.#windows.set(id, window)
    }
    window.count++
    return window.count <= limit
  }

  #prune(now: number): void {
    for (const [id, window] of this.#windows) if (now - window.start >= HOUR_MS) this.#windows.delete(id)
  }
}
