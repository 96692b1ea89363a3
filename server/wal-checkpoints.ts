// The database's write-ahead log folded into the database file by the supervisor (workers.ts),
// not by the serving processes' commits. A checkpoint syncs the log and the file to disk, and
// whichever commit takes the log past its limit does it on its own event loop: timed alone, ~40 %
// of what writing a search to the log cost (7.3 µs per search with those syncs, 4.3 without). The
// supervisor answers no request, so it waits for the disk instead. The serving processes keep a
// higher limit of their own, for the case that this falls behind.
import { closeDatabase, type Database, openDatabase } from './db/database.ts'

/** How often the supervisor folds the log in: ~40 pages of log at the search log's busiest. */
const CHECKPOINT_EVERY_MS = 100

/** The limit of a serving process whose log the supervisor folds in: reached only if it does not. */
export const FALLBACK_CHECKPOINT_PAGES = 1000

const REPORT_EVERY_MS = 60_000

export class WalCheckpoints {
  readonly #dataDir: string
  readonly #onError: (error: unknown) => void
  #db: Database | undefined
  #timer: NodeJS.Timeout | undefined
  /** When a failure was last reported: one that goes on is reported once a minute, not ten times a second. */
  #reportedAt = Number.NEGATIVE_INFINITY

  constructor(dataDir: string, onError: (error: unknown) => void) {
    this.#dataDir = dataDir
    this.#onError = onError
  }

  /** From now on (call it once the database is migrated: the writer process is ready). */
  start(everyMs = CHECKPOINT_EVERY_MS): void {
    if (this.#timer) return
    this.#timer = setInterval(() => this.checkpoint(), everyMs)
    this.#timer.unref()
  }

  /** Folds in what no reader still needs now, without waiting for any (PASSIVE). */
  checkpoint(): void {
    try {
      this.#db ??= openDatabase(this.#dataDir)
      this.#db.exec('PRAGMA wal_checkpoint(PASSIVE)')
      this.#reportedAt = Number.NEGATIVE_INFINITY
    } catch (error) {
      const now = Date.now()
      if (now - this.#reportedAt < REPORT_EVERY_MS) return
      this.#reportedAt = now
      this.#onError(error)
    }
  }

  stop(): void {
    clearInterval(this.#timer)
    this.#timer = undefined
    const db = this.#db
    this.#db = undefined
    if (db) closeDatabase(db)
  }
}
