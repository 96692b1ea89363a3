// maxQueriesPerIPPerHour of API keys: a fixed one-hour window per key and client IP, in memory
// (a restart forgives; Algolia's own counters are approximate too).
const HOUR_MS = 60 * 60 * 1000

/** Counts requests against a key's limit; processes serving together count in one place. */
export interface RateCounter {
  retryAfter(key: string, ip: string, limit: number): number | Promise<number>
}

export class KeyRateLimits implements RateCounter {
  readonly #windows = new Map<string, { start: number; count: number }>()

  /**
   * Counts one request; 0 when it may go on, else the seconds until the key's window for this IP
   * ends (for Retry-After). `key` is Grant.rateKey (a secured key's parent), not the key as sent.
   */
  retryAfter(key: string, ip: string, limit: number, now = Date.now()): number {
    if (limit <= 0) return 0
    const id = `${key}\u0000${ip}`
    let window = this.#windows.get(id)
    if (!window || now - window.start >= HOUR_MS) {
      // Drop finished windows now and then so the map cannot grow without bound.
      if (this.#windows.size > 10_000) this.#prune(now)
      window = { start: now, count: 0 }
      this.#windows.set(id, window)
    }
    window.count++
    if (window.count <= limit) return 0
    return Math.max(1, Math.ceil((window.start + HOUR_MS - now) / 1000))
  }

  #prune(now: number): void {
    for (const [id, window] of this.#windows) if (now - window.start >= HOUR_MS) this.#windows.delete(id)
  }
}
