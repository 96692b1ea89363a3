// The engine's public contract. The protocol layer parses Algolia's wire format into these
// types; the engine applies Algolia's semantics. No HTTP, SQL or request strings in here.
import type { WorkBudget } from './work-budget.ts'

/** A stored record: any JSON object with a string objectID. */
export type SearchRecord = { objectID: string } & Record<string, unknown>

/** Index settings as Algolia names them (the subset the engine understands; others are kept verbatim). */
export interface IndexSettings {
  /** Attributes searched, by rank (`a,b`: one rank; `unordered(a)`: position aside); default: all. */
  searchableAttributes?: string[] | null
  /** Attributes to facet and filter on (`searchable(a)`, `filterOnly(a)`, …); default: none. */
  attributesForFaceting?: string[] | null
  /** Attributes never returned in hits, whatever a search asks for; default: none. */
  unretrievableAttributes?: string[] | null
  /** Attributes a hit carries; default: every attribute (`*`). */
  attributesToRetrieve?: string[] | null
  /** Ranking criteria in order; default: typo, geo, words, filters, proximity, attribute, exact, custom. */
  ranking?: string[] | null
  /** `asc(attr)` / `desc(attr)` tie-breaks of the `custom` criterion; default: none (index order). */
  customRanking?: string[] | null
  /** Replica names (`virtual(name)`: a virtual one); the service's, unread here; default: none. */
  replicas?: string[] | null
  /** Facet values returned per facet; default 100. */
  maxValuesPerFacet?: number
  /** Order of facet values: by count (ties alphabetical) or alphabetical; default `count`. */
  sortFacetValuesBy?: 'count' | 'alpha'
  /** Attributes highlighted in `_highlightResult`; default: the searchable attributes. */
  attributesToHighlight?: string[] | null
  /** Attributes snippeted in `_snippetResult` (`attr:words`, default 10 words); default: none. */
  attributesToSnippet?: string[] | null
  /** Text put before a highlighted word; default `<em>`. */
  highlightPreTag?: string
  /** Text put after a highlighted word; default `</em>`. */
  highlightPostTag?: string
  /** Text marking where a snippet was cut; default `…`. */
  snippetEllipsisText?: string
  /** Highlight and snippet only the array elements that matched; default false. */
  restrictHighlightAndSnippetArrays?: boolean
  /** A record word matched only as a synonym shows as the query word in highlights; default false. */
  replaceSynonymsInHighlight?: boolean
  /** Hits per page; default 20 (at most 1,000). */
  hitsPerPage?: number
  /** Hits reachable by paging, counting from the first; default 1,000. */
  paginationLimitedTo?: number
  /** Shortest word that may match with one typo; default 4. */
  minWordSizefor1Typo?: number
  /** Shortest word that may match with two typos; default 8. */
  minWordSizefor2Typos?: number
  /** Words match with typos (`min`: the fewest typos only, `strict`: the two fewest); default true. */
  typoTolerance?: TypoTolerance
  /** Numbers in the query may match with typos; default true. */
  allowTyposOnNumericTokens?: boolean
  /** Attributes matched only as typed, without typos; default: none. */
  disableTypoToleranceOnAttributes?: string[] | null
  /** Attributes whose matches never count for the `exact` criterion; default: none. */
  disableExactOnAttributes?: string[] | null
  /** Attributes matched by whole words only, never by prefix; default: none. */
  disablePrefixOnAttributes?: string[] | null
  /** Query words that match only as typed, without typos; default: none. */
  disableTypoToleranceOnWords?: string[] | null
  /** Which query words match as prefixes: the last, all or none; default `prefixLast`. */
  queryType?: QueryType
  /** The attribute whose value `distinct` deduplicates by; default none (no deduplication). */
  attributeForDistinct?: string | null
  /** Hits kept per value of attributeForDistinct (true: 1, false: all); default 0 (all). */
  distinct?: boolean | number
  /** Returned as given with every answer (the UI's facet order, for one); default none. */
  renderingContent?: Record<string, unknown>
  /** A one-word query is exact on a whole value, on a word, or never; default `attribute`. */
  exactOnSingleWordQuery?: 'attribute' | 'word' | 'none'
  /** Word distances up to this rank alike in the `proximity` criterion; default 1. */
  minProximity?: number
  /** How strictly a virtual replica keeps only its most relevant hits (0: all); default 100. */
  relevancyStrictness?: number
  /** Characters indexed as words of their own ("+#": `C#` is `c`, `#`); default none. */
  separatorsToIndex?: string
  /** Facet values a facet-value search returns; default 10 (at most 100). */
  maxFacetHits?: number
  /** Which words become optional when a query finds nothing; default `none`. */
  removeWordsIfNoResults?: RemoveWordsIfNoResults
  /** Words that are optional wherever they occur in a query; default: none. */
  optionalWords?: string | string[] | null
  /** Quoted phrases and `-word` exclusions in the query; default false. */
  advancedSyntax?: boolean
  /** Which advanced syntax applies when it is on; default both, `exactPhrase` and `excludeWords`. */
  advancedSyntaxFeatures?: AdvancedSyntaxFeature[] | null
  /** Singular and plural match (true: in queryLanguages, else all languages known); default false. */
  ignorePlurals?: boolean | string[] | null
  /** Stop words leave the query (true: of queryLanguages, else all known); default false. */
  removeStopWords?: boolean | string[] | null
  /** Languages for plurals, stop words and decompounding; default: none. */
  queryLanguages?: string[] | null
  /** Split German compounds in the query when queryLanguages has `de`; default true. */
  decompoundQuery?: boolean
  /** Language → attributes whose compounds are split when indexed (German only); default: none. */
  decompoundedAttributes?: Record<string, string[]> | null
  /** Attributes also indexed as camel-case parts (`iPhone`: `i`, `phone`); default: none. */
  camelCaseAttributes?: string[] | null
  /** The only attributes numeric filters apply to (`equalOnly(a)`: = and !=); default: all. */
  numericAttributesForFiltering?: string[] | null
  /** Settings the engine does not read (the service's own, such as userData), kept as given. */
  [other: string]: unknown
}

