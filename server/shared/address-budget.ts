// A token bucket per client (clientAddress: an IPv4 address, an IPv6 /64): `burst` requests at
// once, refilled at `perMinute`. One address that asks faster than that is refused at once, before
// its request costs anything, while every other address goes on as before. The buckets live in
// this process's memory, never on disk: an address that has been idle long enough to have a full
// bucket again is the same as one never seen, so those are dropped once a minute, and past
// `maxAddresses` the earliest seen go first (forgiven: the bound holds however many addresses a
// stranger uses).
// A refusal is held until a token is back (at most a second) before it is sent: a client that asks
// again at once, on every connection it has, gets no more than its rate either way, and a flood of
// refusals costs the server a timer per connection instead of thousands of answers per second.
import { setTimeout as sleep } from 'node:timers/promises'
import { clientAddress } from './client-address.ts'

/** The longest a refusal is held before it is sent. */
const MAX_HOLD_MS = 1000
/** How often buckets that have filled up again are dropped while no request comes. */
const SWEEP_MS = 60_000

/** What a refused request is told: the whole seconds to wait (Retry-After, at least 1). */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000))
}

/** Waits before a refusal is sent: until the client's next token, at most a second. */
export function holdRefusal(waitMs: number): Promise<void> {
  return sleep(Math.min(waitMs, MAX_HOLD_MS))
}

export interface AddressBudgetOptions {
  /** Requests an address gets back per minute. */
  perMinute: number
  /** Requests an address may make at once (the bucket's size). */
  burst: number
  /** Addresses kept at most (default 65,536: a few MB). */
  maxAddresses?: number
}

interface Bucket {
  tokens: number
  /** When `tokens` was counted (ms). */
  at: number
}

export class AddressBudget {
  readonly #perMs: number
  readonly #burst: number
  readonly #maxAddresses: number
  /** How long an idle bucket takes to fill up (ms): older ones are dropped. */
  readonly #fillMs: number
  /** In the order the addresses were first seen. */
  readonly #buckets = new Map<string, Bucket>()
  readonly #sweeper: NodeJS.Timeout
  #sweptAt = Number.NEGATIVE_INFINITY

  constructor(options: AddressBudgetOptions) {
    this.#perMs = options.perMinute / 60_000
    this.#burst = Math.max(1, options.burst)
    this.#maxAddresses = options.maxAddresses ?? 65_536
    this.#fillMs = this.#burst / this.#perMs
    this.#sweeper = setInterval(() => this.sweep(), SWEEP_MS)
    this.#sweeper.unref()
  }

  /** Stops dropping idle buckets once a minute (when the server closes). */
  close(): void {
    clearInterval(this.#sweeper)
  }

  /**
   * Takes one request from the address's bucket: 0 when it may go on, else the milliseconds until
   * the bucket holds one again.
   */
  take(ip: string, now = performance.now()): number {
    const address = clientAddress(ip)
    let bucket = this.#buckets.get(address)
    if (bucket === undefined) {
      if (this.#buckets.size >= this.#maxAddresses) this.#makeRoom(now)
      bucket = { tokens: this.#burst, at: now }
      this.#buckets.set(address, bucket)
    } else {
      bucket.tokens = Math.min(this.#burst, bucket.tokens + (now - bucket.at) * this.#perMs)
      bucket.at = now
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return 0
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.#perMs))
  }

  /** Addresses with a bucket now. */
  get size(): number {
    return this.#buckets.size
  }

  /** Drops the buckets that have filled up again by `now` (once a minute by itself). */
  sweep(now = performance.now()): void {
    this.#sweptAt = now
    for (const [address, bucket] of this.#buckets) {
      if (now - bucket.at >= this.#fillMs) this.#buckets.delete(address)
    }
  }

  /** Room for one more address: the idle ones go first (swept at most once a second), then the earliest seen. */
  #makeRoom(now: number): void {
    if (now - this.#sweptAt >= 1000) this.sweep(now)
    for (const address of this.#buckets.keys()) {
      if (this.#buckets.size < this.#maxAddresses) return
      this.#buckets.delete(address)
    }
  }
}
