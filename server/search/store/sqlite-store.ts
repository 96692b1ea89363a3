// What the search and task stores share: their database, one prepared statement per SQL text
// (batches run the same few statements thousands of times), transactions and the meta table.
import type { StatementSync } from 'node:sqlite'
import { type Database, transaction } from '../../db/database.ts'

export abstract class SqliteStore {
  protected readonly db: Database
  readonly #statements = new Map<string, StatementSync>()

  constructor(db: Database) {
    this.db = db
  }

  /** The cached statement for this SQL text (not for iterations that may be open twice at once). */
  protected prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql)
    if (!statement) {
      statement = this.db.prepare(sql)
      this.#statements.set(sql, statement)
    }
    return statement
  }

  transaction<T>(fn: () => T): T {
    return transaction(this.db, fn)
  }

  getMeta(key: string): string | undefined {
    const row = this.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined
    return row?.value
  }

  setMeta(key: string, value: string): void {
    this.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    ).run(key, value)
  }
}