export type TypoTolerance = boolean | 'min' | 'strict'
export type QueryType = 'prefixLast' | 'prefixAll' | 'prefixNone'
export type RemoveWordsIfNoResults = 'none' | 'lastWords' | 'firstWords' | 'allOptional'
export type AdvancedSyntaxFeature = 'exactPhrase' | 'excludeWords'

/** Synonyms as Algolia stores them. */
export type Synonym =
  | { objectID: string; type: 'synonym'; synonyms: string[] }
  | { objectID: string; type: 'onewaysynonym'; input: string; synonyms: string[] }
  | { objectID: string; type: 'altcorrection1' | 'altcorrection2'; word: string; corrections: string[] }
  | { objectID: string; type: 'placeholder'; placeholder: string; replacements: string[] }

/**
 * The parsed filter tree. The protocol combines `filters`, `facetFilters`, `numericFilters`,
 * `tagFilters` and a secured key's filters into one tree (an AND of them).
 * Tags are `facet` nodes on attribute `_tags`; booleans are facet values 'true'/'false'.
 */
export type FilterNode =
  | { type: 'and'; children: FilterNode[] }
  | { type: 'or'; children: FilterNode[] }
  | { type: 'not'; child: FilterNode; score?: number }
  | { type: 'facet'; attribute: string; value: string; score?: number }
  | {
      type: 'numeric'
      attribute: string
      op: '<' | '<=' | '=' | '!=' | '>=' | '>'
      value: number
      score?: number
    }
  | { type: 'range'; attribute: string; lo: number; hi: number; score?: number }

export interface LatLng {
  lat: number
  lng: number
}

