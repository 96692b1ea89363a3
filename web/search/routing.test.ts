import { describe, expect, it } from 'vitest'
import {
  keepViewParam,
  queryStringToRoute,
  type RouteState,
  routeToQueryString,
  routeToState,
  searchUrlPath,
  stateToRoute,
} from './routing.ts'

const index = 'stations'

describe('search routing', () => {
  const route: RouteState = {
    q: 'köln',
    bundesland: ['Nordrhein-Westfalen'],
    kategorie: ['1', '2'],
    ausstattung: ['WLAN', 'DB Lounge'],
    zugang: ['ja'],
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
          category: ['1', '2'],
          facilities: ['WLAN', 'DB Lounge'],
          steplessAccess: ['ja'],
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
      searchUrlPath({ q: 'köln', bundesland: ['Nordrhein-Westfalen'], ausstattung: ['WLAN'], seite: 2 }),
    ).toBe('/suche?q=k%C3%B6ln&bundesland=Nordrhein-Westfalen&ausstattung=WLAN&seite=2')
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

describe('keepViewParam', () => {
  it('keeps the map view of narrow screens in the URLs the search writes', () => {
    expect(keepViewParam('/suche?q=k%C3%B6ln', '?q=koeln&ansicht=karte')).toBe(
      '/suche?q=k%C3%B6ln&ansicht=karte',
    )
    expect(keepViewParam('/suche', '?ansicht=karte')).toBe('/suche?ansicht=karte')
    expect(keepViewParam('/suche?q=x', '?q=y')).toBe('/suche?q=x')
    // A write scheduled before the switch back to the list does not bring the map back.
    expect(keepViewParam('/suche?q=x&ansicht=karte', '?q=x')).toBe('/suche?q=x')
  })
})
