// Searches answered from an index snapshot, without a server: the snapshot's engines built once,
// then multi-query bodies and facet-value searches run through the same execution code as the
// server's routes (readMultiQuery, executeMultiQuery, executeFacetSearch). Imports nothing from
// Node, so a browser (a worker, a service worker) can run it.
import { indexDoesNotExist } from '../domain-error.ts'
import { SearchIndex } from '../engine/search-index.ts'
import type {
  FacetSearchResult,
  IndexSettings,
  SearchIndexApi,
  SearchParams,
  SearchRecord,
  SearchResult,
  Synonym,
} from '../engine/types.ts'
import { invalidValue, objectNotFound } from '../protocol/algolia-error.ts'
import { isVirtualReplicaIndex, isVirtualReplicaOf } from '../protocol/replicas.ts'
import { retrieveAttributes } from '../protocol/retrieve.ts'
import { parseSearchParams } from '../protocol/search-params.ts'
import type { Rule } from '../rules/rule-types.ts'
import type { IndexSnapshot, SnapshotIndex } from '../snapshot-format.ts'
import { executeMultiQuery, type MultiQuery, type MultiQueryResponse, readMultiQuery } from './multi-query.ts'
import { executeFacetSearch, type SearchRecording } from './search-execution.ts'
import type { SearchGrant, SearchReader } from './search-reader.ts'

const KNOWN_FORMAT = 1

interface OfflineIndex {
  settings: SnapshotIndex['settings']
  engine: SearchIndexApi
  rules: readonly Rule[]
}

export interface OfflineSearchOptions {
  /** What the key allows: forced parameters and a hits cap (default: none, as the public search key). */
  grant?: SearchGrant
  /** Called with each search as answered, e.g. to queue it for analytics once back online. */
  record?: SearchRecording
}

export class OfflineSearch implements SearchReader {
  readonly version: string
  readonly updatedAt: string
  readonly #indexes = new Map<string, OfflineIndex>()
  readonly #grant: SearchGrant
  readonly #record: SearchRecording | undefined

  constructor(snapshot: IndexSnapshot, options: OfflineSearchOptions = {}) {
    if (snapshot.format !== KNOWN_FORMAT)
      throw new Error(`unknown snapshot format ${String(snapshot.format)}`)
    this.version = snapshot.version
    this.updatedAt = snapshot.updatedAt
    this.#grant = options.grant ?? { maxHitsPerQuery: 0 }
    this.#record = options.record
    // The primary first, then each replica from the same records, as the server builds them.
    for (const index of [snapshot, ...snapshot.replicas]) {
      const engine = new SearchIndex(index.settings)
      engine.setSynonyms(index.synonyms)
      if (snapshot.records.length > 0) engine.save(snapshot.records)
      this.#indexes.set(index.name, { settings: index.settings, engine, rules: index.rules })
    }
  }

  /** The names of the indexes this snapshot answers for: the primary and its replicas. */
  indexNames(): string[] {
    return [...this.#indexes.keys()]
  }

  /** Answers the body of POST /1/indexes/*\/queries as the server does. */
  async multiQuery(body: unknown): Promise<MultiQueryResponse> {
    const query = readMultiQuery(body)
    for (const { indexName } of query.requests) this.#index(indexName)
    return executeMultiQuery(this, this.#grant, query, this.#record)
  }

  /** Answers POST /1/indexes/{index}/query as the server does. */
  async searchOne(index: string, body: unknown): Promise<unknown> {
    this.#index(index)
    const query: MultiQuery = {
      requests: [{ indexName: index, type: 'default', params: parseSearchParams(body) }],
      strategy: 'none',
    }
    const { results } = await executeMultiQuery(this, this.#grant, query, this.#record)
    return results[0]
  }

  /** Answers POST /1/indexes/{index}/facets/{facet}/query as the server does. */
  facetValues(index: string, facet: string, body: unknown): FacetSearchResult {
    return executeFacetSearch(this, this.#grant, index, facet, parseSearchParams(body))
  }

  /**
   * Answers GET /1/indexes/{index}/{objectID} as the server does for a search key (unretrievable
   * attributes are not in the snapshot at all); a replica shows its primary's records.
   */
  getObject(index: string, objectID: string, attributesToRetrieve?: readonly string[]): SearchRecord {
    const { settings, engine } = this.#index(index)
    // From the engine, as the server reads it: the snapshot's parsed records are not kept.
    const record = engine.get(objectID)
    if (!record) throw objectNotFound()
    return retrieveAttributes(record, attributesToRetrieve, settings.unretrievableAttributes)
  }

  /** Answers POST /1/indexes/*\/objects: each record, or null for one this snapshot does not have. */
  getObjects(body: unknown): { results: Array<SearchRecord | null> } {
    const requests = (body as { requests?: unknown } | null)?.requests
    if (!Array.isArray(requests)) throw invalidValue('requests', 'array')
    const results = requests.map((raw) => {
      const { indexName, objectID, attributesToRetrieve } = (raw ?? {}) as Record<string, unknown>
      if (typeof indexName !== 'string') throw invalidValue('indexName', 'string')
      if (typeof objectID !== 'string') throw invalidValue('objectID', 'string')
      if (attributesToRetrieve !== undefined && !Array.isArray(attributesToRetrieve))
        throw invalidValue('attributesToRetrieve', 'array of strings')
      const index = this.#indexes.get(indexName)
      const record = index?.engine.get(objectID)
      if (!index || !record) return null
      return retrieveAttributes(
        record,
        attributesToRetrieve as string[] | undefined,
        index.settings.unretrievableAttributes,
      )
    })
    return { results }
  }

  // ---- SearchReader: what execution reads ---------------------------------------------------

  search(index: string, params: SearchParams): SearchResult {
    const { engine } = this.#index(index)
    // A virtual replica answers with relevant sort.
    const relevantSort = isVirtualReplicaIndex(this.#settingsOf, index)
    return engine.search(relevantSort ? { ...params, relevantSort } : params)
  }

  searchForFacetValues(
    index: string,
    facet: string,
    facetQuery: string,
    params: SearchParams & { maxFacetHits?: number },
  ): FacetSearchResult {
    return this.#index(index).engine.searchForFacetValues(facet, facetQuery, params)
  }

  searchSettings(index: string): IndexSettings {
    return this.#index(index).engine.settings()
  }

  defaultHitsPerPage(index: string): number | undefined {
    return this.#indexes.get(index)?.engine.settings().hitsPerPage
  }

  isVirtualReplicaOf(index: string, replica: string): boolean {
    return isVirtualReplicaOf(this.#settingsOf, index, replica)
  }

  readonly #settingsOf = (index: string) => this.#indexes.get(index)?.settings

  rulesOf(index: string): readonly Rule[] {
    return this.#indexes.get(index)?.rules ?? []
  }

  synonymsOf(index: string): readonly Synonym[] {
    return this.#index(index).engine.synonyms()
  }

  #index(name: string): OfflineIndex {
    const index = this.#indexes.get(name)
    if (!index) throw indexDoesNotExist()
    return index
  }
}
