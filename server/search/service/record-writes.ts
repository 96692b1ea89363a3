// Record writes: batches of add/update/partial-update/delete (one index or several), clear and
// delete-by-query, as they are applied (one task each, see task-queue.ts). A batch is one
// transaction; the engines of an index and of its replicas get each index's changes in one
// incremental call at the end (or before a clear): only the changed records, never a rebuild.
import { randomUUID } from 'node:crypto'
import type { SearchParams, SearchRecord } from '../../../search-core/index.ts'
import { DomainError } from '../../../search-core/index.ts'
import type { IndexRegistry } from './index-registry.ts'
import { applyPartialUpdate, checkPartialUpdate } from './partial-update.ts'
import { checkRecord } from './record-limits.ts'
import type { ReplicaTopology } from './replica-topology.ts'

export type BatchAction =
  | 'addObject'
  | 'updateObject'
  | 'partialUpdateObject'
  | 'partialUpdateObjectNoCreate'
  | 'deleteObject'
  | 'delete'
  | 'clear'

export interface BatchOperation {
  action: BatchAction
  indexName: string
  body: Record<string, unknown>
}

/** Gives each addObject without an objectID a new one, so the task applies the same IDs it answered. */
export function withObjectIDs(operations: BatchOperation[]): BatchOperation[] {
  return operations.map((op) =>
    op.action === 'addObject' && op.body.objectID === undefined
      ? { ...op, body: { ...op.body, objectID: randomUUID() } }
      : op,
  )
}

/** The objectIDs a batch answers with: one per record operation, in order. */
export function batchObjectIDs(operations: BatchOperation[]): string[] {
  return operations
    .filter((op) => op.action !== 'clear' && op.action !== 'delete')
    .map((op) => String(op.body.objectID))
}

export class RecordWrites {
  readonly #registry: IndexRegistry
  readonly #replicas: ReplicaTopology

  constructor(registry: IndexRegistry, replicas: ReplicaTopology) {
    this.#registry = registry
    this.#replicas = replicas
  }

  /**
   * What can be refused before a batch is logged (checked again when it is applied): replicas,
   * empty objectIDs, unknown built-in operations, records over a limit (record-limits.ts).
   */
  checkBatch(operations: BatchOperation[]): void {
    for (const name of new Set(operations.map((op) => op.indexName))) {
      this.#replicas.refuseReplica(name, 'the batch operation')
    }
    operations.forEach((op, position) => {
      if (op.body.objectID === '') throw new DomainError('invalid', 'objectID must not be empty')
      if (op.action === 'clear' || op.action === 'delete' || op.action === 'deleteObject') return
      checkRecord(op.body, position)
      if (op.action === 'partialUpdateObject' || op.action === 'partialUpdateObjectNoCreate') {
        checkPartialUpdate(op.body)
      }
    })
  }

  /**
   * Before a batch is acknowledged: a partial update must also leave the record, as published now,
   * within the limits. (Not checked again when applied: a write queued before it may have grown the
   * record, and an acknowledged update is applied all the same.)
   */
  checkAgainstPublished(operations: BatchOperation[]): void {
    const { store } = this.#registry
    operations.forEach((op, position) => {
      if (op.action !== 'partialUpdateObject' && op.action !== 'partialUpdateObjectNoCreate') return
      const objectID = String(op.body.objectID)
      const updated = applyPartialUpdate(objectID, store.getRecord(op.indexName, objectID), op.body)
      if (updated) checkRecord(updated, position)
    })
  }

  /** Applies record operations (one index or several; objectIDs assigned) in one transaction. */
  batch(operations: BatchOperation[]): void {
    const registry = this.#registry
    const { store } = registry
    const names = [...new Set(operations.map((op) => op.indexName))]
    this.checkBatch(operations)
    registry.write(names, () => {
      let pending = new Pending()
      // `delete` (drop the index) takes effect at the end unless a later operation writes to it.
      const dropped = new Set<string>()
      const flush = (): void => {
        for (const [name, changes] of pending.byIndex) this.#applyToEngines(name, changes)
        pending = new Pending()
      }
      for (const op of operations) {
        const name = op.indexName
        const body = op.body
        dropped.delete(name)
        if (op.action === 'clear' || op.action === 'delete') {
          flush()
          if (!store.getIndex(name)) continue
          store.clearRecords(name)
          for (const engine of registry.family(name)) engine.clear()
          if (op.action === 'delete') dropped.add(name)
          continue
        }
        const objectID = String(body.objectID)
        if (op.action === 'deleteObject') {
          // As on Algolia, deleting from an index that does not exist succeeds and creates nothing.
          if (!store.getIndex(name)) continue
          store.deleteRecords(name, [objectID])
          pending.set(name, objectID, null)
          continue
        }
        let record: SearchRecord | undefined = { ...body, objectID }
        if (op.action === 'partialUpdateObject' || op.action === 'partialUpdateObjectNoCreate') {
          const existing = store.getRecord(name, objectID)
          if (!existing && op.action === 'partialUpdateObjectNoCreate') continue
          record = applyPartialUpdate(objectID, existing, body)
          if (!record) continue
        }
        store.putRecords(name, [record])
        pending.set(name, objectID, record)
      }
      flush()
      for (const name of dropped) {
        if (this.#replicas.replicasOf(name).length > 0) continue
        store.dropIndex(name)
        registry.forget(name)
      }
    })
  }

  clearObjects(name: string): void {
    this.batch([{ action: 'clear', indexName: name, body: {} }])
  }

  /** Deletes what matches when the task is applied (an index gone by then has nothing to delete). */
  deleteBy(name: string, params: SearchParams): void {
    const ids = this.#registry.find(name)?.matchingObjectIDs(params) ?? []
    if (ids.length === 0) return
    this.batch(ids.map((objectID) => ({ action: 'deleteObject', indexName: name, body: { objectID } })))
  }

  #applyToEngines(name: string, changes: Map<string, SearchRecord | null>): void {
    const saved = [...changes.values()].filter((record): record is SearchRecord => record !== null)
    const removed = [...changes].filter(([, record]) => record === null).map(([id]) => id)
    for (const engine of this.#registry.family(name)) {
      if (removed.length > 0) engine.remove(removed)
      if (saved.length > 0) engine.save(saved)
    }
  }
}

/** Record changes of a batch, last write per objectID wins, applied to the engines in one call. */
class Pending {
  readonly byIndex = new Map<string, Map<string, SearchRecord | null>>()

  set(index: string, objectID: string, record: SearchRecord | null): void {
    const changes = this.byIndex.get(index) ?? new Map<string, SearchRecord | null>()
    this.byIndex.set(index, changes)
    changes.delete(objectID)
    changes.set(objectID, record)
  }
}
