// The search service: what the routes ask of the search stack, by name. Reads go to the engines
// and see only published writes. A write is checked, logged and acknowledged with its task IDs
// (task-queue.ts), then applied in the background through the index registry's one invariant
// (one transaction, engines rebuilt if it fails) by the parts a reader finds by name: record
// writes, index operations, synonym writes and the replica topology they share.

import type {
  FacetSearchResult,
  IndexSettings,
  Rule,
  SearchParams,
  SearchRecord,
  SearchResult,
  Synonym,
} from '../../../search-core/index.ts'
import {
  indexDoesNotExist,
  isVirtualReplicaIndex,
  isVirtualReplicaOf,
  replicaNames,
} from '../../../search-core/index.ts'
import type { SearchStore, StoredIndex, StoredSettings } from '../store/search-store.ts'
import type { TaskStatus, TaskStore } from '../store/task-store.ts'
import type { EngineChange } from './engine-changes.ts'
import { type IndexConfiguration, IndexOperations, type MetaEntry } from './index-operations.ts'
import { type IndexFactory, IndexRegistry, type WriteResult } from './index-registry.ts'
import { type IndexSnapshot, indexSnapshot } from './index-snapshot.ts'
import { type BatchOperation, batchObjectIDs, RecordWrites, withObjectIDs } from './record-writes.ts'
import { ReplicaTopology } from './replica-topology.ts'
import { RuleWrites } from './rule-writes.ts'
import { SynonymWrites } from './synonym-writes.ts'
import { type Acknowledgement, TaskQueue, type TaskQueueOptions } from './task-queue.ts'

export type { EngineChange } from './engine-changes.ts'
export type { IndexConfiguration, MetaEntry } from './index-operations.ts'
export type { WriteResult } from './index-registry.ts'
export type { IndexSnapshot } from './index-snapshot.ts'
export type { BatchAction, BatchOperation } from './record-writes.ts'
export type { Acknowledgement, SharedLog } from './task-queue.ts'

/** An index as listed: with how many records it shows. */
export interface ListedIndex extends StoredIndex {
  entries: number
}

export interface BatchResult extends Acknowledgement {
  objectIDs: string[]
}

export interface SearchServiceOptions extends TaskQueueOptions {
  factory?: IndexFactory
}

export class SearchService {
  readonly #registry: IndexRegistry
  readonly #records: RecordWrites
  readonly #indexes: IndexOperations
  readonly #queue: TaskQueue
  readonly #tasks
  readonly #tasksStore: TaskStore
  readonly #options: SearchServiceOptions
  #ready = false

