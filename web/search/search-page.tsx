import { useRef, useState } from 'react'
import {
  Configure,
  InstantSearch,
  type InstantSearchServerState,
  InstantSearchSSRProvider,
} from 'react-instantsearch'
import { useLocation, useNavigate } from 'react-router'
import { useMessages, usePathInLocale } from '../i18n/intl.tsx'
import { useConfig } from '../shared/config-context.tsx'
import { useRenderEnvironment } from '../shared/render-context.tsx'
import { searchTitle } from '../shared/search-title.ts'
import { HITS_PER_PAGE, STALLED_SEARCH_DELAY_MS } from './constants.ts'
import { DisposeHydratedSearch } from './dispose-hydrated-search.tsx'
import { createInsights } from './insights.ts'
import { MapViewProvider } from './map-view.tsx'
import { createRouting } from './routing.ts'
import { createSearchClient, fetchRequester } from './search-client.ts'
import { SearchClientContext } from './search-client-context.ts'
import { SearchLayout } from './search-layout.tsx'
import { AwaitServerSearch, ServerSearch, StartServerSearch } from './server-search.tsx'
import './search.css'
import { HIT_CARD_ATTRIBUTES } from '../stations/hit-card-attributes.ts'

/** What a hit card shows, and the position for its marker on the map. */
const HIT_ATTRIBUTES = [...HIT_CARD_ATTRIBUTES, '_geoloc']

export function SearchPage() {
  const { search } = useConfig()
  const navigate = useNavigate()
  const navigateRef = useRef(navigate)
  navigateRef.current = navigate
  const environment = useRenderEnvironment()
  const t = useMessages()
  const location = useLocation()
  const inLocale = usePathInLocale()

  // Created once per visit of /suche: InstantSearch must not see new clients on re-render. On the
  // server, searches go through its in-process fetch and no click events are sent.
  const [setup] = useState(() => {
    const server = environment.preloaded.server
    const requester = server ? fetchRequester(environment.fetch) : undefined
    return {
      searchClient: createSearchClient(search, requester),
      // The page's own requests (the map's points, popular searches) use a client of their own:
      // InstantSearch rewrites `search` of the client it hydrates with the server's results, and
      // that rewrite understands only the older array form of a multi-query.
      ownClient: createSearchClient(search, requester),
      insights: server ? false : createInsights(search),
      routing: createRouting({
        indexName: search.indexName,
        push: (path, options) => navigateRef.current(path, options),
        title: (query) => searchTitle(t, query),
        ...(server && environment.origin
          ? { serverUrl: `${environment.origin}${inLocale(location.pathname)}${location.search}` }
          : {}),
      }),
      // The results the server rendered the page with: hydration shows them without searching again.
      serverState: environment.searchState() as InstantSearchServerState | undefined,
    }
  })

  // On the server, the page renders once: its widgets wait for its search (server-search.tsx).
  const keepSearchState = environment.preloaded.server ? environment.keepSearchState : undefined
  const page = (
    <InstantSearch
      searchClient={setup.searchClient}
      indexName={search.indexName}
      routing={setup.routing}
      stalledSearchDelay={STALLED_SEARCH_DELAY_MS}
      insights={setup.insights}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      {keepSearchState ? <AwaitServerSearch onResults={keepSearchState} /> : null}
      {setup.serverState ? <DisposeHydratedSearch /> : null}
      <Configure hitsPerPage={HITS_PER_PAGE} attributesToRetrieve={HIT_ATTRIBUTES} clickAnalytics />
      <SearchClientContext value={setup.ownClient}>
        <MapViewProvider>
          <SearchLayout indexName={search.indexName} />
        </MapViewProvider>
      </SearchClientContext>
      {keepSearchState ? <StartServerSearch /> : null}
    </InstantSearch>
  )
  if (keepSearchState) return <ServerSearch>{page}</ServerSearch>
  return setup.serverState ? (
    <InstantSearchSSRProvider {...setup.serverState}>{page}</InstantSearchSSRProvider>
  ) : (
    page
  )
}
