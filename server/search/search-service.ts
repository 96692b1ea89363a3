// The search service: one engine index in memory per stored index, built from the store at load()
// and kept in step with it. Every write runs in one SQLite transaction that also applies the change
// to the engine; if the engine throws, the transaction rolls back and the touched engine indexes are
// rebuilt from the store, so the two never drift apart. Replicas share their primary's records: the
// store keeps them once, and every primary write is applied to the replicas' engines too.
import { randomUUID } from 'node:crypto'
import { SearchIndex } from './engine/search-index.ts'
import type {
  FacetSearchResult,
  IndexSettings,
  SearchIndexApi,
  SearchParams,
  SearchRecord,
  SearchResult,
  Synonym,
} from './engine/types.ts'
import { AlgoliaError, badRequest, indexNotFound } from './protocol/algolia-error.ts'
import { applyPartialUpdate } from './protocol/partial-update.ts'
import { replicaNames } from './store/replicas.ts'
import type { SearchStore, StoredIndex } from './store/search-store.ts'

export type IndexFactory = (settings: IndexSettings) => SearchIndexApi

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

export interface WriteResult {
  taskID: number
  at: string
}

const LAST_TASK = 'last_task_id'

export class SearchService {
  readonly store: SearchStore
  readonly #factory: IndexFactory
  readonly #engines = new Map<string, SearchIndexApi>()
  #ready = false

  constructor(store: SearchStore, factory: IndexFactory = (settings) => new SearchIndex(settings)) {
    this.store = store
    this.#factory = factory
  }

  get ready(): boolean {
    return this.#ready
  }

  /** Builds every index from the store (primaries first: replicas take their records). */
  async load(): Promise<void> {
    this.#engines.clear()
    const indexes = this.store.listIndexes()
    for (const index of indexes) if (!index.settings.primary) this.#build(index.name)
    for (const index of indexes) if (index.settings.primary) this.#build(index.name)
    this.#ready = true
  }

  hasIndex(name: string): boolean {
    return this.store.getIndex(name) !== undefined
  }

  getIndex(name: string): StoredIndex | undefined {
    return this.store.getIndex(name)
  }

  /** Every index with `entries` as a client sees them (a replica holds its primary's records). */
  listIndexes(): StoredIndex[] {
    const indexes = this.store.listIndexes()
    const counts = new Map(indexes.map((index) => [index.name, index.entries]))
    return indexes.map((index) =>
      index.settings.primary ? { ...index, entries: counts.get(index.settings.primary) ?? 0 } : index,
    )
  }

  settings(name: string): IndexSettings {
    const index = this.store.getIndex(name)
    if (!index) throw indexNotFound()
    return index.settings
  }

