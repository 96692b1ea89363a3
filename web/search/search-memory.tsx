import { useEffect } from 'react'
import { useInstantSearch } from 'react-instantsearch'
import { rememberSearch } from '../shared/last-search.ts'
import { searchUrlPath, stateToRoute } from './routing.ts'

/** Keeps the current search for "Zurück zur Suche", even before the URL is written. */
export function SearchMemory({ indexName }: { indexName: string }) {
  const { uiState } = useInstantSearch()
  useEffect(() => {
    rememberSearch(searchUrlPath(stateToRoute(uiState, indexName)))
  }, [uiState, indexName])
  return null
}
