import { lazy } from 'react'

// Heavy routes load on demand so that the start page stays small (the search page declares its own
// loader in web/search/lazy-search-page.ts).
export const loadStationPage = () => import('../stations/station-page.tsx')

export const StationPage = lazy(() => loadStationPage().then((module) => ({ default: module.StationPage })))
