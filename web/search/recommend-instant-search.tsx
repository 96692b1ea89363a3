import { type ReactNode, useState } from 'react'
import { InstantSearch } from 'react-instantsearch'
import { useConfig } from '../shared/config-context.tsx'
import { createInsights } from './insights.ts'
import { createSearchClient } from './search-client.ts'

/**
 * InstantSearch for a recommendation widget: the same search client (its recommend requests go to
 * the same host as searches) and click analytics as the search page. With only recommend widgets
 * inside, InstantSearch sends no search request.
 */
export function RecommendInstantSearch({ children }: { children: ReactNode }) {
  const { search } = useConfig()
  // Created once per widget: InstantSearch must not see new clients on re-render.
  const [setup] = useState(() => ({
    searchClient: createSearchClient(search),
    insights: createInsights(search),
  }))
  return (
    <InstantSearch
      searchClient={setup.searchClient}
      indexName={search.indexName}
      insights={setup.insights}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      {children}
    </InstantSearch>
  )
}
