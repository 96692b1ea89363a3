// One SQLite database per DATA_DIR, opened in WAL mode; schema migrations keyed by user_version.
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'

// Append only: each entry runs once, in order, on every existing database.
const migrations: string[] = [
  `CREATE TABLE indexes (
     name TEXT PRIMARY KEY,
     settings TEXT NOT NULL DEFAULT '{}',
     synonyms TEXT NOT NULL DEFAULT '[]',
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   ) STRICT;
   CREATE TABLE records (
     index_name TEXT NOT NULL REFERENCES indexes(name) ON DELETE CASCADE ON UPDATE CASCADE,
     object_id TEXT NOT NULL,
     body TEXT NOT NULL,
     PRIMARY KEY (index_name, object_id)
   ) STRICT, WITHOUT ROWID;
   CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;`,
  // Search service: API keys created through POST /1/keys (soft-deleted so they can be restored),
  // and insights events from POST /1/events (the recommendation models read them).
  `CREATE TABLE api_keys (
     value TEXT PRIMARY KEY,
     acl TEXT NOT NULL,
     description TEXT NOT NULL DEFAULT '',
     indexes TEXT NOT NULL DEFAULT '[]',
     referers TEXT NOT NULL DEFAULT '[]',
     query_parameters TEXT NOT NULL DEFAULT '',
     validity INTEGER NOT NULL DEFAULT 0,
     max_hits_per_query INTEGER NOT NULL DEFAULT 0,
     max_queries_per_ip_per_hour INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     deleted_at INTEGER
   ) STRICT;
   CREATE TABLE insights_events (
     id INTEGER PRIMARY KEY,
     received_at INTEGER NOT NULL,
     timestamp INTEGER NOT NULL,
     event_type TEXT NOT NULL,
     event_subtype TEXT,
     event_name TEXT NOT NULL,
     index_name TEXT NOT NULL,
     user_token TEXT NOT NULL,
     authenticated_user_token TEXT,
     query_id TEXT,
     object_ids TEXT NOT NULL DEFAULT '[]',
     positions TEXT,
     filters TEXT,
     body TEXT NOT NULL
   ) STRICT;
   CREATE INDEX insights_events_by_index_time ON insights_events (index_name, timestamp);`,
  // Query rules of each index, kept beside its synonyms (a move or drop carries them along).
  `ALTER TABLE indexes ADD COLUMN rules TEXT NOT NULL DEFAULT '[]';`,
  // Search service: the task log. A write is appended here (one row per unit: task IDs
  // first_id..id) and acknowledged; it is applied later, in order, and then marked published.
  `CREATE TABLE tasks (
     id INTEGER PRIMARY KEY,
     first_id INTEGER NOT NULL,
     kind TEXT NOT NULL,
     payload TEXT NOT NULL,
     indexes TEXT NOT NULL,
     created_at TEXT NOT NULL,
     published_at TEXT,
     error TEXT
   ) STRICT;
   CREATE INDEX tasks_unpublished ON tasks (id) WHERE published_at IS NULL;`,
  // Search analytics: every search (append-only, pruned after the retention period), with the
  // queryID of those asked with clickAnalytics so clicks join to their search.
  `CREATE TABLE analytics_searches (
     id INTEGER PRIMARY KEY,
     at INTEGER NOT NULL,
     index_name TEXT NOT NULL,
     query TEXT NOT NULL,
     query_id TEXT,
     filters TEXT,
     nb_hits INTEGER NOT NULL,
     page INTEGER NOT NULL,
     hits_per_page INTEGER NOT NULL,
     hit_ids TEXT NOT NULL DEFAULT '[]',
     user_token TEXT,
     client_ip TEXT,
     analytics_tags TEXT NOT NULL DEFAULT '[]'
   ) STRICT;
   CREATE INDEX analytics_searches_by_index_time ON analytics_searches (index_name, at);
   CREATE UNIQUE INDEX analytics_searches_by_query_id ON analytics_searches (query_id) WHERE query_id IS NOT NULL;`,
  // Whether a search found hits with all its words, not only after words were dropped
  // (removeWordsIfNoResults, optionalWords): query suggestions count only those. NULL: recorded before.
  `ALTER TABLE analytics_searches ADD COLUMN hits_with_all_words INTEGER;`,
  // The pseudonym of the address an insights event came from (as analytics_searches.client_ip):
  // trending counts each address once, however many user tokens it sends. NULL: stored before.
  `ALTER TABLE insights_events ADD COLUMN client_ip TEXT;`,
]

