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

/** Tags a search keeps, as Algolia's analytics keeps them: ten unique ones, of up to 100 characters. */
const MAX_TAGS = 10
const MAX_TAG_LENGTH = 100
/** The longest user token Algolia takes. */
const MAX_USER_TOKEN_LENGTH = 129
/** A search's filters are kept as sent up to this much JSON; the reports read only whether it had any. */
const MAX_FILTERS_JSON = 4096

/**
 * What the log keeps of a search, so that one search costs the log a bounded row whatever a client
 * sends (without bounds, a public key's request of 50 searches with 900 tags each added 10 MB):
 * - analyticsTags as Algolia's analytics takes them: tags over 100 characters and `alg#` tags
 *   (reserved) are ignored, and so is every unique tag after the tenth;
 * - a user token of up to 129 characters, Algolia's longest (the IP's pseudonym stands in for a
 *   longer one, as for a search without one);
 * - filters whose JSON is over 4 KB as `{ tooLong: <its length> }`.
 */
function keptOf(search: LoggedSearch): LoggedSearch {
  const tags: string[] = []
  for (const tag of search.analyticsTags) {
    if (tags.length === MAX_TAGS) break
    if (tag.length <= MAX_TAG_LENGTH && !tag.startsWith('alg#') && !tags.includes(tag)) tags.push(tag)
  }
  const kept: LoggedSearch = { ...search, analyticsTags: tags }
  if (kept.userToken !== undefined && kept.userToken.length > MAX_USER_TOKEN_LENGTH) delete kept.userToken
  if (kept.filters !== undefined) {
    const length = JSON.stringify(kept.filters).length
    if (length > MAX_FILTERS_JSON) kept.filters = { tooLong: length }
  }
  return kept
}

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

  /** Queues one search (what the log keeps of it: `keptOf`); it reaches the store within flushAfterMs. */
  record(search: LoggedSearch): void {
    if (this.#closed) return
    this.#buffer.push(keptOf(search))
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
