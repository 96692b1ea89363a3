import { lazy } from 'react'

// Heavy routes load on demand so that the start page stays small.
export const loadSearchPage = () => import('../search/search-page.tsx')
export const loadStationPage = () => import('../stations/station-page.tsx')

export const SearchPage = lazy(() => loadSearchPage().then((module) => ({ default: module.SearchPage })))
export const StationPage = lazy(() => loadStationPage().then((module) => ({ default: module.StationPage })))
