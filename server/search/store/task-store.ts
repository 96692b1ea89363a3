// The task log: every write is appended here before it is acknowledged, and leaves it once it has
// been applied (in the same transaction as its changes). A task ID at or below the last one handed
// out with no row left is published; a task that failed when applied stays, published, with its
// payload and error for operators.
import { SqliteStore } from './sqlite-store.ts'

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

interface TaskRow {
  id: number
  first_id: number
  kind: string
  payload: string
  indexes: string
  created_at: string
}

export class TaskStore extends SqliteStore {
  lastTaskID(): number {
    return Number(this.getMeta(LAST_TASK) ?? 0)
  }

  /** Appends a unit of `count` task IDs and commits it; returns the stored task. */
  append(kind: string, payload: unknown, indexes: string[], count: number, createdAt: string): StoredTask {
    return this.transaction(() => {
      const firstID = this.lastTaskID() + 1
      const id = firstID + Math.max(1, count) - 1
      this.setMeta(LAST_TASK, String(id))
      this.prepare(
        'INSERT INTO tasks (id, first_id, kind, payload, indexes, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(id, firstID, kind, JSON.stringify(payload), JSON.stringify(indexes), createdAt)
      return { id, firstID, kind, payload, indexes, createdAt }
    })
  }

  /** Tasks logged but not applied yet, oldest first. */
  unpublished(): StoredTask[] {
    const rows = this.prepare(
      'SELECT id, first_id, kind, payload, indexes, created_at FROM tasks WHERE published_at IS NULL ORDER BY id',
    ).all() as unknown as TaskRow[]
    return rows.map(storedTask)
  }

  /** Unapplied tasks with an ID above `id`, oldest first (what other processes logged since). */
  unpublishedAfter(id: number): StoredTask[] {
    const rows = this.prepare(
      'SELECT id, first_id, kind, payload, indexes, created_at FROM tasks WHERE published_at IS NULL AND id > ? ORDER BY id',
    ).all(id) as unknown as TaskRow[]
    return rows.map(storedTask)
  }

  /** The highest task ID up to which every task is applied (tasks are applied in order). */
  appliedThrough(): number {
    // One statement, one snapshot: a task logged between two reads would count as applied.
    const row = this.prepare(
      `SELECT (SELECT MIN(first_id) FROM tasks WHERE published_at IS NULL) AS first,
              (SELECT value FROM meta WHERE key = '${LAST_TASK}') AS last`,
    ).get() as { first: number | null; last: string | null }
    return row.first === null ? Number(row.last ?? 0) : row.first - 1
  }

  /** Marks a unit published: an applied one leaves the log, a failed one stays with its error. */
  markPublished(id: number, publishedAt: string, error?: string): void {
    if (error === undefined) this.prepare('DELETE FROM tasks WHERE id = ?').run(id)
    else this.prepare('UPDATE tasks SET published_at = ?, error = ? WHERE id = ?').run(publishedAt, error, id)
  }

  status(taskID: number): TaskStatus | undefined {
    if (taskID < 1 || taskID > this.lastTaskID()) return undefined
    // Units never overlap: the first unit ending at or after the ID holds it, if any row does.
    const row = this.prepare(
      'SELECT first_id, published_at FROM tasks WHERE id >= ? ORDER BY id LIMIT 1',
    ).get(taskID) as { first_id: number; published_at: string | null } | undefined
    return row && row.first_id <= taskID && row.published_at === null ? 'notPublished' : 'published'
  }
}

function storedTask(row: TaskRow): StoredTask {
  return {
    id: row.id,
    firstID: row.first_id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as unknown,
    indexes: JSON.parse(row.indexes) as string[],
    createdAt: row.created_at,
  }
}
