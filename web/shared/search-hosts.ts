import type { AppConfig } from './config.ts'

// Kept free of the search client so that pages without InstantSearch stay small.

/** Base URL of the search API for calls the lite client lacks (getObject). */
export function searchApiBase(search: AppConfig['search']): string {
  const first = search.hosts?.[0]
  if (first) return `${first.protocol}://${first.url}`
  return `https://${search.appId}-dsn.algolia.net`
}

/** Index names of the sort replicas, derived from the main index name. */
export function sortIndices(indexName: string) {
  return {
    relevance: indexName,
    nameAsc: `${indexName}_name_asc`,
    nameDesc: `${indexName}_name_desc`,
    category: `${indexName}_category_asc`,
  } as const
}

/** The query-suggestions index of an index, named as Algolia's Query Suggestions names it. */
export function querySuggestionsIndex(indexName: string): string {
  return `${indexName}_query_suggestions`
}