  constructor(store: SearchStore, tasks: TaskStore, options: SearchServiceOptions = {}) {
    this.#tasksStore = tasks
    this.#options = options
    // The writer of a shared log records its engine changes for the other processes to replay.
    this.#registry = new IndexRegistry(store, options.factory, {
      recordChanges: options.shared?.role === 'writer',
    })
    const replicas = new ReplicaTopology(this.#registry)
    const records = new RecordWrites(this.#registry, replicas)
    const indexes = new IndexOperations(this.#registry, replicas)
    const synonyms = new SynonymWrites(this.#registry, replicas)
    const rules = new RuleWrites(this.#registry, replicas)
    this.#records = records
    this.#indexes = indexes
    // Every kind of write, by the function that applies it (payloads are logged as JSON).
    const queue = new TaskQueue(tasks, this.#registry, options)
    this.#queue = queue
    this.#tasks = {
      batch: queue.define<BatchOperation[]>('batch', (operations) => records.batch(operations)),
      deleteBy: queue.define<{ name: string; params: SearchParams }>('deleteBy', (task) =>
        records.deleteBy(task.name, task.params),
      ),
      setSettings: queue.define<{ name: string; settings: IndexSettings; forward: boolean }>(
        'setSettings',
        (task) => indexes.setSettings(task.name, task.settings, task.forward),
      ),
      copyIndex: queue.define<{ from: string; to: string; scope?: string[] }>('copyIndex', (task) =>
        indexes.copyIndex(task.from, task.to, task.scope),
      ),
      moveIndex: queue.define<{ from: string; to: string }>('moveIndex', (task) =>
        indexes.moveIndex(task.from, task.to),
      ),
      deleteIndex: queue.define<{ name: string }>('deleteIndex', (task) => indexes.deleteIndex(task.name)),
      replaceConfiguration: queue.define<{
        configuration: Record<string, IndexConfiguration>
        remember?: MetaEntry
      }>('replaceConfiguration', (task) => indexes.replaceConfiguration(task.configuration, task.remember)),
      saveSynonyms: queue.define<{ name: string; synonyms: Synonym[]; replace: boolean; forward: boolean }>(
        'saveSynonyms',
        (task) => synonyms.save(task.name, task.synonyms, task.replace, task.forward),
      ),
      deleteSynonym: queue.define<{ name: string; objectID: string; forward: boolean }>(
        'deleteSynonym',
        (task) => synonyms.delete(task.name, task.objectID, task.forward),
      ),
      saveRules: queue.define<{ name: string; rules: Rule[]; clearExisting: boolean; forward: boolean }>(
        'saveRules',
        (task) => rules.save(task.name, task.rules, task.clearExisting, task.forward),
      ),
      deleteRule: queue.define<{ name: string; objectID: string; forward: boolean }>('deleteRule', (task) =>
        rules.delete(task.name, task.objectID, task.forward),
      ),
    }
  }

  get ready(): boolean {
    return this.#ready
  }

  get #follower(): boolean {
    return this.#options.shared?.role === 'follower'
  }

  /** Follower: makes the writer's engine changes of an applied task (in task order). */
  replay(taskID: number, changes: readonly EngineChange[]): void {
    this.#queue.replay(taskID, changes)
  }

  /** The highest task ID this process's engines hold: a follower's replayed, the writer's applied. */
  appliedThrough(): number {
    return this.#follower ? this.#queue.replayedThrough() : this.#tasksStore.appliedThrough()
  }

  /** Writer: takes the writes other processes have logged (they say so when they log one). */
  pullLogged(): void {
    this.#queue.pull()
  }

  /**
   * Builds every index from the store, then applies the writes the task log holds unapplied (a
   * crash between acknowledge and publish), in order; the service answers after it. Returns how
   * many tasks it applied.
   */
  async load(): Promise<number> {
    // A follower notes how far the store is applied before reading it: later tasks are replayed.
    if (this.#follower) this.#queue.startFollowing()
    this.#registry.load()
    const recovered = this.#queue.recover()
    this.#ready = true
    this.#queue.start()
    return recovered
  }

  /** Stops applying tasks; the unapplied ones stay logged and are applied on the next start. */
  close(): void {
    this.#queue.stop()
  }

  /** Resolves once every write acknowledged so far is published. */
  idle(): Promise<void> {
    return this.#queue.idle()
  }

  // ---- reads ----------------------------------------------------------------------------------

  hasIndex(name: string): boolean {
    return this.#store.hasIndex(name)
  }

  getIndex(name: string): StoredIndex | undefined {
    return this.#store.getIndex(name)
  }

  /** Every index with `entries` as a client sees them (a replica holds its primary's records). */
  listIndexes(): ListedIndex[] {
    return this.#store
      .listIndexes()
      .map((index) => ({ ...index, entries: this.#store.recordCount(index.settings.primary ?? index.name) }))
  }

  settings(name: string): StoredSettings {
    return this.#registry.requireIndex(name).settings
  }

  getObject(index: string, objectID: string): SearchRecord | undefined {
    const engine = this.#registry.find(index)
    return engine ? engine.get(objectID) : this.#store.getRecord(this.#registry.recordsOf(index), objectID)
  }

  search(index: string, params: SearchParams): SearchResult {
    const engine = this.#registry.engine(index)
    // A virtual replica answers with relevant sort.
    const relevantSort = isVirtualReplicaIndex(this.#settingsOf, index)
    return engine.search(relevantSort ? { ...params, relevantSort } : params)
  }

  /** Whether `replica` is a virtual replica of `index` (a rule may redirect searches to it). */
  isVirtualReplicaOf(index: string, replica: string): boolean {
    return isVirtualReplicaOf(this.#settingsOf, index, replica)
  }

  /** An index's settings as its engine has them (undefined: no such index). */
  readonly #settingsOf = (index: string) => this.#registry.find(index)?.settings()

  /** The hitsPerPage an index answers with when a search names none (undefined: unknown index or unset). */
  defaultHitsPerPage(index: string): number | undefined {
    return this.#registry.find(index)?.settings().hitsPerPage
  }

  /** The settings a search of this index runs with (no store read: the engine's own copy). */
  searchSettings(index: string): IndexSettings {
    return this.#registry.engine(index).settings()
  }

  searchForFacetValues(
    index: string,
    facet: string,
    facetQuery: string,
    params: SearchParams & { maxFacetHits?: number },
  ): FacetSearchResult {
    return this.#registry.engine(index).searchForFacetValues(facet, facetQuery, params)
  }

  matchingObjectIDs(index: string, params: SearchParams): string[] {
    return this.#registry.engine(index).matchingObjectIDs(params)
  }

  /** The synonyms a search of this index runs with (no store read: the engine's own copy). */
  synonymsOf(index: string): readonly Synonym[] {
    return this.#registry.engine(index).synonyms()
  }

  /** The rules the search path applies to an index (none for an unknown index). */
  rulesOf(index: string): readonly Rule[] {
    return this.#registry.rulesOf(index)
  }

  /** The rules of every index searches run on, as they apply them (read from memory, not the store). */
  ruleSets(): IterableIterator<readonly Rule[]> {
    return this.#registry.ruleSets()
  }

  /** Changes whenever an answer may: a snapshot made at the same generation is still the index's. */
  get generation(): number {
    return this.#registry.generation
  }

  /** A primary index with its replicas as a device needs it to search offline (index-snapshot.ts). */
  snapshot(name: string): IndexSnapshot {
    const primary = this.#registry.requireIndex(name)
    if (primary.settings.primary !== undefined) throw indexDoesNotExist()
    const replicas = replicaNames(primary.settings.replicas).map((replica) =>
      this.#registry.requireIndex(replica),
    )
    return indexSnapshot(primary, replicas, this.#registry.engine(name).records())
  }

  lastTaskID(): number {
    return this.#queue.lastTaskID()
  }

  /** A task's status; undefined for an ID never handed out. */
  taskStatus(taskID: number): TaskStatus | undefined {
    return this.#queue.status(taskID)
  }

  /** Logged, unapplied writes per index name. */
  pendingTasks(): Map<string, number> {
    return this.#queue.pendingByIndex()
  }

  /** How many acknowledged writes wait to be applied (the queue's depth). */
  pendingTaskCount(): number {
    return this.#queue.pendingCount()
  }

  // ---- writes: checked against the published state, logged, acknowledged ------------------------

  /** A batch: one task ID per index it names (and `indexName`, the path's index, if given). */
  batch(operations: BatchOperation[], indexName?: string): BatchResult {
    this.#records.checkBatch(operations)
    this.#records.checkAgainstPublished(operations)
    const logged = withObjectIDs(operations)
    const names = [...(indexName === undefined ? [] : [indexName]), ...logged.map((op) => op.indexName)]
    return { ...this.#tasks.batch(logged, names), objectIDs: batchObjectIDs(logged) }
  }

  clearObjects(name: string): WriteResult {
    this.#requireKnown(name)
    return single(this.#tasks.batch([{ action: 'clear', indexName: name, body: {} }], [name]), name)
  }

  deleteBy(name: string, params: SearchParams): WriteResult {
    this.#requireKnown(name)
    // Filters the engine refuses are refused now; what matches is decided when the task is applied.
    this.#registry.find(name)?.matchingObjectIDs(params)
    return single(this.#tasks.deleteBy({ name, params }, [name]), name)
  }

  setSettings(name: string, settings: IndexSettings, forward: boolean): WriteResult {
    this.#indexes.checkSettings(name, settings)
    return single(this.#tasks.setSettings({ name, settings, forward }, [name]), name)
  }

  copyIndex(from: string, to: string, scope?: string[]): WriteResult {
    this.#indexes.checkCopyOrMove('copy', from, to, (name) => this.#known(name))
    return single(this.#tasks.copyIndex({ from, to, ...(scope ? { scope } : {}) }, [from]), from)
  }

  moveIndex(from: string, to: string): WriteResult {
    this.#indexes.checkCopyOrMove('move', from, to, (name) => this.#known(name))
    return single(this.#tasks.moveIndex({ from, to }, [from]), from)
  }

  deleteIndex(name: string): WriteResult {
    return single(this.#tasks.deleteIndex({ name }, [name]), name)
  }

  /**
   * Replaces the settings, synonyms and rules of the named indexes (records untouched) as one
   * write, one task ID per index; `remember` is written to the store's meta table with them.
   */
  replaceConfiguration(
    configuration: Record<string, IndexConfiguration>,
    remember?: MetaEntry,
  ): Acknowledgement {
    const names = Object.keys(configuration)
    for (const name of names) this.#registry.probeSettings(configuration[name]?.settings ?? {})
    return this.#tasks.replaceConfiguration({ configuration, ...(remember ? { remember } : {}) }, names)
  }

  saveSynonyms(name: string, synonyms: Synonym[], replace: boolean, forward: boolean): WriteResult {
    this.#requireKnown(name)
    return single(this.#tasks.saveSynonyms({ name, synonyms, replace, forward }, [name]), name)
  }

  deleteSynonym(name: string, objectID: string, forward: boolean): WriteResult {
    this.#requireKnown(name)
    return single(this.#tasks.deleteSynonym({ name, objectID, forward }, [name]), name)
  }

  /** An index exists once published, or will once a logged write that names it is applied. */
  #known(name: string): boolean {
    return this.#store.hasIndex(name) || this.#queue.pendingByIndex().has(name)
  }

  #requireKnown(name: string): void {
    if (!this.#known(name)) throw indexDoesNotExist()
  }

  saveRules(name: string, rules: Rule[], clearExisting: boolean, forward: boolean): WriteResult {
    this.#requireKnown(name)
    return single(this.#tasks.saveRules({ name, rules, clearExisting, forward }, [name]), name)
  }

  deleteRule(name: string, objectID: string, forward: boolean): WriteResult {
    this.#requireKnown(name)
    return single(this.#tasks.deleteRule({ name, objectID, forward }, [name]), name)
  }

  get #store(): SearchStore {
    return this.#registry.store
  }
}

function single(ack: Acknowledgement, name: string): WriteResult {
  return { taskID: ack.taskIDs.get(name)!, at: ack.at } // the task was queued for this one index
}