/**
 * Query-time parameters, already typed and range-checked by the protocol. Anything left undefined
 * falls back to the index settings, then to Algolia's defaults.
 */
export interface SearchParams {
  query?: string
  /**
   * Build only the hits at these positions of the page (`start` inclusive, `end` exclusive); the
   * rest of the answer (counts, pages, facets) is as for the whole page. Lets a caller spread a long
   * page over several turns of its event loop. Not an Algolia parameter.
   */
  hitSlice?: { start: number; end: number }
  /**
   * The work this search may do (a request's budget, shared by its searches); without one the
   * search is not bounded. Not an Algolia parameter.
   */
  budget?: WorkBudget
  filters?: FilterNode
  /**
   * Optional filters: an AND of entries, each a leaf or an OR of leaves, with their scores (`score`,
   * default 1). They never remove a record; they rank through the `filters` criterion.
   */
  optionalFilters?: FilterNode
  /** Score an OR of filters by the sum of its matched children instead of the best one. */
  sumOrFiltersScores?: boolean
  /** similarQuery was given: the `words` criterion ranks first (the protocol set the rest). */
  wordsFirst?: boolean
  facets?: string[]
  maxValuesPerFacet?: number
  sortFacetValuesBy?: 'count' | 'alpha'
  page?: number
  hitsPerPage?: number
  offset?: number
  length?: number
  attributesToRetrieve?: string[]
  attributesToHighlight?: string[]
  attributesToSnippet?: string[]
  highlightPreTag?: string
  highlightPostTag?: string
  snippetEllipsisText?: string
  restrictHighlightAndSnippetArrays?: boolean
  replaceSynonymsInHighlight?: boolean
  restrictSearchableAttributes?: string[]
  typoTolerance?: TypoTolerance
  minWordSizefor1Typo?: number
  minWordSizefor2Typos?: number
  allowTyposOnNumericTokens?: boolean
  queryType?: QueryType
  aroundLatLng?: LatLng
  aroundRadius?: number | 'all'
  aroundPrecision?: number | { from: number; value: number }[]
  minimumAroundRadius?: number
  insideBoundingBox?: [number, number, number, number][]
  insidePolygon?: number[][]
  getRankingInfo?: boolean
  distinct?: boolean | number
  synonyms?: boolean
  paginationLimitedTo?: number
  /** Facet counts after deduplication by distinct (search); restricts facet-value search counts too. */
  facetingAfterDistinct?: boolean
  /** Query rules: records pinned at 0-based positions, records left out, pins only if they pass the filters. */
  promote?: { objectID: string; position: number }[]
  hide?: string[]
  filterPromotes?: boolean
  removeWordsIfNoResults?: RemoveWordsIfNoResults
  optionalWords?: string | string[]
  advancedSyntax?: boolean
  advancedSyntaxFeatures?: AdvancedSyntaxFeature[]
  ignorePlurals?: boolean | string[]
  removeStopWords?: boolean | string[]
  queryLanguages?: string[]
  decompoundQuery?: boolean
  exactOnSingleWordQuery?: 'attribute' | 'word' | 'none'
  minProximity?: number
  disableTypoToleranceOnAttributes?: string[]
  disableExactOnAttributes?: string[]
  /** Query-time ranking, in place of the index's. */
  ranking?: string[]
  /** Relevant sort (virtual replicas): 0 shows every hit, 100 only the most relevant. */
  relevancyStrictness?: number
  /** Set by the service for a virtual replica: its searches use relevant sort. */
  relevantSort?: boolean
}

export interface HighlightResult {
  value: string
  matchLevel: 'none' | 'partial' | 'full'
  matchedWords: string[]
  fullyHighlighted?: boolean
}
export interface SnippetResult {
  value: string
  matchLevel: 'none' | 'partial' | 'full'
}
/** Highlight/snippet trees mirror the record's shape (objects and arrays recurse). */
export type HighlightTree<T> = T | HighlightTree<T>[] | { [key: string]: HighlightTree<T> }

