// Records every search for analytics without slowing the search path: a search is pushed onto an
// in-memory buffer, written to the store in one transaction every 50 ms or at 100 searches, and
// on shutdown. Soon enough that a logged search dies young: kept 250 ms (at 500 searches), each
// survived two young-generation collections and was copied into the old generation, whose
// collections (6–12 ms each, every few seconds under load) were the searches' tail (as you type
// on two cores: p99 14.3–17.9 → 11.9–16.5 ms, throughput −2 %). Searches older than the
// retention period (90 days) are pruned on a schedule. Every serving process writes its own
// searches to the one database: a background write that finds another process holding the write
// lock does not wait for it (SQLite waits by sleeping on the event loop, up to 25 ms at a time,
// and every request the process held waited too) but tries again at the next interval. A client's IP address is recorded only as
// a keyed hash whose key changes at every start: equal within a run (in every process of it, which
// share the key), never stored readable.
import { createHmac, randomBytes } from 'node:crypto'
import type { Appended, LoggedSearch, SearchLogStore } from '../store/search-log-store.ts'

export type { LoggedSearch } from '../store/search-log-store.ts'

export const RETENTION_DAYS = 90
const DAY_MS = 24 * 60 * 60 * 1000

export interface SearchRecorderOptions {
  flushAfterMs?: number
  flushAtSize?: number
  retentionDays?: number
  /** Failures of a background flush are reported, never thrown into a search. */
  onError?: (error: unknown) => void
  /** The key of IP pseudonyms (random per start; processes serving together pass the same one). */
  ipKey?: Uint8Array
}

/** Queued batches after which a background write waits for the database rather than retry. */
const BACKLOG_BATCHES = 10

/** Pseudonyms of the addresses seen lately, kept to hash each address once. */
const PSEUDONYMS_KEPT = 10_000

export class SearchRecorder {
  readonly #pseudonyms = new Map<string, string>()
  readonly #store: SearchLogStore
  readonly #flushAfterMs: number
  readonly #flushAtSize: number
  readonly #retentionMs: number
  readonly #onError: (error: unknown) => void
  #buffer: LoggedSearch[] = []
  #timer: NodeJS.Timeout | undefined
  #closed = false
  #busyRetries = 0
  readonly #ipKey: Uint8Array

  constructor(store: SearchLogStore, options: SearchRecorderOptions = {}) {
    this.#store = store
    this.#flushAfterMs = options.flushAfterMs ?? 50
    this.#flushAtSize = options.flushAtSize ?? 100
    this.#retentionMs = (options.retentionDays ?? RETENTION_DAYS) * DAY_MS
    this.#onError = options.onError ?? (() => {})
    this.#ipKey = options.ipKey ?? randomBytes(32)
  }

  /** The pseudonym of a client's IP address: the same within a run, not reversible. */
  pseudonym(ip: string): string {
    // A client sends many searches: each address is hashed once while it is among the recent ones.
    let hashed = this.#pseudonyms.get(ip)
    if (hashed === undefined) {
      hashed = createHmac('sha256', this.#ipKey).update(ip).digest('hex').slice(0, 16)
      if (this.#pseudonyms.size >= PSEUDONYMS_KEPT) this.#pseudonyms.clear()
      this.#pseudonyms.set(ip, hashed)
    }
    return hashed
  }

  /** Queues one search; it reaches the store within flushAfterMs. */
  record(search: LoggedSearch): void {
    if (this.#closed) return
    this.#buffer.push(search)
    if (this.#buffer.length === this.#flushAtSize) {
      // After the current request's answer, not inside it.
      setImmediate(() => this.#flushInBackground())
    } else if (!this.#timer) {
      this.#timer = setTimeout(() => this.#flushInBackground(), this.#flushAfterMs)
      this.#timer.unref()
    }
  }

  /** Writes what is queued now (readers call it first, so a report includes the latest searches). */
  flush(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = undefined
    if (this.#buffer.length === 0) return
    const batch = this.#buffer
    this.#buffer = []
    this.#reportRefused(this.#store.append(batch))
  }

  /** A search the log could not hold was left out of its batch (the others were written): said once per batch. */
  #reportRefused({ refused }: Appended): void {
    if (refused > 0)
      this.#onError(new Error(`${refused} search(es) left out of the analytics log: a value it cannot hold`))
  }

  /**
   * Writes what is queued if the database is free now; otherwise keeps it and tries again after
   * flushAfterMs. A backlog of many batches is written even if that means waiting for the lock.
   */
  #flushIfFree(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = undefined
    if (this.#buffer.length === 0) return
    if (this.#buffer.length >= this.#flushAtSize * BACKLOG_BATCHES) {
      this.flush()
      return
    }
    const written = this.#store.appendIfFree(this.#buffer)
    if (written !== undefined) {
      this.#buffer = []
      this.#reportRefused(written)
      return
    }
    this.#busyRetries++
    this.#timer = setTimeout(() => this.#flushInBackground(), this.#flushAfterMs)
    this.#timer.unref()
  }

  /** How many background writes found the database busy and were tried again later. */
  get busyRetries(): number {
    return this.#busyRetries
  }

  /** Deletes searches past the retention period; returns how many. */
  prune(now = Date.now()): number {
    return this.#store.prune(now - this.#retentionMs)
  }

  /** Flushes and stops taking searches (on shutdown, before the database closes). */
  close(): void {
    this.flush()
    this.#closed = true
  }

  #flushInBackground(): void {
    try {
      this.#flushIfFree()
    } catch (error) {
      this.#onError(error)
    }
  }
}
