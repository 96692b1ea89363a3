// Maps the InstantSearch UI state to readable German query parameters on /suche and back, e.g.
// /suche?q=köln&bundesland=Nordrhein-Westfalen&zuege=ICE&ausstattung=WLAN&seite=2
import type { UiState } from 'instantsearch.js'
import { history } from 'instantsearch.js/es/lib/routers'
import { localeBase, localeOfPath, withoutLocale } from '../i18n/locale.ts'
import { sortIndices } from '../shared/search-hosts.ts'
import { SEARCH_PATH } from '../shared/search-path.ts'
import { URL_WRITE_DELAY_MS } from './constants.ts'

/** German parameter name → facet attribute of the `stations` index. */
const FACET_PARAMS = {
  bundesland: 'federalState',
  zuege: 'trains',
  kategorie: 'category',
  ausstattung: 'facilities',
  zugang: 'steplessAccess',
  bahnsteighoehe: 'platformHeights',
  aufzug: 'lift',
  aufgabentraeger: 'operator',
  bahnhofstyp: 'segment',
} as const

export type FacetParam = keyof typeof FACET_PARAMS
export type FacetAttribute = (typeof FACET_PARAMS)[FacetParam]

export const SORT_PARAMS = ['name-az', 'name-za', 'kategorie'] as const
export type SortParam = (typeof SORT_PARAMS)[number]

export type RouteState = Partial<Record<FacetParam, string[]>> & {
  q?: string
  seite?: number
  sortierung?: SortParam
  /** The map box "south,west,north,east"… as InstantSearch's geoSearch writes it (the map's "search as the map moves"). */
  karte?: string
}

const facetParams = Object.keys(FACET_PARAMS) as FacetParam[]

/** The URL parameter of a facet attribute (`federalState` → `bundesland`). */
export function facetParam(attribute: FacetAttribute): FacetParam {
  return facetParams.find((param) => FACET_PARAMS[param] === attribute) ?? facetParams[0]!
}

export function sortParamToIndex(indexName: string, sort: SortParam): string {
  const indices = sortIndices(indexName)
  if (sort === 'name-az') return indices.nameAsc
  if (sort === 'name-za') return indices.nameDesc
  return indices.category
}

export function indexToSortParam(indexName: string, index: string | undefined): SortParam | undefined {
  const indices = sortIndices(indexName)
  if (index === indices.nameAsc) return 'name-az'
  if (index === indices.nameDesc) return 'name-za'
  if (index === indices.category) return 'kategorie'
  return undefined
}

export function stateToRoute(uiState: UiState, indexName: string): RouteState {
  const state = uiState[indexName] ?? {}
  const route: RouteState = {}
  if (state.query) route.q = state.query
  for (const param of facetParams) {
    const values = state.refinementList?.[FACET_PARAMS[param]]
    if (values && values.length > 0) route[param] = [...values]
  }
  if (state.page && state.page > 1) route.seite = state.page
  const sort = indexToSortParam(indexName, state.sortBy)
  if (sort) route.sortierung = sort
  const box = state.geoSearch?.boundingBox
  if (box) route.karte = box
  return route
}

function routeToState(route: RouteState, indexName: string): UiState {
  const refinementList: Record<string, string[]> = {}
  for (const param of facetParams) {
    const values = route[param]
    if (values && values.length > 0) refinementList[FACET_PARAMS[param]] = values
  }
  return {
    [indexName]: {
      ...(route.q ? { query: route.q } : {}),
      ...(Object.keys(refinementList).length > 0 ? { refinementList } : {}),
      ...(route.seite && route.seite > 1 ? { page: route.seite } : {}),
      ...(route.sortierung ? { sortBy: sortParamToIndex(indexName, route.sortierung) } : {}),
      ...(route.karte ? { geoSearch: { boundingBox: route.karte } } : {}),
    },
  }
}

/** `?q=…&bundesland=…` in a fixed parameter order, or '' for the empty state. */
export function routeToQueryString(route: RouteState): string {
  const params = new URLSearchParams()
  if (route.q) params.set('q', route.q)
  for (const param of facetParams) {
    for (const value of route[param] ?? []) params.append(param, value)
  }
  if (route.seite && route.seite > 1) params.set('seite', String(route.seite))
  if (route.sortierung) params.set('sortierung', route.sortierung)
  if (route.karte) params.set('karte', route.karte)
  const query = params.toString()
  return query ? `?${query}` : ''
}

const MAX_QUERY_LENGTH = 512
const MAX_VALUES_PER_FACET = 100
const BOX = /^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/