export interface RankingInfo {
  nbTypos: number
  firstMatchedWord: number
  proximityDistance: number
  userScore: number
  geoDistance: number
  geoPrecision: number
  nbExactWords: number
  words: number
  filters: number
  matchedGeoLocation?: { lat: number; lng: number; distance: number }
  /** Set on a record a query rule pinned. */
  promoted?: boolean
}

export type Hit = Record<string, unknown> & {
  objectID: string
  _highlightResult?: Record<string, HighlightTree<HighlightResult>>
  _snippetResult?: Record<string, HighlightTree<SnippetResult>>
  _rankingInfo?: RankingInfo
}

export interface FacetStats {
  min: number
  max: number
  avg: number
  sum: number
}

/** The engine's answer, in Algolia's response vocabulary (the protocol adds query, params, index, queryID). */
export interface SearchResult {
  hits: Hit[]
  nbHits: number
  page: number
  nbPages: number
  hitsPerPage: number
  offset?: number
  length?: number
  facets?: Record<string, Record<string, number>>
  facets_stats?: Record<string, FacetStats>
  exhaustiveFacetsCount: boolean
  exhaustiveNbHits: boolean
  exhaustiveTypo: boolean
  exhaustive: { facetsCount: boolean; nbHits: boolean; typo: boolean }
  aroundLatLng?: string
  automaticRadius?: string
  renderingContent?: Record<string, unknown>
  /** Relevant sort only: the hits it kept and sorted, and the strictness it applied. */
  nbSortedHits?: number
  appliedRelevancyStrictness?: number
  processingTimeMS: number
  /**
   * Not Algolia's (the protocol leaves it out of the response): whether some hit matches every
   * query word. False when the hits are there only because words were made optional
   * (removeWordsIfNoResults, optionalWords); analytics counts only searches where it is true.
   */
  hitsWithAllWords: boolean
}

// Type aliases, not interfaces: they are assignable to the JSON shapes routes answer with.
export type FacetHit = {
  value: string
  highlighted: string
  count: number
}
export type FacetSearchResult = {
  facetHits: FacetHit[]
  exhaustiveFacetsCount: boolean
  processingTimeMS: number
}

/** Thrown for bad input the engine detects (unknown facet for faceting, bad ranking spec, ...). */
export class EngineError extends Error {
  override name = 'EngineError'
}

/**
 * One index in memory. Writes are applied incrementally (a one-record write never rebuilds the
 * whole index); `setSettings` may rebuild.
 */
export interface SearchIndexApi {
  readonly size: number
  settings(): IndexSettings
  setSettings(settings: IndexSettings): void
  setSynonyms(synonyms: Synonym[]): void
  synonyms(): readonly Synonym[]
  /** Add or replace records by objectID. */
  save(records: SearchRecord[]): void
  remove(objectIDs: string[]): void
  clear(): void
  get(objectID: string): SearchRecord | undefined
  /** All records in index order (browse, copy). */
  records(): Iterable<SearchRecord>
  search(params: SearchParams): SearchResult
  /** objectIDs of every record matching query + filters (deleteByQuery), no pagination limit. */
  matchingObjectIDs(params: SearchParams): string[]
  /** `facetQuery` is matched as a folded prefix of the facet value's words. */
  searchForFacetValues(
    facet: string,
    facetQuery: string,
    params: SearchParams & { maxFacetHits?: number },
  ): FacetSearchResult
  /** Rebuilds from the live records when tombstones make it worthwhile; answers stay the same. */
  compact?(): boolean
  /**
   * An engine for a replica with these settings that reads this engine's records rather than a
   * copy (undefined when it cannot): record writes then go to this engine only.
   */
  replica?(settings: IndexSettings): SearchIndexApi | undefined
  /** True for a replica that reads its primary's records (see `replica`). */
  readonly sharesPrimaryRecords?: boolean
}
