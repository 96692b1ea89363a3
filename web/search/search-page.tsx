import { useRef, useState } from 'react'
import { Configure, InstantSearch } from 'react-instantsearch'
import { useNavigate } from 'react-router'
import { useConfig } from '../shared/config-context.tsx'
import { HITS_PER_PAGE, STALLED_SEARCH_DELAY_MS } from './constants.ts'
import { createInsights } from './insights.ts'
import { MapViewProvider } from './map-view.tsx'
import { createRouting } from './routing.ts'
import { createSearchClient } from './search-client.ts'
import { SearchClientContext } from './search-client-context.ts'
import { SearchLayout } from './search-layout.tsx'
import './search.css'
import { HIT_CARD_ATTRIBUTES } from '../stations/hit-card-attributes.ts'

/** What a hit card shows, and the position for its marker on the map. */
const HIT_ATTRIBUTES = [...HIT_CARD_ATTRIBUTES, '_geoloc']

export function SearchPage() {
  const { search } = useConfig()
  const navigate = useNavigate()
  const navigateRef = useRef(navigate)
  navigateRef.current = navigate

  // Created once per visit of /suche: InstantSearch must not see new clients on re-render.
  const [setup] = useState(() => ({
    searchClient: createSearchClient(search),
    insights: createInsights(search),
    routing: createRouting({
      indexName: search.indexName,
      push: (path) => navigateRef.current(path),
    }),
  }))

  return (
    <InstantSearch
      searchClient={setup.searchClient}
      indexName={search.indexName}
      routing={setup.routing}
      stalledSearchDelay={STALLED_SEARCH_DELAY_MS}
      insights={setup.insights}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <Configure hitsPerPage={HITS_PER_PAGE} attributesToRetrieve={HIT_ATTRIBUTES} clickAnalytics />
      <SearchClientContext value={setup.searchClient}>
        <MapViewProvider>
          <SearchLayout indexName={search.indexName} />
        </MapViewProvider>
      </SearchClientContext>
    </InstantSearch>
  )
}
