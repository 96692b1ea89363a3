import { Suspense } from 'react'
import { useLocation } from 'react-router'
import { Message, useMessages } from '../i18n/intl.tsx'
import { searchTitle } from '../shared/search-title.ts'
import { SearchPage } from './lazy-search-page.ts'

/**
 * /suche: the heading comes with the main bundle and paints at once; the search itself (InstantSearch,
 * a larger chunk) loads behind it.
 */
export function SearchRoute() {
  const { search } = useLocation()
  const t = useMessages()
  return (
    <div className="search-page">
      <title>{searchTitle(t, search)}</title>
      <h1 className="search-title" data-outside-filter>
        <Message id="search.heading" />
      </h1>
      <Suspense
        fallback={
          <p className="page-loading" role="status">
            <Message id="search.loading" />
          </p>
        }
      >
        <SearchPage />
      </Suspense>
    </div>
  )
}
