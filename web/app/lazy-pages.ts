import { localeOfPath, withoutLocale } from '../i18n/locale.ts'
import { searchPageChunk } from '../search/lazy-search-page.ts'
import { lazyFrom, type Preloadable, preloadable } from '../ui/preloadable.ts'

// Heavy routes load on demand so that the start page stays small (the search page declares its own
// chunk in web/search/lazy-search-page.ts). The content parts bring the GraphQL client and the
// rich-text renderer, so they are chunks of their own too. Each chunk can be loaded ahead of
// rendering (preloadable.ts): the server loads all of them, the browser the one its first page needs.
const stationPageChunk = preloadable(
  'stations/station-page.tsx',
  () => import('../stations/station-page.tsx'),
)
const infoPageChunk = preloadable('content/info-page.tsx', () => import('../content/info-page.tsx'))
const noticesPageChunk = preloadable('content/notices-page.tsx', () => import('../content/notices-page.tsx'))
const noticePageChunk = preloadable('content/notice-page.tsx', () => import('../content/notice-page.tsx'))
const homeIntroChunk = preloadable('content/home-intro.tsx', () => import('../content/home-intro.tsx'))
const homeNoticesChunk = preloadable('content/home-notices.tsx', () => import('../content/home-notices.tsx'))
const stationNoticesChunk = preloadable(
  'content/station-notices.tsx',
  () => import('../content/station-notices.tsx'),
)
const stationLiftNoticesChunk = preloadable(
  'content/station-lift-notices.tsx',
  () => import('../content/station-lift-notices.tsx'),
)
// Recommendations bring InstantSearch's recommend widgets: chunks of their own, mounted when idle
// (never on the server).
const trendingStationsChunk = preloadable(
  'search/trending-stations.tsx',
  () => import('../search/trending-stations.tsx'),
)
const similarStationsChunk = preloadable(
  'search/similar-stations.tsx',
  () => import('../search/similar-stations.tsx'),
)

export const StationPage = lazyFrom(stationPageChunk, (module) => module.StationPage)
export const InfoPage = lazyFrom(infoPageChunk, (module) => module.InfoPage)
export const NoticesPage = lazyFrom(noticesPageChunk, (module) => module.NoticesPage)
export const NoticePage = lazyFrom(noticePageChunk, (module) => module.NoticePage)
export const HomeIntro = lazyFrom(homeIntroChunk, (module) => module.HomeIntro)
export const HomeNotices = lazyFrom(homeNoticesChunk, (module) => module.HomeNotices)
export const StationNotices = lazyFrom(stationNoticesChunk, (module) => module.StationNotices)
export const StationLiftNotices = lazyFrom(stationLiftNoticesChunk, (module) => module.StationLiftNotices)
export const LiftNotices = lazyFrom(stationLiftNoticesChunk, (module) => module.LiftNotices)
export const TrendingStations = lazyFrom(trendingStationsChunk, (module) => module.TrendingStations)
export const SimilarStations = lazyFrom(similarStationsChunk, (module) => module.SimilarStations)

/**
 * The server-rendered pages and their chunks: `page` is the chunk the browser loads before it
 * hydrates (the page's own parts, such as the notices, hydrate when theirs arrive); `parts` are
 * the lazy parts the page shows. The server loads them all before it renders and links their
 * styles and scripts in the page's head.
 */
const PAGE_ROUTES: ReadonlyArray<{
  matches: (pathname: string) => boolean
  page?: Preloadable<unknown>
  parts: ReadonlyArray<Preloadable<unknown>>
}> = [
  { matches: (path) => path === '/', parts: [homeIntroChunk, homeNoticesChunk] },
  { matches: (path) => path === '/suche', page: searchPageChunk, parts: [] },
  {
    matches: (path) => path.startsWith('/bahnhof/'),
    page: stationPageChunk,
    parts: [stationNoticesChunk, stationLiftNoticesChunk],
  },
  { matches: (path) => path.startsWith('/info/'), page: infoPageChunk, parts: [] },
  { matches: (path) => path === '/meldungen', page: noticesPageChunk, parts: [] },
  { matches: (path) => path.startsWith('/meldungen/'), page: noticePageChunk, parts: [] },
]

/** The chunks a server-rendered page may contain, all loaded before the server renders. */
export const SERVER_RENDERED_CHUNKS = PAGE_ROUTES.flatMap((route) => [
  ...(route.page ? [route.page] : []),
  ...route.parts,
])

/** The route of an address, in either language (`/en/suche` is the search page too). */
const routeOf = (pathname: string) => {
  const path = withoutLocale(pathname)
  return PAGE_ROUTES.find((route) => route.matches(path))
}

/** The chunk of the page at `pathname`, loaded before the browser hydrates it. */
export function chunkOfPage(pathname: string): Preloadable<unknown> | undefined {
  return routeOf(pathname)?.page
}

/**
 * The source modules (as Vite's manifest names them, relative to web/) of the lazy chunks a
 * server-rendered page at `pathname` shows: the server links their styles and scripts in its head.
 */
export function pageModules(pathname: string): string[] {
  // An English page's words are a chunk of their own, needed before it hydrates.
  const words = localeOfPath(pathname) === 'en' ? ['i18n/messages/en.json'] : []
  const route = routeOf(pathname)
  if (!route) return words
  return [...(route.page ? [route.page] : []), ...route.parts].map((chunk) => chunk.source).concat(words)
}
