// What one search reads from the indexes, and what it needs of the key: the server's SearchService
// and the browser's OfflineSearch both provide it, so execution runs unchanged on either side.
import type {
  FacetSearchResult,
  IndexSettings,
  SearchParams,
  SearchResult,
  Synonym,
} from '../engine/types.ts'
import type { Params } from '../protocol/search-params.ts'
import type { Rule } from '../rules/rule-types.ts'

export interface SearchReader {
  search(index: string, params: SearchParams): SearchResult
  searchForFacetValues(
    index: string,
    facet: string,
    facetQuery: string,
    params: SearchParams & { maxFacetHits?: number },
  ): FacetSearchResult
  /** The settings a search of this index runs with. */
  searchSettings(index: string): IndexSettings
  /** The hitsPerPage an index answers with when a search names none (undefined: unknown or unset). */
  defaultHitsPerPage(index: string): number | undefined
  /** Whether `replica` is a virtual replica of `index` (a rule may redirect searches to it). */
  isVirtualReplicaOf(index: string, replica: string): boolean
  rulesOf(index: string): readonly Rule[]
  synonymsOf(index: string): readonly Synonym[]
}

/** What a search takes from the key it runs with. */
export interface SearchGrant {
  /** Search parameters the key forces. */
  forcedParams?: Params
  /** Hits one call may return (0: no cap). */
  maxHitsPerQuery: number
  /** The admin key: a larger work budget per request (still in slices). */
  admin?: boolean
}
