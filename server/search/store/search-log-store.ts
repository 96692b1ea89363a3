// The search log for analytics, in SQLite: one row per search, appended in batches, read back by
// index and time range, pruned after the retention period.
import type { StatementSync } from 'node:sqlite'
import { type Database, transaction, transactionIfFree } from '../../db/database.ts'

/** One search as analytics sees it. `filters` holds facetFilters/numericFilters/filters as sent. */
export interface LoggedSearch {
  at: number
  index: string
  query: string
  queryID?: string
  filters?: Record<string, unknown>
  nbHits: number
  /**
   * Some hit matched every query word (false: the hits came only from words made optional by
   * removeWordsIfNoResults or optionalWords). Undefined for searches recorded before it was kept.
   */
  hitsWithAllWords?: boolean
  page: number
  hitsPerPage: number
  /** objectIDs of the hits the search returned (its page). */
  hitIDs: readonly string[]
  userToken?: string
  /** A pseudonym of the client's IP address (users without a token). */
  clientIP?: string
  analyticsTags: string[]
}

interface Row {
  at: number
  index_name: string
  query: string
  query_id: string | null
  filters: string | null
  nb_hits: number
  hits_with_all_words: number | null
  page: number
  hits_per_page: number
  hit_ids: string
  user_token: string | null
  client_ip: string | null
  analytics_tags: string
}

const COLUMNS =
  'at, index_name, query, query_id, filters, nb_hits, hits_with_all_words, page, hits_per_page, hit_ids, user_token, client_ip, analytics_tags'

function fromRow(row: Row): LoggedSearch {
  return {
    at: row.at,
    index: row.index_name,
    query: row.query,
    ...(row.query_id !== null ? { queryID: row.query_id } : {}),
    ...(row.filters !== null ? { filters: JSON.parse(row.filters) as Record<string, unknown> } : {}),
    nbHits: row.nb_hits,
    ...(row.hits_with_all_words !== null ? { hitsWithAllWords: row.hits_with_all_words === 1 } : {}),
    page: row.page,
    hitsPerPage: row.hits_per_page,
    hitIDs: JSON.parse(row.hit_ids) as string[],
    ...(row.user_token !== null ? { userToken: row.user_token } : {}),
    ...(row.client_ip !== null ? { clientIP: row.client_ip } : {}),
    analyticsTags: JSON.parse(row.analytics_tags) as string[],
  }
}

/** What a write stored: `refused` searches were left out because the table could not hold them. */
export interface Appended {
  refused: number
}

/** SQLite's primary result code for a refused row (NOT NULL, type, CHECK, …), beneath the extended code. */
const SQLITE_CONSTRAINT = 19

function isConstraintError(error: unknown): boolean {
  const code = (error as { errcode?: unknown }).errcode
  return typeof code === 'number' && (code & 0xff) === SQLITE_CONSTRAINT
}

/**
 * The hits' objectIDs as the log stores them. A search answered again from a kept answer records
 * the same array each time: written out once.
 */
const hitIDsWritten = new WeakMap<readonly string[], string>()
function hitIDsJson(hitIDs: readonly string[]): string {
  let json = hitIDsWritten.get(hitIDs)
  if (json === undefined) {
    json = JSON.stringify(hitIDs)
    hitIDsWritten.set(hitIDs, json)
  }
  return json
}

export class SearchLogStore {
  readonly #db: Database
  /** The insert of a batch's rows, prepared at the first batch. */
  #inserting: StatementSync | undefined

  constructor(db: Database) {
    this.#db = db
  }

  /**
   * Appends searches in one transaction (a repeated queryID is ignored: the first one stands). A
   * search the table refuses (a value its columns cannot hold) is left out and counted; the
   * others are written.
   */
  append(searches: LoggedSearch[]): Appended {
    if (searches.length === 0) return { refused: 0 }
    return transaction(this.#db, () => this.#insert(searches))
  }

  /**
   * Appends searches as `append` does if the database's write lock is free now; undefined (nothing
   * written) when another process is writing.
   */
  appendIfFree(searches: LoggedSearch[]): Appended | undefined {
    if (searches.length === 0) return { refused: 0 }
    return transactionIfFree(this.#db, () => this.#insert(searches))?.value
  }

  #insert(searches: LoggedSearch[]): Appended {
    this.#inserting ??= this.#db.prepare(
      `INSERT OR IGNORE INTO analytics_searches (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    const insert = this.#inserting
    let refused = 0
    for (const s of searches) {
      try {
        insert.run(
          s.at,
          s.index,
          s.query,
          s.queryID ?? null,
          s.filters ? JSON.stringify(s.filters) : null,
          s.nbHits,
          s.hitsWithAllWords === undefined ? null : s.hitsWithAllWords ? 1 : 0,
          s.page,
          s.hitsPerPage,
          hitIDsJson(s.hitIDs),
          s.userToken ?? null,
          s.clientIP ?? null,
          JSON.stringify(s.analyticsTags),
        )
      } catch (error) {
        // A refused row ends only its own statement: the transaction and the other rows go on.
        // One search the table cannot hold would otherwise cost every search of its batch.
        if (!isConstraintError(error)) throw error
        refused++
      }
    }
    return { refused }
  }

  /**
   * Searches of an index with from ≤ at < to (milliseconds), oldest first. The hits' objectIDs are
   * the bulk of a row: they are read only when asked for (`hitIDs` is empty otherwise).
   */
  list(index: string, from: number, to: number, options: { hits?: boolean } = {}): LoggedSearch[] {
    const columns = options.hits ? COLUMNS : COLUMNS.replace('hit_ids', "'[]' AS hit_ids")
    const rows = this.#db
      .prepare(
        `SELECT ${columns} FROM analytics_searches WHERE index_name = ? AND at >= ? AND at < ? ORDER BY at, id`,
      )
      .all(index, from, to) as unknown as Row[]
    return rows.map(fromRow)
  }

  /** The search that answered with this queryID, if it is still kept. */
  byQueryID(queryID: string): LoggedSearch | undefined {
    const row = this.#db
      .prepare(`SELECT ${COLUMNS} FROM analytics_searches WHERE query_id = ?`)
      .get(queryID) as unknown as Row | undefined
    return row ? fromRow(row) : undefined
  }

  /** Time of the newest search logged (any index), for the status report. */
  latest(index: string): number | undefined {
    const row = this.#db
      .prepare('SELECT MAX(at) AS at FROM analytics_searches WHERE index_name = ?')
      .get(index) as { at: number | null }
    return row.at ?? undefined
  }

  /** Deletes searches older than `before`; returns how many. */
  prune(before: number): number {
    return Number(this.#db.prepare('DELETE FROM analytics_searches WHERE at < ?').run(before).changes)
  }
}
