// The search service: what the routes ask of the search stack, by name. Reads go to the engines;
// writes go through the index registry's one invariant (one transaction, engines rebuilt if it
// fails), carried out by the parts a reader finds by name: record writes, index operations,
// synonym writes and the replica topology they share.
import type {
  FacetSearchResult,
  IndexSettings,
  SearchParams,
  SearchRecord,
  SearchResult,
  Synonym,
} from '../engine/types.ts'
import type { Rule } from '../rules/rule-types.ts'
import type { SearchStore, StoredIndex, StoredSettings } from '../store/search-store.ts'
import { IndexOperations } from './index-operations.ts'
import { type IndexFactory, IndexRegistry, type WriteResult } from './index-registry.ts'
import { type BatchOperation, type BatchResult, RecordWrites } from './record-writes.ts'
import { ReplicaTopology } from './replica-topology.ts'
import { isVirtualReplica } from './replicas.ts'
import { RuleWrites } from './rule-writes.ts'
import { SynonymWrites } from './synonym-writes.ts'

export type { IndexFactory, WriteResult } from './index-registry.ts'
export type { BatchAction, BatchOperation } from './record-writes.ts'

export class SearchService {
  readonly #registry: IndexRegistry
  readonly #records: RecordWrites
  readonly #indexes: IndexOperations
  readonly #synonyms: SynonymWrites
  readonly #rules: RuleWrites
  #ready = false

  constructor(store: SearchStore, factory?: IndexFactory) {
    this.#registry = new IndexRegistry(store, factory)
    const replicas = new ReplicaTopology(this.#registry)
    this.#records = new RecordWrites(this.#registry, replicas)
    this.#indexes = new IndexOperations(this.#registry, replicas)
    this.#synonyms = new SynonymWrites(this.#registry, replicas)
    this.#rules = new RuleWrites(this.#registry, replicas)
  }

  get ready(): boolean {
    return this.#ready
  }

  /** Builds every index from the store; the service answers searches after it. */
  async load(): Promise<void> {
    this.#registry.load()
    this.#ready = true
  }

  // ---- reads ----------------------------------------------------------------------------------

  hasIndex(name: string): boolean {
    return this.#store.getIndex(name) !== undefined
  }

  getIndex(name: string): StoredIndex | undefined {
    return this.#store.getIndex(name)
  }

  /** Every index with `entries` as a client sees them (a replica holds its primary's records). */
  listIndexes(): StoredIndex[] {
    const indexes = this.#store.listIndexes()
    const counts = new Map(indexes.map((index) => [index.name, index.entries]))
    return indexes.map((index) =>
      index.settings.primary ? { ...index, entries: counts.get(index.settings.primary) ?? 0 } : index,
    )
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
    // A virtual replica answers with relevant sort; its primary's `replicas` says it is one.
    const { primary } = engine.settings()
    const relevantSort =
      typeof primary === 'string' &&
      isVirtualReplica(this.#registry.find(primary)?.settings().replicas, index)
    return engine.search(relevantSort ? { ...params, relevantSort } : params)
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

  /** The rules the search path applies to an index (none for an unknown index). */
  rulesOf(index: string): readonly Rule[] {
    return this.#registry.rulesOf(index)
  }

  lastTaskID(): number {
    return this.#registry.lastTaskID()
  }

  // ---- writes ---------------------------------------------------------------------------------

  batch(operations: BatchOperation[]): BatchResult {
    return this.#records.batch(operations)
  }

  clearObjects(name: string): WriteResult {
    return this.#records.clearObjects(name)
  }

  deleteBy(name: string, params: SearchParams): WriteResult {
    return this.#records.deleteBy(name, params)
  }

  setSettings(name: string, incoming: IndexSettings, forwardToReplicas: boolean): WriteResult {
    return this.#indexes.setSettings(name, incoming, forwardToReplicas)
  }

  copyIndex(from: string, to: string, scope?: string[]): WriteResult {
    return this.#indexes.copyIndex(from, to, scope)
  }

  moveIndex(from: string, to: string): WriteResult {
    return this.#indexes.moveIndex(from, to)
  }

  deleteIndex(name: string): WriteResult {
    return this.#indexes.deleteIndex(name)
  }

  saveSynonyms(name: string, synonyms: Synonym[], replace: boolean, forwardToReplicas: boolean): WriteResult {
    return this.#synonyms.save(name, synonyms, replace, forwardToReplicas)
  }

  deleteSynonym(name: string, objectID: string, forwardToReplicas: boolean): WriteResult {
    return this.#synonyms.delete(name, objectID, forwardToReplicas)
  }

  saveRules(name: string, rules: Rule[], clearExisting: boolean, forwardToReplicas: boolean): WriteResult {
    return this.#rules.save(name, rules, clearExisting, forwardToReplicas)
  }

  deleteRule(name: string, objectID: string, forwardToReplicas: boolean): WriteResult {
    return this.#rules.delete(name, objectID, forwardToReplicas)
  }

  get #store(): SearchStore {
    return this.#registry.store
  }
}
