// Suggestions for the search fields of the start page and the header, and the trending searches of
// the empty state: the query-suggestions index (popular searches) and station names, asked in one
// multi-index query with the search-only key. A lazy chunk: pages load it on the field's focus.
import type { LiteClient } from 'algoliasearch/lite'
import type { Translate } from '../i18n/intl.tsx'
import type { AppConfig } from '../shared/config.ts'
import { querySuggestionsIndex } from '../shared/search-hosts.ts'
import { SEARCH_PATH } from '../shared/search-path.ts'
import { HIGHLIGHT_POST_TAG, HIGHLIGHT_PRE_TAG, highlightParts } from '../ui/highlight-parts.ts'
import type { SuggestionGroup, SuggestSource } from '../ui/suggestions.ts'
import { createSearchClient } from './search-client.ts'

const QUERY_SUGGESTIONS_SHOWN = 4
const STATION_SUGGESTIONS_SHOWN = 5
const TRENDING_SEARCHES_SHOWN = 6

interface QuerySuggestionHit {
  objectID: string
  query: string
  popularity?: number
  _highlightResult?: { query?: { value?: string } }
}

interface StationSuggestionHit {
  objectID: string
  name: string
  city?: string
  _highlightResult?: { name?: { value?: string } }
}

interface HitsResult<T> {
  hits: T[]
}

/** The /suche address of a query, as the search page's routing writes it. */
export function searchHref(query: string): string {
  return `${SEARCH_PATH}?${new URLSearchParams({ q: query })}`
}

function stationHref(objectID: string): string {
  return `/bahnhof/${encodeURIComponent(objectID)}`
}

// Keystrokes are not searches: prefixes ("kö", "köl") must not feed analytics and with them the
// query-suggestions index itself.
const COMMON = { highlightPreTag: HIGHLIGHT_PRE_TAG, highlightPostTag: HIGHLIGHT_POST_TAG, analytics: false }

function suggestionRequests(indexName: string, query: string) {
  return [
    {
      indexName: querySuggestionsIndex(indexName),
      query,
      hitsPerPage: QUERY_SUGGESTIONS_SHOWN,
      attributesToRetrieve: ['query'],
      attributesToHighlight: ['query'],
      ...COMMON,
    },
    stationRequest(indexName, query),
  ]
}

function stationRequest(indexName: string, query: string) {
  return {
    indexName,
    query,
    hitsPerPage: STATION_SUGGESTIONS_SHOWN,
    attributesToRetrieve: ['name', 'city'],
    attributesToHighlight: ['name'],
    ...COMMON,
  }
}

/** Compared as the service compares queries: case, spacing and Unicode form aside. */
function sameQuery(a: string, b: string): boolean {
  const normal = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('de')
  return normal(a) === normal(b)
}

function suggestionGroups(
  t: Translate,
  queries: readonly QuerySuggestionHit[],
  stations: readonly StationSuggestionHit[],
  typed = '',
): SuggestionGroup[] {
  return [
    {
      key: 'suchvorschlaege',
      label: t('suggestions.queries'),
      // A suggestion that says what was typed suggests nothing.
      suggestions: queries
        .filter((hit) => !sameQuery(hit.query, typed))
        .map((hit) => ({
          key: `q-${hit.objectID}`,
          label: highlightParts(hit._highlightResult?.query?.value ?? hit.query),
          href: searchHref(hit.query),
          value: hit.query,
        })),
    },
    {
      key: 'bahnhoefe',
      label: t('suggestions.stations'),
      suggestions: stations.map((hit) => ({
        key: `s-${hit.objectID}`,
        label: highlightParts(hit._highlightResult?.name?.value ?? hit.name),
        ...(hit.city && hit.city !== hit.name ? { detail: hit.city } : {}),
        href: stationHref(hit.objectID),
        value: hit.name,
      })),
    },
  ]
}

async function fetchSuggestions(client: LiteClient, indexName: string, query: string, t: Translate) {
  try {
    const { results } = await client.search({ requests: suggestionRequests(indexName, query) })
    const [queries, stations] = results as unknown as [
      HitsResult<QuerySuggestionHit>,
      HitsResult<StationSuggestionHit>,
    ]
    return suggestionGroups(t, queries.hits, stations.hits, query)
  } catch {
    // Without a query-suggestions index (not built yet) the stations still help.
    const { results } = await client.search({ requests: [stationRequest(indexName, query)] })
    const [stations] = results as unknown as [HitsResult<StationSuggestionHit>]
    return suggestionGroups(t, [], stations.hits, query)
  }
}

/** The most popular searches, most popular first; none when there is no query-suggestions index. */
export async function fetchTrendingSearches(client: LiteClient, indexName: string): Promise<string[]> {
  const { results } = await client.search({
    requests: [
      {
        indexName: querySuggestionsIndex(indexName),
        query: '',
        // More than shown: the order is by popularity whatever the index's ranking.
        hitsPerPage: 50,
        attributesToRetrieve: ['query', 'popularity'],
        attributesToHighlight: [],
        analytics: false,
      },
    ],
  })
  const [result] = results as unknown as [HitsResult<QuerySuggestionHit>]
  return [...result.hits]
    .sort((a, b) => (b.popularity ?? 0) - (a.popularity ?? 0))
    .slice(0, TRENDING_SEARCHES_SHOWN)
    .map((hit) => hit.query)
}

let shared: { search: AppConfig['search']; client: LiteClient } | undefined

/**
 * One client per configuration, shared by the fields of a page and across pages; the groups are
 * named with the field's messages (`t`).
 */
export function suggestionSource(search: AppConfig['search'], t: Translate): SuggestSource {
  if (shared?.search !== search) shared = { search, client: createSearchClient(search) }
  const { client } = shared
  return { suggest: (query) => fetchSuggestions(client, search.indexName, query, t) }
}
