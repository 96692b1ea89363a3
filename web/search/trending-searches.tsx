import { type MouseEvent, useEffect, useId, useState } from 'react'
import { useInstantSearch } from 'react-instantsearch'
import { Message, usePathInLocale } from '../i18n/intl.tsx'
import { useConfig } from '../shared/config-context.tsx'
import { fetchTrendingSearches, searchHref } from './query-suggestions.ts'
import { useSearchClient } from './search-client-context.ts'

/** The most popular searches, as a way out of an empty result; nothing when none are known. */
export function TrendingSearches() {
  const client = useSearchClient()
  const { indexName } = useConfig().search
  const { setIndexUiState } = useInstantSearch()
  const headingId = useId()
  const [queries, setQueries] = useState<string[]>([])
  const inLocale = usePathInLocale()

  useEffect(() => {
    let current = true
    fetchTrendingSearches(client, indexName).then(
      (found) => current && setQueries(found),
      () => current && setQueries([]),
    )
    return () => {
      current = false
    }
  }, [client, indexName])

  if (queries.length === 0) return null

  function open(event: MouseEvent<HTMLAnchorElement>, query: string) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    // The search runs in place, as the link's address says: this query, no filters. InstantSearch
    // writes the address itself (a router navigation would not reach it).
    event.preventDefault()
    setIndexUiState({ query })
  }

  return (
    <section className="trending-searches" aria-labelledby={headingId}>
      <h4 id={headingId}>
        <Message id="trendingSearches.heading" />
      </h4>
      <ul>
        {queries.map((query) => (
          <li key={query}>
            <a href={inLocale(searchHref(query))} onClick={(event) => open(event, query)}>
              {query}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
