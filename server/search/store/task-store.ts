// The task log: every write is appended here before it is acknowledged, and marked published once
// it has been applied (in the same transaction as its changes). Rows of published tasks are pruned
// after a while; a task ID at or below the last one handed out that has no row left is published.
import type { StatementSync } from 'node:sqlite'
import { type Database, transaction } from '../../db/database.ts'

export interface StoredTask {
  /** The unit's last task ID (a multi-index batch has one ID per index: firstID..id). */
  id: number
  firstID: number
  kind: string
  payload: unknown
  indexes: string[]
  createdAt: string
}

export type TaskStatus = 'published' | 'notPublished'

/** The task ID counter, shared with the index store's earlier writes. */
const LAST_TASK = 'last_task_id'
/** Published tasks kept for inspection (failed ones are kept until pruned by hand). */
const KEEP_PUBLISHED = 1000

interface TaskRow {
  id: number
  first_id: number
  kind: string
  payload: string
  indexes: string
  created_at: string
}

export class TaskStore {
  readonly #db: Database
  readonly #statements = new Map<string, StatementSync>()

  constructor(db: Database) {
    this.#db = db
  }

  #prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql)
    if (!statement) {
      statement = this.#db.prepare(sql)
      this.#statements.set(sql, statement)
    }
    return statement
  }

  transaction<T>(fn: () => T): T {
    return transaction(this.#db, fn)
  }

  lastTaskID(): number {
    const row = this.#prepare('SELECT value FROM meta WHERE key = ?').get(LAST_TASK) as
      | { value: string }
      | undefined
    return Number(row?.value ?? 0)
  }

  /** Appends a unit of `count` task IDs and commits it; returns the stored task. */
  append(kind: string, payload: unknown, indexes: string[], count: number, createdAt: string): StoredTask {
    return this.transaction(() => {
      const firstID = this.lastTaskID() + 1
      const id = firstID + Math.max(1, count) - 1
      this.#prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      ).run(LAST_TASK, String(id))
      this.#prepare(
        'INSERT INTO tasks (id, first_id, kind, payload, indexes, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(id, firstID, kind, JSON.stringify(payload), JSON.stringify(indexes), createdAt)
      return { id, firstID, kind, payload, indexes, createdAt }
    })
  }

  /** Tasks logged but not applied yet, oldest first. */
  unpublished(): StoredTask[] {
    const rows = this.#prepare(
      'SELECT id, first_id, kind, payload, indexes, created_at FROM tasks WHERE published_at IS NULL ORDER BY id',
    ).all() as unknown as TaskRow[]
    return rows.map((row) => ({
      id: row.id,
      firstID: row.first_id,
      kind: row.kind,
      payload: JSON.parse(row.payload) as unknown,
      indexes: JSON.parse(row.indexes) as string[],
      createdAt: row.created_at,
    }))
  }

  /** Marks a unit published (with the error that stopped it, if any) and prunes old rows. */
  markPublished(id: number, publishedAt: string, error?: string): void {
    this.#prepare("UPDATE tasks SET published_at = ?, error = ?, payload = '{}' WHERE id = ?").run(
      publishedAt,
      error ?? null,
      id,
    )
    this.#prepare('DELETE FROM tasks WHERE published_at IS NOT NULL AND error IS NULL AND id <= ?').run(
      id - KEEP_PUBLISHED,
    )
  }

  status(taskID: number): TaskStatus | undefined {
    if (taskID < 1 || taskID > this.lastTaskID()) return undefined
    // Units never overlap: the first unit ending at or after the ID holds it, if any row does.
    const row = this.#prepare(
      'SELECT first_id, published_at FROM tasks WHERE id >= ? ORDER BY id LIMIT 1',
    ).get(taskID) as { first_id: number; published_at: string | null } | undefined
    return row && row.first_id <= taskID && row.published_at === null ? 'notPublished' : 'published'
  }

  /** Failed tasks, newest first: what was logged, when, and why it failed. */
  failures(
    limit = 100,
  ): { id: number; kind: string; indexes: string[]; publishedAt: string; error: string }[] {
    const rows = this.#prepare(
      'SELECT id, kind, indexes, published_at, error FROM tasks WHERE error IS NOT NULL ORDER BY id DESC LIMIT ?',
    ).all(limit) as unknown as {
      id: number
      kind: string
      indexes: string
      published_at: string
      error: string
    }[]
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      indexes: JSON.parse(row.indexes) as string[],
      publishedAt: row.published_at,
      error: row.error,
    }))
  }
}
