import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createRouting,
  queryStringToRoute,
  type RouteState,
  routeToQueryString,
  searchUrlPath,
  stateToRoute,
} from './routing.ts'

const index = 'stations'

/** The search page's routing as the server renders `url` with it (no window needed). */
const routing = (url = 'https://bahnhofsfinder.example/suche') =>
  createRouting({ indexName: index, push: () => {}, serverUrl: url, title: () => '' })
const routeToState = (route: RouteState, indexName: string) =>
  createRouting({ indexName, push: () => {}, title: () => '' }).stateMapping.routeToState(route)

describe('search routing', () => {
  const route: RouteState = {
    q: 'köln',
    bundesland: ['Nordrhein-Westfalen'],
    zuege: ['ICE', 'S-Bahn'],
    kategorie: ['1', '2'],
    ausstattung: ['WLAN', 'DB Lounge'],
    zugang: ['ja'],
    bahnsteighoehe: ['96', '76'],
    aufzug: ['ja'],
    aufgabentraeger: ['VRR'],
    bahnhofstyp: ['Metropolbahnhof'],
    seite: 2,
    sortierung: 'name-za',
    karte: '50.9,6.9,51.0,7.0',
  }

  it('maps the UI state to German parameters and back without loss', () => {
    const uiState = routeToState(route, index)
    expect(uiState).toEqual({
      stations: {
        query: 'köln',
        refinementList: {
          federalState: ['Nordrhein-Westfalen'],
          trains: ['ICE', 'S-Bahn'],
          category: ['1', '2'],
          facilities: ['WLAN', 'DB Lounge'],
          steplessAccess: ['ja'],
          platformHeights: ['96', '76'],
          lift: ['ja'],
          operator: ['VRR'],
          segment: ['Metropolbahnhof'],
        },
        page: 2,
        sortBy: 'stations_name_desc',
        geoSearch: { boundingBox: '50.9,6.9,51.0,7.0' },
      },
    })
    expect(stateToRoute(uiState, index)).toEqual(route)
    expect(queryStringToRoute(routeToQueryString(route))).toEqual(route)
  })

  it('writes a readable query string', () => {
    expect(
      searchUrlPath({
        q: 'köln',
        bundesland: ['Nordrhein-Westfalen'],
        zuege: ['IC/EC'],
        ausstattung: ['WLAN'],
        seite: 2,
      }),
    ).toBe('/suche?q=k%C3%B6ln&bundesland=Nordrhein-Westfalen&zuege=IC%2FEC&ausstattung=WLAN&seite=2')
    expect(searchUrlPath({})).toBe('/suche')
  })

  it('leaves out defaults: first page, relevance sort, empty lists', () => {
    expect(
      stateToRoute({ stations: { page: 1, sortBy: 'stations', refinementList: { operator: [] } } }, index),
    ).toEqual({})
    expect(routeToQueryString({ seite: 1 })).toBe('')
  })

  it('maps every sort replica', () => {
    expect(routeToState({ sortierung: 'name-az' }, index).stations?.sortBy).toBe('stations_name_asc')
    expect(routeToState({ sortierung: 'kategorie' }, index).stations?.sortBy).toBe('stations_category_asc')
    expect(stateToRoute({ stations: { sortBy: 'stations_category_asc' } }, index)).toEqual({
      sortierung: 'kategorie',
    })
  })

  it('drops malformed and unknown parameters', () => {
    expect(
      queryStringToRoute(
        '?q=%20&seite=-3&sortierung=preis&kategorie=9&kategorie=3&karte=1,2&foo=bar&zugang=',
      ),
    ).toEqual({ kategorie: ['3'] })
    expect(queryStringToRoute('?seite=2.5')).toEqual({})
    expect(queryStringToRoute('?ausstattung=WLAN&ausstattung=WLAN')).toEqual({ ausstattung: ['WLAN'] })
  })
})

describe('the view parameter', () => {
  const origin = 'https://bahnhofsfinder.example'

  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('keeps the map view of narrow screens in the URLs the search writes', () => {
    const url = (current: string, route: RouteState) => routing(`${origin}${current}`).router.createURL(route)
    expect(url('/suche?q=koeln&ansicht=karte', { q: 'köln' })).toBe(
      `${origin}/suche?q=k%C3%B6ln&ansicht=karte`,
    )
    expect(url('/suche?ansicht=karte', {})).toBe(`${origin}/suche?ansicht=karte`)
    expect(url('/suche?q=y', { q: 'x' })).toBe(`${origin}/suche?q=x`)
  })

  it('is dropped from a write scheduled before the switch back to the list', () => {
    vi.useFakeTimers()
    const pushed: string[] = []
    const { router } = createRouting({
      indexName: index,
      push: (path) => pushed.push(path),
      serverUrl: `${origin}/suche?q=x&ansicht=karte`,
      title: () => '',
    })
    // The map was shown when the write was scheduled; the list is shown when it is made.
    vi.stubGlobal('window', { location: { pathname: '/suche', search: '?q=x' }, history: { length: 1 } })
    vi.stubGlobal('document', { title: '' })
    router.write({ q: 'y' })
    vi.runAllTimers()
    expect(pushed).toEqual(['/suche?q=y'])
  })
})
