import { Suspense } from 'react'
import { useLocation } from 'react-router'
import { searchTitle } from '../shared/search-title.ts'
import { SearchPage } from './lazy-search-page.ts'

/**
 * /suche: the heading comes with the main bundle and paints at once; the search itself (InstantSearch,
 * a larger chunk) loads behind it.
 */
export function SearchRoute() {
  const { search } = useLocation()
  return (
    <div className="search-page">
      <title>{searchTitle(search)}</title>
      <h1 className="search-title" data-outside-filter>
        Bahnhofssuche
      </h1>
      <Suspense
        fallback={
          <p className="page-loading" role="status">
            Suche wird geladen …
          </p>
        }
      >
        <SearchPage />
      </Suspense>
    </div>
  )
}
