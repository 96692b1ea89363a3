import type { LiteClient } from 'algoliasearch/lite'
import { createContext, use } from 'react'

/**
 * The page's search client for its own requests (the map's lean query of every matching station,
 * the popular searches), apart from InstantSearch's.
 */
export const SearchClientContext = createContext<LiteClient | null>(null)

export function useSearchClient(): LiteClient {
  const client = use(SearchClientContext)
  if (!client) throw new Error('useSearchClient outside <SearchClientContext>')
  return client
}
