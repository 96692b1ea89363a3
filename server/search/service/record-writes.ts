// Record writes: batches of add/update/partial-update/delete (one index or several), clear and
// delete-by-query. A batch is one transaction and one task per index; the engines of an index and
// of its replicas get each index's changes in one call at the end (or before a clear).
import { randomUUID } from 'node:crypto'
import type { SearchParams, SearchRecord } from '../engine/types.ts'
import { type IndexRegistry, now, type WriteResult } from './index-registry.ts'
import { applyPartialUpdate } from './partial-update.ts'
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

export interface BatchResult {
  taskIDs: Map<string, number>
  objectIDs: string[]
  at: string
}

export class RecordWrites {
  readonly #registry: IndexRegistry
  readonly #replicas: ReplicaTopology

  constructor(registry: IndexRegistry, replicas: ReplicaTopology) {
    this.#registry = registry
    this.#replicas = replicas
  }

  /** Applies record operations (one index or several) in one transaction; one task per index. */
  batch(operations: BatchOperation[]): BatchResult {
    const registry = this.#registry
    const { store } = registry
    const names = [...new Set(operations.map((op) => op.indexName))]
    for (const name of names) this.#replicas.refuseReplica(name, 'the batch operation')
    return registry.write(names, () => {
      const taskIDs = new Map(names.map((name) => [name, registry.nextTask()] as const))
      const objectIDs: string[] = []
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
        const objectID =
          op.action === 'addObject' && body.objectID === undefined ? randomUUID() : String(body.objectID)
        objectIDs.push(objectID)
        if (op.action === 'deleteObject') {
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
      return { taskIDs, objectIDs, at: now() }
    })
  }

  clearObjects(name: string): WriteResult {
    this.#registry.requireIndex(name)
    const { taskIDs, at } = this.batch([{ action: 'clear', indexName: name, body: {} }])
    return { taskID: taskIDs.get(name)!, at }
  }

  deleteBy(name: string, params: SearchParams): WriteResult {
    const ids = this.#registry.engine(name).matchingObjectIDs(params)
    if (ids.length === 0) return this.#registry.emptyWrite(name)
    const { taskIDs, at } = this.batch(
      ids.map((objectID) => ({ action: 'deleteObject', indexName: name, body: { objectID } })),
    )
    return { taskID: taskIDs.get(name)!, at }
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
