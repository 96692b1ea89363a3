// API keys created through /1/keys, persisted in SQLite. Deleted keys are kept (soft-deleted) so
// that Algolia's restore call can bring them back.
import type { Database } from '../../db/database.ts'

export interface StoredKey {
  value: string
  acl: string[]
  description: string
  indexes: string[]
  referers: string[]
  queryParameters: string
  validity: number
  maxHitsPerQuery: number
  maxQueriesPerIPPerHour: number
  /** Unix seconds. */
  createdAt: number
}

interface KeyRow {
  value: string
  acl: string
  description: string
  indexes: string
  referers: string
  query_parameters: string
  validity: number
  max_hits_per_query: number
  max_queries_per_ip_per_hour: number
  created_at: number
}

export class KeyStore {
  readonly #db: Database

  constructor(db: Database) {
    this.#db = db
  }

  get(value: string): StoredKey | undefined {
    const row = this.#db
      .prepare('SELECT * FROM api_keys WHERE value = ? AND deleted_at IS NULL')
      .get(value) as KeyRow | undefined
    return row ? fromRow(row) : undefined
  }

  list(): StoredKey[] {
    const rows = this.#db
      .prepare('SELECT * FROM api_keys WHERE deleted_at IS NULL ORDER BY created_at, value')
      .all() as unknown as KeyRow[]
    return rows.map(fromRow)
  }

  insert(key: StoredKey): void {
    this.#db
      .prepare(
        `INSERT INTO api_keys (value, acl, description, indexes, referers, query_parameters, validity,
           max_hits_per_query, max_queries_per_ip_per_hour, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        key.value,
        JSON.stringify(key.acl),
        key.description,
        JSON.stringify(key.indexes),
        JSON.stringify(key.referers),
        key.queryParameters,
        key.validity,
        key.maxHitsPerQuery,
        key.maxQueriesPerIPPerHour,
        key.createdAt,
      )
  }

  /** Replaces a live key's permissions; false when there is no such key. */
  update(value: string, input: Omit<StoredKey, 'value' | 'createdAt'>): boolean {
    const result = this.#db
      .prepare(
        `UPDATE api_keys SET acl = ?, description = ?, indexes = ?, referers = ?, query_parameters = ?,
           validity = ?, max_hits_per_query = ?, max_queries_per_ip_per_hour = ?
         WHERE value = ? AND deleted_at IS NULL`,
      )
      .run(
        JSON.stringify(input.acl),
        input.description,
        JSON.stringify(input.indexes),
        JSON.stringify(input.referers),
        input.queryParameters,
        input.validity,
        input.maxHitsPerQuery,
        input.maxQueriesPerIPPerHour,
        value,
      )
    return result.changes > 0
  }

  /** Soft-deletes a live key; false when there is none. */
  delete(value: string, atSeconds: number): boolean {
    const result = this.#db
      .prepare('UPDATE api_keys SET deleted_at = ? WHERE value = ? AND deleted_at IS NULL')
      .run(atSeconds, value)
    return result.changes > 0
  }

  /** Brings a deleted key back; false when there is no deleted key of that value. */
  restore(value: string): boolean {
    const result = this.#db
      .prepare('UPDATE api_keys SET deleted_at = NULL WHERE value = ? AND deleted_at IS NOT NULL')
      .run(value)
    return result.changes > 0
  }
}

function fromRow(row: KeyRow): StoredKey {
  return {
    value: row.value,
    acl: JSON.parse(row.acl) as string[],
    description: row.description,
    indexes: JSON.parse(row.indexes) as string[],
    referers: JSON.parse(row.referers) as string[],
    queryParameters: row.query_parameters,
    validity: Number(row.validity),
    maxHitsPerQuery: Number(row.max_hits_per_query),
    maxQueriesPerIPPerHour: Number(row.max_queries_per_ip_per_hour),
    createdAt: Number(row.created_at),
  }
}