/** Reads a query string leniently: unknown parameters and malformed values are dropped. */
export function queryStringToRoute(search: string): RouteState {
  const params = new URLSearchParams(search)
  const route: RouteState = {}
  const q = params.get('q')?.trim()
  if (q) route.q = q.slice(0, MAX_QUERY_LENGTH)
  for (const param of facetParams) {
    const values = [...new Set(params.getAll(param).filter((value) => value.length > 0))]
    if (param === 'kategorie') {
      const categories = values.filter((value) => /^[1-7]$/.test(value))
      if (categories.length > 0) route.kategorie = categories
    } else if (values.length > 0) {
      route[param] = values.slice(0, MAX_VALUES_PER_FACET)
    }
  }
  const page = Number(params.get('seite'))
  if (Number.isInteger(page) && page > 1) route.seite = page
  const sort = params.get('sortierung')
  if ((SORT_PARAMS as readonly string[]).includes(sort ?? '')) route.sortierung = sort as SortParam
  const box = params.get('karte')
  if (box && BOX.test(box)) route.karte = box
  return route
}

export function searchUrlPath(route: RouteState): string {
  return `${SEARCH_PATH}${routeToQueryString(route)}`
}

/**
 * `ansicht=karte`: the map instead of the list on narrow screens. Not search state: the layout owns
 * it, and the URLs InstantSearch writes keep it.
 */
export const VIEW_PARAM = 'ansicht'
export const MAP_VIEW = 'karte'

/** `path` with the view of the current address (a write may have been scheduled before a switch). */
export function keepViewParam(path: string, currentSearch: string): string {
  const [pathname, query = ''] = path.split('?')
  const params = new URLSearchParams(query)
  params.delete(VIEW_PARAM)
  if (new URLSearchParams(currentSearch).get(VIEW_PARAM) === MAP_VIEW) params.set(VIEW_PARAM, MAP_VIEW)
  const search = params.toString()
  return search ? `${pathname}?${search}` : `${pathname}`
}

/** The query whose address the next write replaces instead of adding an entry after it. */
let replacing: string | undefined

/**
 * The next address written replaces the current one if that is still the search for `query`: a
 * query the app turned into a refinement ("nrw" → the Bundesland filter) leaves no entry behind
 * that Back would return to, and that would turn into the refinement again.
 */
export function replaceNextUrlWrite(query: string): void {
  replacing = query
}

function takeReplace(currentSearch: string): boolean {
  const query = replacing
  replacing = undefined
  return query !== undefined && (new URLSearchParams(currentSearch).get('q') ?? '') === query
}

export interface RoutingOptions {
  indexName: string
  /** Lets the app's router own history entries, so that it knows the current location. */
  push: (path: string, options: { replace: boolean }) => void
  /** On the server, where there is no window: the absolute URL of the page being rendered. */
  serverUrl?: string
  /** The tab's title for an address's query string, in the page's language. */
  title: (search: string) => string
}

export function createRouting({ indexName, push, serverUrl, title }: RoutingOptions) {
  return {
    router: history<RouteState>({
      ...(serverUrl === undefined ? {} : { getLocation: () => new URL(serverUrl) as unknown as Location }),
      writeDelay: URL_WRITE_DELAY_MS,
      cleanUrlOnDispose: false,
      // No `windowTitle`: the router sets it when its delayed write fires, also after the user has
      // left for a station page, whose title it would then overwrite. The title follows the
      // address: rendered by the page (search-route.tsx), and set here with each write.
      // Absolute, as the router compares it with the address before writing (the server renders the
      // links with the page's own origin, so hydration finds the same).
      // Under the page's language (`/en/suche…`): the hrefs of pages and filters, and what the
      // router compares with the address.
      createURL: ({ routeState, location }) =>
        `${location.origin}${localeBase(localeOfPath(location.pathname))}${keepViewParam(searchUrlPath(routeState), location.search)}`,
      parseURL: ({ location }) => queryStringToRoute(location.search),
      push: (url) => {
        // A write still pending when the user follows a hit (within the 400 ms) must not pull
        // them back from the station page to the search.
        if (withoutLocale(window.location.pathname) !== SEARCH_PATH) return
        const { pathname, search, hash } = new URL(url)
        // The app's router puts the language's prefix back on (its basename).
        push(`${keepViewParam(`${withoutLocale(pathname)}${search}`, window.location.search)}${hash}`, {
          replace: takeReplace(window.location.search),
        })
        document.title = title(search)
      },
    }),
    stateMapping: {
      stateToRoute: (uiState: UiState) => stateToRoute(uiState, indexName),
      routeToState: (route: RouteState) => routeToState(route, indexName),
    },
  }
}
