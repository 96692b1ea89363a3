// The query suggestions index, built like Algolia's Query Suggestions: one record per popular
// search of the last 30 days (as analytics counts them: the last query of each typing sequence).
// Its suggestions are shown to every visitor, so one client must not be able to plant one: a query
// counts only when enough distinct clients asked it and found hits with all its words (counted by
// user and by address, whichever are fewer: SearchAnalytics.popularSearches), its popularity is the
// number of those clients, and it must still find `minHits` stations with all its words now,
// spelled as a station spells them: with no typo forgiven and no word cut short, and as one of
// them writes its name or place (`spelledIn`, suggestion-rules.ts' spelledAsIn), so that what a
// stranger mistyped is never put into every visitor's search field. The rules of
// suggestion-rules.ts (minLetters, the exclusion list, banned expressions, no links, addresses,
// phone numbers or hidden characters) apply to every query. Seed queries from the data (the caller's) fill in with popularity 0, so
// the index is never empty on a fresh install. The index is rebuilt through the search service's
// ordinary writes into a temporary index, then moved over the old one.
import type { IndexSettings } from '../../../search-core/index.ts'
import type { SearchService } from '../service/search-service.ts'
import { normalizeQuery } from './query-aggregation.ts'
import type { SearchAnalytics } from './search-analytics.ts'
import { SuggestionFilter, spelledAsIn } from './suggestion-rules.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** Hits of a candidate looked through for one that spells it (the best matches come first). */
const SPELLING_HITS = 20

export interface QuerySuggestionsConfig {
  sourceIndex: string
  indexName: string
  /** Facets whose top values each suggestion carries (`facets.exact_matches`). */
  facets: string[]
  /** Queries to suggest without any search recorded yet. */
  seeds?: () => string[]
  /** Distinct users who must have asked a query (and found hits) within `days`. */
  minUsers?: number
  days?: number
  /** Stations the query must find with all its words, spelled as they are, when the index is built. */
  minHits?: number
  /**
   * Attributes of the source's records (a station's name, its place) one of which must hold the
   * query's words as it spells them, in the query's order (none: that is not checked).
   */
  spelledIn?: string[]
  minLetters?: number
  /** Queries never suggested, matched whole. */
  exclude?: readonly string[]
  /** Substrings or patterns that keep a query out. */
  banned?: readonly (string | RegExp)[]
  maxSuggestions?: number
  facetValues?: number
}

/** The defaults: Algolia's rules, and a popularity floor no single client reaches alone. */
export const QUERY_SUGGESTIONS_DEFAULTS = {
  minUsers: 5,
  days: 30,
  minHits: 1,
  minLetters: 3,
  maxSuggestions: 1000,
  facetValues: 5,
} as const

export interface QuerySuggestion {
  objectID: string
  query: string
  popularity: number
  /** Seeds only: their place in the seed list (the busiest station's city is 0). */
  seed_rank?: number
  nb_words: number
  [sourceIndex: string]: unknown
}

const QUERY_SUGGESTIONS_SETTINGS: IndexSettings = {
  searchableAttributes: ['query'],
  // Among equally popular suggestions the seeds keep their order (busiest station's city first).
  customRanking: ['desc(popularity)', 'asc(seed_rank)'],
}

type Options = Required<Omit<QuerySuggestionsConfig, 'seeds' | 'exclude' | 'banned' | 'spelledIn'>> &
  Pick<QuerySuggestionsConfig, 'seeds'> & { spelledIn: readonly string[] }

export class QuerySuggestions {
  readonly #service: SearchService
  readonly #analytics: SearchAnalytics
  readonly #config: Options
  readonly #filter: SuggestionFilter

  constructor(service: SearchService, analytics: SearchAnalytics, config: QuerySuggestionsConfig) {
    this.#service = service
    this.#analytics = analytics
    const { exclude = [], banned = [], spelledIn = [], ...rest } = config
    this.#config = { ...QUERY_SUGGESTIONS_DEFAULTS, ...rest, spelledIn }
    this.#filter = new SuggestionFilter({ minLetters: this.#config.minLetters, exclude, banned })
  }

  get indexName(): string {
    return this.#config.indexName
  }

  /** Whether the index is there (from an earlier run). */
  exists(): boolean {
    return this.#service.hasIndex(this.#config.indexName)
  }