  getObject(index: string, objectID: string): SearchRecord | undefined {
    const engine = this.#engines.get(index)
    return engine ? engine.get(objectID) : this.store.getRecord(this.#recordsOf(index), objectID)
  }

  search(index: string, params: SearchParams): SearchResult {
    return this.#engine(index).search(params)
  }

  searchForFacetValues(
    index: string,
    facet: string,
    facetQuery: string,
    params: SearchParams & { maxFacetHits?: number },
  ): FacetSearchResult {
    return this.#engine(index).searchForFacetValues(facet, facetQuery, params)
  }

  matchingObjectIDs(index: string, params: SearchParams): string[] {
    return this.#engine(index).matchingObjectIDs(params)
  }

  lastTaskID(): number {
    return Number(this.store.getMeta(LAST_TASK) ?? 0)
  }

  // ---- writes -------------------------------------------------------------------------------

  /** Applies record operations (one index or several) in one transaction; one task per index. */
  batch(operations: BatchOperation[]): { taskIDs: Map<string, number>; objectIDs: string[]; at: string } {
    const names = [...new Set(operations.map((op) => op.indexName))]
    for (const name of names) this.#refuseReplica(name, 'the batch operation')
    return this.#write(names, () => {
      const taskIDs = new Map(names.map((name) => [name, this.#nextTask()] as const))
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
          if (!this.store.getIndex(name)) continue
          this.store.clearRecords(name)
          for (const engine of this.#family(name)) engine.clear()
          if (op.action === 'delete') dropped.add(name)
          continue
        }
        const objectID =
          op.action === 'addObject' && body.objectID === undefined ? randomUUID() : String(body.objectID)
        objectIDs.push(objectID)
        if (op.action === 'deleteObject') {
          this.store.deleteRecords(name, [objectID])
          pending.set(name, objectID, null)
          continue
        }
        let record: SearchRecord | undefined = { ...body, objectID }
        if (op.action === 'partialUpdateObject' || op.action === 'partialUpdateObjectNoCreate') {
          const existing = this.store.getRecord(name, objectID)
          if (!existing && op.action === 'partialUpdateObjectNoCreate') continue
          record = applyPartialUpdate(objectID, existing, body)
          if (!record) continue
        }
        this.store.putRecords(name, [record])
        pending.set(name, objectID, record)
      }
      flush()
      for (const name of dropped) {
        if (replicaNames(this.store.getIndex(name)?.settings.replicas).length > 0) continue
        this.store.dropIndex(name)
        this.#engines.delete(name)
      }
      return { taskIDs, objectIDs, at: now() }
    })
  }

  clearObjects(name: string): WriteResult {
    this.#requireIndex(name)
    const { taskIDs, at } = this.batch([{ action: 'clear', indexName: name, body: {} }])
    return { taskID: taskIDs.get(name)!, at }
  }

  deleteBy(name: string, params: SearchParams): WriteResult {
    const ids = this.matchingObjectIDs(name, params)
    if (ids.length === 0) return this.#write([name], () => ({ taskID: this.#nextTask(), at: now() }))
    const { taskIDs, at } = this.batch(
      ids.map((objectID) => ({ action: 'deleteObject', indexName: name, body: { objectID } })),
    )
    return { taskID: taskIDs.get(name)!, at }
  }

  /** Settings (null resets a setting to its default); `replicas` creates and unlinks replicas. */
  setSettings(name: string, incoming: IndexSettings, forwardToReplicas: boolean): WriteResult {
    const current = this.store.getIndex(name)
    if (current?.settings.primary && incoming.replicas && replicaNames(incoming.replicas).length > 0) {
      throw badRequest('A replica index cannot have replicas')
    }
    const replicasBefore = replicaNames(current?.settings.replicas)
    const replicasAfter = 'replicas' in incoming ? replicaNames(incoming.replicas) : replicasBefore
    for (const replica of replicasAfter) {
      if (replica === name) throw badRequest('An index cannot be a replica of itself')
      const primary = this.store.getIndex(replica)?.settings.primary
      if (primary && primary !== name) throw badRequest('A replica index is already replica of another index')
    }
    const touched = [name, ...replicasBefore, ...replicasAfter]
    return this.#write(touched, () => {
      const taskID = this.#nextTask()
      this.store.ensureIndex(name)
      const next = merge(current?.settings ?? {}, incoming)
      if ('replicas' in incoming) {
        next.replicas = (incoming.replicas ?? []).filter((replica) => replica.trim() !== '')
        if (next.replicas.length === 0) delete next.replicas
      }
      this.store.putSettings(name, next)
      this.#engineFor(name).setSettings(next)
      for (const replica of replicasBefore) if (!replicasAfter.includes(replica)) this.#unlinkReplica(replica)
      for (const replica of replicasAfter) {
        if (!replicasBefore.includes(replica)) this.#linkReplica(name, replica, next)
        else if (forwardToReplicas) {
          const { replicas: _r, primary: _p, ...forwarded } = incoming
          const settings = merge(this.store.getIndex(replica)?.settings ?? {}, forwarded)
          this.store.putSettings(replica, settings)
          this.#engineFor(replica).setSettings(settings)
        }
      }
      return { taskID, at: now() }
    })
  }

  saveSynonyms(name: string, synonyms: Synonym[], replace: boolean, forwardToReplicas: boolean): WriteResult {
    const targets = [
      name,
      ...(forwardToReplicas ? replicaNames(this.store.getIndex(name)?.settings.replicas) : []),
    ]
    return this.#write(targets, () => {
      const taskID = this.#nextTask()
      for (const target of targets) {
        const existing = replace ? [] : (this.store.getIndex(target)?.synonyms ?? [])
        const byID = new Map(existing.map((synonym) => [synonym.objectID, synonym] as const))
        for (const synonym of synonyms) byID.set(synonym.objectID, synonym)
        this.#putSynonyms(target, [...byID.values()])
      }
      return { taskID, at: now() }
    })
  }

  deleteSynonym(name: string, objectID: string, forwardToReplicas: boolean): WriteResult {
    const targets = [name, ...(forwardToReplicas ? replicaNames(this.settings(name).replicas) : [])]
    return this.#write(targets, () => {
      const taskID = this.#nextTask()
      for (const target of targets) {
        const synonyms = this.store.getIndex(target)?.synonyms ?? []
        this.#putSynonyms(
          target,
          synonyms.filter((synonym) => synonym.objectID !== objectID),
        )
      }
      return { taskID, at: now() }
    })
  }

  /** Copies records, settings and synonyms (or only the scoped parts) of `from` onto `to`. */
  copyIndex(from: string, to: string, scope?: string[]): WriteResult {
    const source = this.#requireIndex(from)
    this.#refuseReplica(to, 'the copy operation')
    const full = !scope || scope.length === 0
    const keptReplicas = this.store.getIndex(to)?.settings.replicas
    return this.#write([to, ...replicaNames(keptReplicas)], () => {
      const taskID = this.#nextTask()
      this.store.ensureIndex(to)
      if (full || scope.includes('settings')) {
        const { replicas: _r, primary: _p, ...settings } = source.settings
        this.store.putSettings(to, keptReplicas ? { ...settings, replicas: keptReplicas } : settings)
      }
      if (full || scope.includes('synonyms')) this.store.putSynonyms(to, source.synonyms)
      if (full) {
        this.store.clearRecords(to)
        this.store.putRecords(to, this.store.records(this.#recordsOf(from)))
      }
      this.#rebuildFamily(to)
      return { taskID, at: now() }
    })
  }

  /** Atomic reindex: `to` gets `from`'s records, settings and synonyms; `to` keeps its replicas. */
  moveIndex(from: string, to: string): WriteResult {
    const source = this.#requireIndex(from)
    if (source.settings.primary) throw badRequest('cannot apply the move operation on a replica index')
    this.#refuseReplica(to, 'the move operation')
    const target = this.store.getIndex(to)
    const replicas = target?.settings.replicas ?? source.settings.replicas
    const touched = [from, to, ...replicaNames(replicas), ...replicaNames(source.settings.replicas)]
    return this.#write(touched, () => {
      const taskID = this.#nextTask()
      this.store.moveIndex(from, to)
      const settings: IndexSettings = { ...source.settings }
      delete settings.replicas
      if (replicas) settings.replicas = replicas
      this.store.putSettings(to, settings)
      // Replicas of the source that `to` does not keep become standalone copies.
      for (const replica of replicaNames(source.settings.replicas)) {
        if (!replicaNames(replicas).includes(replica)) this.#materialize(replica, to)
      }
      for (const replica of replicaNames(replicas)) {
        const replicaSettings = this.store.getIndex(replica)?.settings
        if (replicaSettings) this.store.putSettings(replica, { ...replicaSettings, primary: to })
      }
      this.#engines.delete(from)
      this.#rebuildFamily(to)
      return { taskID, at: now() }
    })
  }

  deleteIndex(name: string): WriteResult {
    const index = this.store.getIndex(name)
    const replicas = replicaNames(index?.settings.replicas)
    const primary = index?.settings.primary
    return this.#write([name, ...replicas, ...(primary ? [primary] : [])], () => {
      const taskID = this.#nextTask()
      if (primary) {
        const primarySettings = this.store.getIndex(primary)?.settings ?? {}
        const kept = (primarySettings.replicas ?? []).filter((replica) => replicaNames([replica])[0] !== name)
        this.store.putSettings(primary, { ...primarySettings, replicas: kept })
        this.#engines.get(primary)?.setSettings({ ...primarySettings, replicas: kept })
      }
      for (const replica of replicas) this.#materialize(replica, name)
      this.store.dropIndex(name)
      this.#engines.delete(name)
      return { taskID, at: now() }
    })
  }

  // ---- internals ------------------------------------------------------------------------------

  /** Runs a write in one transaction; on any error the touched engine indexes are rebuilt. */
  #write<T>(touched: string[], apply: () => T): T {
    try {
      return this.store.transaction(apply)
    } catch (error) {
      for (const name of new Set(touched)) {
        if (this.store.getIndex(name)) this.#build(name)
        else this.#engines.delete(name)
      }
      throw error
    }
  }

  #nextTask(): number {
    const id = this.lastTaskID() + 1
    this.store.setMeta(LAST_TASK, String(id))
    return id
  }

  #requireIndex(name: string): StoredIndex {
    const index = this.store.getIndex(name)
    if (!index) throw indexNotFound()
    return index
  }

  #refuseReplica(name: string, what: string): void {
    if (this.store.getIndex(name)?.settings.primary) {
      throw new AlgoliaError(400, `cannot apply ${what} on a replica index`)
    }
  }

  #engine(name: string): SearchIndexApi {
    const engine = this.#engines.get(name)
    if (!engine) throw indexNotFound()
    return engine
  }

  /** The engine of an index that exists in the store, created empty if it was just created. */
  #engineFor(name: string): SearchIndexApi {
    return this.#engines.get(name) ?? this.#build(name)
  }

  /** The index whose stored records an index shows: its primary for a replica. */
  #recordsOf(name: string): string {
    return this.store.getIndex(name)?.settings.primary ?? name
  }

  #family(name: string): SearchIndexApi[] {
    const names = [name, ...replicaNames(this.store.getIndex(name)?.settings.replicas)]
    return names.map((member) => this.#engineFor(member))
  }

  #applyToEngines(name: string, changes: Map<string, SearchRecord | null>): void {
    const saved = [...changes.values()].filter((record): record is SearchRecord => record !== null)
    const removed = [...changes].filter(([, record]) => record === null).map(([id]) => id)
    for (const engine of this.#family(name)) {
      if (removed.length > 0) engine.remove(removed)
      if (saved.length > 0) engine.save(saved)
    }
  }

  #build(name: string): SearchIndexApi {
    const index = this.#requireIndex(name)
    const engine = this.#factory(index.settings)
    engine.setSynonyms(index.synonyms)
    const primary = index.settings.primary ? this.#engines.get(index.settings.primary) : undefined
    const records = primary ? [...primary.records()] : [...this.store.records(this.#recordsOf(name))]
    if (records.length > 0) engine.save(records)
    this.#engines.set(name, engine)
    return engine
  }

  #rebuildFamily(name: string): void {
    this.#build(name)
    for (const replica of replicaNames(this.store.getIndex(name)?.settings.replicas)) {
      if (this.store.getIndex(replica)) this.#build(replica)
    }
  }

  #putSynonyms(name: string, synonyms: Synonym[]): void {
    this.#requireIndex(name)
    this.store.putSynonyms(name, synonyms)
    this.#engineFor(name).setSynonyms(synonyms)
  }

  /** Makes `replica` a replica of `primary`: a new one starts with the primary's settings. */
  #linkReplica(primary: string, replica: string, primarySettings: IndexSettings): void {
    const existing = this.store.getIndex(replica)
    const { replicas: _r, ...inherited } = primarySettings
    const settings: IndexSettings = { ...(existing ? existing.settings : inherited), primary }
    delete settings.replicas
    this.store.ensureIndex(replica)
    this.store.clearRecords(replica)
    this.store.putSettings(replica, settings)
    this.#build(replica)
  }

  /** A replica that leaves its primary keeps the records it showed, as a standalone index. */
  #unlinkReplica(replica: string): void {
    const index = this.store.getIndex(replica)
    if (!index?.settings.primary) return
    this.#materialize(replica, index.settings.primary)
  }

  #materialize(replica: string, primary: string): void {
    const index = this.store.getIndex(replica)
    if (!index) return
    const { primary: _p, ...settings } = index.settings
    this.store.putRecords(replica, this.store.records(primary))
    this.store.putSettings(replica, settings)
    this.#build(replica)
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

function merge(current: IndexSettings, incoming: IndexSettings): IndexSettings {
  const next: IndexSettings = { ...current }
  for (const [key, value] of Object.entries(incoming)) {
    if (value === null) delete next[key]
    else next[key] = value
  }
  return next
}

function now(): string {
  return new Date().toISOString()
}
