import { useEffect } from 'react'
import { rememberSearch } from '../shared/last-search.ts'
import { searchUrlPath, stateToRoute } from './routing.ts'
import { useSearchAnswer } from './server-search.tsx'

/** Keeps the current search for "Zurück zur Suche", even before the URL is written. */
export function SearchMemory({ indexName }: { indexName: string }) {
  const { uiState } = useSearchAnswer()
  useEffect(() => {
    rememberSearch(searchUrlPath(stateToRoute(uiState, indexName)))
  }, [uiState, indexName])
  return null
}