export type Database = DatabaseSync

/** How long a write waits for another process's write lock before it fails. */
const BUSY_TIMEOUT_MS = 5000

/** Pages of write-ahead log after which a commit folds it into the database file. */
const WAL_CHECKPOINT_PAGES = 100

export function databaseFile(dataDir: string): string {
  return join(dataDir, 'bahnhofsfinder.sqlite')
}

export interface OpenOptions {
  /**
   * Pages of write-ahead log after which a commit folds it into the database file (default
   * WAL_CHECKPOINT_PAGES). A process whose log another process folds in regularly
   * (wal-checkpoints.ts) sets a higher one, as the fallback should that process fall behind.
   */
  checkpointPages?: number
}

export function openDatabase(dataDir: string, options: OpenOptions = {}): Database {
  mkdirSync(dataDir, { recursive: true })
  const file = databaseFile(dataDir)
  ownerOnly(file)
  const db = new DatabaseSync(file)
  db.exec(
    `PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};`,
  )
  // SQLite folds the log into the database file inside whichever commit takes it past this many
  // pages, on the event loop. At its default (1,000 pages, ~4 MB) that commit took 8–10 ms
  // (measured with the search log's batches of 500 rows, p99 over 400 batches); at 100 pages the
  // worst commit takes ~2 ms, for ~10 % more writing time in all. A thread of its own that
  // checkpoints instead was measured too: it costs ~20 MB of memory per process. Under the
  // supervisor, the supervisor folds the log in every 100 ms (wal-checkpoints.ts), and a serving
  // process's own limit is only the fallback.
  db.exec(`PRAGMA wal_autocheckpoint = ${options.checkpointPages ?? WAL_CHECKPOINT_PAGES}`)
  migrate(db)
  return db
}

/**
 * The database holds the values of API keys and the search log: readable by its owner only, like
 * credentials.json. SQLite makes its files 0644 (less the umask) and the log and shared-memory
 * files with the database file's mode, so the database file is made 0600 before SQLite opens it
 * (an empty file is an empty database), and files an earlier version made are narrowed too.
 */
function ownerOnly(file: string): void {
  closeSync(openSync(file, 'a', 0o600))
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600)
    } catch (error) {
      // No log or shared memory yet; or a file another user owns, which is theirs to narrow.
      const code = (error as { code?: string }).code
      if (code !== 'ENOENT' && code !== 'EPERM') throw error
    }
  }
}

/**
 * Folds the write-ahead log into the database file, then closes: SQLite does that by itself only
 * when the last connection closes, and several processes may close theirs at the same moment.
 */
export function closeDatabase(db: Database): void {
  try {
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  } finally {
    db.close()
  }
}

function migrate(db: Database): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number }
  for (let version = row.user_version; version < migrations.length; version++) {
    transaction(db, () => {
      db.exec(migrations[version]!)
      db.exec(`PRAGMA user_version = ${version + 1}`)
    })
  }
}

/** SQLite's answer when another connection holds the write lock. */
const SQLITE_BUSY = 5

/**
 * Runs fn in one transaction if the write lock is free now, and answers `undefined` without
 * running it if another process holds the lock. `transaction` waits for the lock instead, and
 * SQLite waits by sleeping in steps of up to 100 ms: on the event loop, for a background write
 * that can as well be tried again later, that sleep stalls every request the process holds.
 */
export function transactionIfFree<T>(db: Database, fn: () => T): { value: T } | undefined {
  if (db.isTransaction) return { value: transaction(db, fn) }
  db.exec('PRAGMA busy_timeout = 0')
  try {
    db.exec('BEGIN IMMEDIATE')
  } catch (error) {
    if ((error as { errcode?: number }).errcode === SQLITE_BUSY) return undefined
    throw error
  } finally {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
  }
  try {
    const value = fn()
    db.exec('COMMIT')
    return { value }
  } catch (error) {
    db.exec('ROLLBACK')
    throw error
  }
}

/** Runs fn in one transaction (nested calls join the outer one via a savepoint). */
export function transaction<T>(db: Database, fn: () => T): T {
  const nested = db.isTransaction
  const savepoint = `sp_${Math.random().toString(36).slice(2)}`
  db.exec(nested ? `SAVEPOINT ${savepoint}` : 'BEGIN IMMEDIATE')
  try {
    const result = fn()
    db.exec(nested ? `RELEASE ${savepoint}` : 'COMMIT')
    return result
  } catch (error) {
    db.exec(nested ? `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}` : 'ROLLBACK')
    throw error
  }
}