  /** The records the index should hold now, most popular first. */
  build(now = Date.now()): QuerySuggestion[] {
    const { sourceIndex, minUsers, minHits, days, maxSuggestions } = this.#config
    // Normalized query → how many users asked it, how it is written, and (seeds) its rank.
    const popularity = new Map<string, { count: number; spelling: string; rank: number }>()
    ;(this.#config.seeds?.() ?? []).forEach((seed, rank) => {
      const key = normalizeQuery(seed)
      if (!popularity.has(key)) popularity.set(key, { count: 0, spelling: seed.trim(), rank })
    })
    // Up to and including this millisecond: a search answered just now counts.
    const asked = this.#analytics.popularSearches(sourceIndex, now - days * DAY_MS, now + 1)
    for (const { search, users, spelling } of asked) {
      if (users < minUsers) continue
      const seeded = popularity.get(search)
      popularity.set(search, {
        count: users,
        spelling: seeded?.spelling ?? spelling,
        rank: seeded?.rank ?? Infinity,
      })
    }
    const suggestions: QuerySuggestion[] = []
    // Most users first; seeds nobody asked yet in their own order (busiest first), then by name.
    const ranked = [...popularity].sort(
      (a, b) => b[1].count - a[1].count || a[1].rank - b[1].rank || a[0].localeCompare(b[0]),
    )
    for (const [query, { count, spelling, rank }] of ranked) {
      if (suggestions.length >= maxSuggestions) break
      if (this.#filter.rejection(query) !== undefined) continue
      const suggestion = this.#suggestion(query, count, spelling, rank)
      if (suggestion && (suggestion[sourceIndex] as { exact_nb_hits: number }).exact_nb_hits >= minHits) {
        suggestions.push(suggestion)
      }
    }
    return suggestions
  }

  /**
   * Rebuilds the index from build(); returns how many suggestions it holds, how long it took and
   * the task that publishes it (undefined when there is no source index yet).
   */
  rebuild(now = Date.now()): { suggestions: number; ms: number; taskID?: number } {
    const started = performance.now()
    if (!this.#service.hasIndex(this.#config.sourceIndex)) return { suggestions: 0, ms: 0 }
    const records = this.build(now)
    const staging = `${this.#config.indexName}_rebuild`
    if (this.#service.hasIndex(staging)) this.#service.deleteIndex(staging)
    this.#service.setSettings(staging, QUERY_SUGGESTIONS_SETTINGS, false)
    if (records.length > 0) {
      this.#service.batch(records.map((body) => ({ action: 'addObject', indexName: staging, body })))
    }
    const { taskID } = this.#service.moveIndex(staging, this.#config.indexName)
    return { suggestions: records.length, ms: Math.round(performance.now() - started), taskID }
  }

  #suggestion(
    query: string,
    popularity: number,
    spelling: string,
    rank: number,
  ): QuerySuggestion | undefined {
    const { sourceIndex, facets, facetValues, spelledIn } = this.#config
    let result: ReturnType<SearchService['search']>
    try {
      // Only stations with every word count (the source's removeWordsIfNoResults would find
      // something for almost any text), each word as they spell it: no typo, no prefix.
      result = this.#service.search(sourceIndex, {
        query,
        hitsPerPage: spelledIn.length > 0 ? SPELLING_HITS : 0,
        attributesToRetrieve: [...spelledIn],
        attributesToHighlight: [],
        attributesToSnippet: [],
        facets,
        maxValuesPerFacet: facetValues,
        removeWordsIfNoResults: 'none',
        optionalWords: [],
        typoTolerance: false,
        queryType: 'prefixNone',
      })
    } catch {
      // A query the engine refuses (too long, say) is no suggestion.
      return undefined
    }
    if (spelledIn.length > 0) {
      const spelled = result.hits.some((hit) =>
        spelledIn.some((attribute) => {
          const value = (hit as Record<string, unknown>)[attribute]
          return typeof value === 'string' && spelledAsIn(query, value)
        }),
      )
      if (!spelled) return undefined
    }
    const exactMatches = Object.fromEntries(
      facets.map((facet) => [
        facet,
        Object.entries(result.facets?.[facet] ?? {})
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .slice(0, facetValues)
          .map(([value, count]) => ({ value, count })),
      ]),
    )
    return {
      objectID: query,
      // As travellers write it; the objectID stays the normalized form, one record per query.
      query: spelling,
      popularity,
      ...(Number.isFinite(rank) ? { seed_rank: rank } : {}),
      nb_words: query.split(' ').length,
      [sourceIndex]: {
        exact_nb_hits: result.nbHits,
        facets: { exact_matches: exactMatches, analytics: {} },
      },
    }
  }
}
