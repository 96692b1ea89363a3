// What a write did to the engines in memory, as a list another process can replay on its own
// engines: the process that applies the task log records every engine change of a task (only the
// changed records, as the engines got them), and every other process serving the same store
// replays the list instead of applying the task. Each change sets a value (a record, the settings,
// the synonyms, the rules) rather than adjusting one, so replaying a list onto engines built from a
// store that is already a few tasks ahead still ends in the writer's state.
import type {
  FacetSearchResult,
  IndexSettings,
  Rule,
  SearchIndexApi,
  SearchParams,
  SearchRecord,
  SearchResult,
  Synonym,
} from '../../../search-core/index.ts'

export type EngineChange =
  /** The engine was (re)built from the store (a replica: from its primary's engine). */
  | { kind: 'build'; index: string }
  | { kind: 'forget'; index: string }
  | { kind: 'rules'; index: string; rules: Rule[] }
  | { kind: 'settings'; index: string; settings: IndexSettings }
  | { kind: 'synonyms'; index: string; synonyms: Synonym[] }
  | { kind: 'save'; index: string; records: SearchRecord[] }
  | { kind: 'remove'; index: string; objectIDs: string[] }
  | { kind: 'clear'; index: string }

/** An engine that tells `record` each change made to it, then makes it. Reads pass straight through. */
export class RecordingEngine implements SearchIndexApi {
  readonly #inner: SearchIndexApi
  readonly #index: string
  readonly #record: (change: EngineChange) => void

  constructor(inner: SearchIndexApi, index: string, record: (change: EngineChange) => void) {
    this.#inner = inner
    this.#index = index
    this.#record = record
  }

  get size(): number {
    return this.#inner.size
  }

  settings(): IndexSettings {
    return this.#inner.settings()
  }

  setSettings(settings: IndexSettings): void {
    this.#record({ kind: 'settings', index: this.#index, settings })
    this.#inner.setSettings(settings)
  }

  setSynonyms(synonyms: Synonym[]): void {
    this.#record({ kind: 'synonyms', index: this.#index, synonyms })
    this.#inner.setSynonyms(synonyms)
  }

  synonyms(): readonly Synonym[] {
    return this.#inner.synonyms()
  }

  save(records: SearchRecord[]): void {
    this.#record({ kind: 'save', index: this.#index, records })
    this.#inner.save(records)
  }

  remove(objectIDs: string[]): void {
    this.#record({ kind: 'remove', index: this.#index, objectIDs })
    this.#inner.remove(objectIDs)
  }

  clear(): void {
    this.#record({ kind: 'clear', index: this.#index })
    this.#inner.clear()
  }

  get(objectID: string): SearchRecord | undefined {
    return this.#inner.get(objectID)
  }

  records(): Iterable<SearchRecord> {
    return this.#inner.records()
  }

  search(params: SearchParams): SearchResult {
    return this.#inner.search(params)
  }

  matchingObjectIDs(params: SearchParams): string[] {
    return this.#inner.matchingObjectIDs(params)
  }

  searchForFacetValues(
    facet: string,
    facetQuery: string,
    params: SearchParams & { maxFacetHits?: number },
  ): FacetSearchResult {
    return this.#inner.searchForFacetValues(facet, facetQuery, params)
  }

  /** Compaction changes no answer: each process compacts its own engines when idle. */
  compact(): boolean {
    return this.#inner.compact?.() ?? false
  }

  /** The registry wraps the replica's engine in its own recorder. */
  replica(settings: IndexSettings): SearchIndexApi | undefined {
    return this.#inner.replica?.(settings)
  }

  get sharesPrimaryRecords(): boolean {
    return this.#inner.sharesPrimaryRecords ?? false
  }
}
