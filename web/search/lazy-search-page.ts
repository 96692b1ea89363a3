import { lazy } from 'react'

// InstantSearch is the larger part of the app: /suche loads it on demand, so that the start page
// stays small. main.tsx starts the load early when the app opens on /suche.
export const loadSearchPage = () => import('./search-page.tsx')

export const SearchPage = lazy(() => loadSearchPage().then((module) => ({ default: module.SearchPage })))
