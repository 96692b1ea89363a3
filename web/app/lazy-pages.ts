import { lazy } from 'react'

// Heavy routes load on demand so that the start page stays small (the search page declares its own
// loader in web/search/lazy-search-page.ts). The content parts bring the GraphQL client and the
// rich-text renderer, so they are chunks of their own too.
export const loadStationPage = () => import('../stations/station-page.tsx')
export const loadInfoPage = () => import('../content/info-page.tsx')
export const loadNoticesPage = () => import('../content/notices-page.tsx')
export const loadNoticePage = () => import('../content/notice-page.tsx')

export const StationPage = lazy(() => loadStationPage().then((module) => ({ default: module.StationPage })))
export const InfoPage = lazy(() => loadInfoPage().then((module) => ({ default: module.InfoPage })))
export const NoticesPage = lazy(() => loadNoticesPage().then((module) => ({ default: module.NoticesPage })))
export const NoticePage = lazy(() => loadNoticePage().then((module) => ({ default: module.NoticePage })))

export const HomeIntro = lazy(() =>
  import('../content/home-intro.tsx').then((module) => ({ default: module.HomeIntro })),
)
export const HomeNotices = lazy(() =>
  import('../content/home-notices.tsx').then((module) => ({ default: module.HomeNotices })),
)
export const StationNotices = lazy(() =>
  import('../content/station-notices.tsx').then((module) => ({ default: module.StationNotices })),
)
export const StationLiftNotices = lazy(() =>
  import('../content/station-lift-notices.tsx').then((module) => ({ default: module.StationLiftNotices })),
)
// Recommendations bring InstantSearch's recommend widgets: chunks of their own, mounted when idle.
export const TrendingStations = lazy(() =>
  import('../search/trending-stations.tsx').then((module) => ({ default: module.TrendingStations })),
)
export const SimilarStations = lazy(() =>
  import('../search/similar-stations.tsx').then((module) => ({ default: module.SimilarStations })),
)
