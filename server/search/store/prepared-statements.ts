// Prepared statements, one per SQL text and database: batches run the same few statements
// thousands of times. Each store keeps its own cache.
import type { StatementSync } from 'node:sqlite'
import type { Database } from '../../db/database.ts'

export class PreparedStatements {
  readonly #db: Database
  readonly #statements = new Map<string, StatementSync>()

  constructor(db: Database) {
    this.#db = db
  }

  get(sql: string): StatementSync {
    let statement = this.#statements.get(sql)
    if (!statement) {
      statement = this.#db.prepare(sql)
      this.#statements.set(sql, statement)
    }
    return statement
  }
}
