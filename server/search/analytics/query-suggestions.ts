// The query suggestions index, built like Algolia's Query Suggestions: one record per popular
// search of the last 30 days (as analytics counts them: the last query of each typing sequence),
// kept when it has at least 3 letters and still finds at least 1 hit in the source index, with the
// source's hit count and its top facet values. Seed queries from the data (the caller's) fill in
// with popularity 0, so the index is never empty on a fresh install. The index is rebuilt through
// the search service's ordinary writes into a temporary index, then moved over the old one.
import type { IndexSettings } from '../engine/types.ts'
import type { SearchService } from '../service/search-service.ts'
import { normalizeQuery } from './query-aggregation.ts'
import type { SearchAnalytics } from './search-analytics.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export interface QuerySuggestionsConfig {
  sourceIndex: string
  indexName: string
  /** Facets whose top values each suggestion carries (`facets.exact_matches`). */
  facets: string[]
  /** Queries to suggest without any search recorded yet. */
  seeds?: () => string[]
  minLetters?: number
  minHits?: number
  days?: number
  maxSuggestions?: number
  facetValues?: number
}

export interface QuerySuggestion {
  objectID: string
  query: string
  popularity: number
  nb_words: number
  [sourceIndex: string]: unknown
}

export const QUERY_SUGGESTIONS_SETTINGS: IndexSettings = {
  searchableAttributes: ['query'],
  customRanking: ['desc(popularity)'],
}

export class QuerySuggestions {
  readonly #service: SearchService
  readonly #analytics: SearchAnalytics
  readonly #config: Required<Omit<QuerySuggestionsConfig, 'seeds'>> & Pick<QuerySuggestionsConfig, 'seeds'>

  constructor(service: SearchService, analytics: SearchAnalytics, config: QuerySuggestionsConfig) {
    this.#service = service
    this.#analytics = analytics
    this.#config = {
      minLetters: 3,
      minHits: 1,
      days: 30,
      maxSuggestions: 1000,
      facetValues: 5,
      ...config,
    }
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
    const { sourceIndex, minLetters, minHits, days, maxSuggestions } = this.#config
    const popularity = new Map<string, number>()
    for (const seed of this.#config.seeds?.() ?? []) popularity.set(normalizeQuery(seed), 0)
    for (const { search, count } of this.#analytics.popularSearches(sourceIndex, now - days * DAY_MS, now)) {
      popularity.set(search, count)
    }
    const suggestions: QuerySuggestion[] = []
    const ranked = [...popularity].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    for (const [query, count] of ranked) {
      if (suggestions.length >= maxSuggestions) break
      if (query.replace(/\s/g, '').length < minLetters) continue
      const suggestion = this.#suggestion(query, count)
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

  #suggestion(query: string, popularity: number): QuerySuggestion | undefined {
    const { sourceIndex, facets, facetValues } = this.#config
    let result: ReturnType<SearchService['search']>
    try {
      result = this.#service.search(sourceIndex, {
        query,
        hitsPerPage: 0,
        facets,
        maxValuesPerFacet: facetValues,
      })
    } catch {
      // A query the engine refuses (too long, say) is no suggestion.
      return undefined
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
      query,
      popularity,
      nb_words: query.split(' ').length,
      [sourceIndex]: {
        exact_nb_hits: result.nbHits,
        facets: { exact_matches: exactMatches, analytics: {} },
      },
    }
  }
}
