import { searchPageChunk } from '../search/lazy-search-page.ts'
import { lazyFrom, type Preloadable, preloadable } from '../ui/preloadable.ts'

// Heavy routes load on demand so that the start page stays small (the search page declares its own
// chunk in web/search/lazy-search-page.ts). The content parts bring the GraphQL client and the
// rich-text renderer, so they are chunks of their own too. Each chunk can be loaded ahead of
// rendering (preloadable.ts): the server loads all of them, the browser the one its first page needs.
const stationPageChunk = preloadable(() => import('../stations/station-page.tsx'))
const infoPageChunk = preloadable(() => import('../content/info-page.tsx'))
const noticesPageChunk = preloadable(() => import('../content/notices-page.tsx'))
const noticePageChunk = preloadable(() => import('../content/notice-page.tsx'))
const homeIntroChunk = preloadable(() => import('../content/home-intro.tsx'))
const homeNoticesChunk = preloadable(() => import('../content/home-notices.tsx'))
const stationNoticesChunk = preloadable(() => import('../content/station-notices.tsx'))
const stationLiftNoticesChunk = preloadable(() => import('../content/station-lift-notices.tsx'))
// Recommendations bring InstantSearch's recommend widgets: chunks of their own, mounted when idle
// (never on the server).
const trendingStationsChunk = preloadable(() => import('../search/trending-stations.tsx'))
const similarStationsChunk = preloadable(() => import('../search/similar-stations.tsx'))

export const StationPage = lazyFrom(stationPageChunk, (module) => module.StationPage)
export const InfoPage = lazyFrom(infoPageChunk, (module) => module.InfoPage)
export const NoticesPage = lazyFrom(noticesPageChunk, (module) => module.NoticesPage)
export const NoticePage = lazyFrom(noticePageChunk, (module) => module.NoticePage)
export const HomeIntro = lazyFrom(homeIntroChunk, (module) => module.HomeIntro)
export const HomeNotices = lazyFrom(homeNoticesChunk, (module) => module.HomeNotices)
export const StationNotices = lazyFrom(stationNoticesChunk, (module) => module.StationNotices)
export const StationLiftNotices = lazyFrom(stationLiftNoticesChunk, (module) => module.StationLiftNotices)
export const TrendingStations = lazyFrom(trendingStationsChunk, (module) => module.TrendingStations)
export const SimilarStations = lazyFrom(similarStationsChunk, (module) => module.SimilarStations)

/** The chunks a server-rendered page may contain, all loaded before the server renders. */
export const SERVER_RENDERED_CHUNKS = [
  searchPageChunk,
  stationPageChunk,
  infoPageChunk,
  noticesPageChunk,
  noticePageChunk,
  homeIntroChunk,
  homeNoticesChunk,
  stationNoticesChunk,
  stationLiftNoticesChunk,
]

/**
 * The chunk of the page at `pathname`, loaded before the browser hydrates it (its own parts, such as
 * the notices, hydrate when their chunks arrive).
 */
export function chunkOfPage(pathname: string): Preloadable<unknown> | undefined {
  if (pathname === '/suche') return searchPageChunk
  if (pathname.startsWith('/bahnhof/')) return stationPageChunk
  if (pathname.startsWith('/info/')) return infoPageChunk
  if (pathname === '/meldungen') return noticesPageChunk
  if (pathname.startsWith('/meldungen/')) return noticePageChunk
  return undefined
}

/**
 * The source modules (as Vite's manifest names them, relative to web/) of the lazy chunks a
 * server-rendered page at `pathname` shows: the server links their styles and scripts in its head.
 */
export function pageModules(pathname: string): string[] {
  if (pathname === '/') return ['content/home-intro.tsx', 'content/home-notices.tsx']
  if (pathname === '/suche') return ['search/search-page.tsx']
  if (pathname.startsWith('/bahnhof/')) {
    return ['stations/station-page.tsx', 'content/station-notices.tsx', 'content/station-lift-notices.tsx']
  }
  if (pathname.startsWith('/info/')) return ['content/info-page.tsx']
  if (pathname === '/meldungen') return ['content/notices-page.tsx']
  if (pathname.startsWith('/meldungen/')) return ['content/notice-page.tsx']
  return []
}
