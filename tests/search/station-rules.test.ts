// The query rules shipped with the stations, as a traveller meets them.
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

/** The airports' long-distance and regional stations, by traffic. */
const AIRPORT_STATIONS = [
  'Frankfurt am Main Flughafen Fernbahnhof',
  'Frankfurt (Main) Flughafen Regionalbahnhof',
  'Flughafen München',
  'Flughafen BER - Terminal 1-2',
  'Düsseldorf Flughafen',
  'Hamburg Airport (Flughafen)',
  'Köln/Bonn Flughafen',
  'Stuttgart Flughafen/Messe',
  'Flughafen Leipzig/Halle',
]
const BER_STATION = '8011201'

/** City shorthands that are also a station's RIL100 code: the city's main station, then the code's. */
const SHORTHANDS_THAT_ARE_CODES = [
  { shorthand: 'dd', stations: ['Dresden Hbf', 'Dresden-Dobritz'] },
  { shorthand: 'hh', stations: ['Hamburg Hbf', 'Hannover Hbf'] },
  { shorthand: 'ka', stations: ['Karlsruhe Hbf', 'Aachen Hbf'] },
  { shorthand: 'lpz', stations: ['Leipzig Hbf', 'Premnitz Nord'] },
  { shorthand: 'bln', stations: ['Berlin Hauptbahnhof', 'Lübbenau (Spreewald)'] },
  { shorthand: 'nbg', stations: ['Nürnberg Hbf', 'Breitengüßbach'] },
]

describe('station rules', () => {
  it('"flughafen" lists the airports\' stations first, the busiest first', async ({ server }) => {
    const result = await server.search({ query: 'flughafen', hitsPerPage: 20 })
    expect(result.hits.slice(0, AIRPORT_STATIONS.length).map((hit) => hit.name)).toEqual(AIRPORT_STATIONS)
    const typo = await server.search({ query: 'flughafn', hitsPerPage: 1 })
    expect(typo.hits[0]?.name).toBe(AIRPORT_STATIONS[0])
  })

  it('"BER" alone finds the airport first, "berlin" still Berlin Hauptbahnhof', async ({ server }) => {
    expect((await server.search({ query: 'BER', hitsPerPage: 1 })).hits[0]?.objectID).toBe(BER_STATION)
    expect((await server.search({ query: 'ber', hitsPerPage: 1 })).hits[0]?.objectID).toBe(BER_STATION)
    expect((await server.search({ query: 'berlin', hitsPerPage: 1 })).hits[0]?.name).toBe(
      'Berlin Hauptbahnhof',
    )
  })

  it('a search for Tegel carries the notice that the airport is closed', async ({ server }) => {
    const result = await server.search({ query: 'flughafen tegel' })
    expect(result.userData).toEqual([
      expect.objectContaining({
        kind: 'notice',
        title: 'Flughafen Tegel geschlossen',
        stationId: BER_STATION,
      }),
    ])
    expect((await server.search({ query: 'tegel' })).hits[0]?.name).toBe('Berlin-Tegel')
    expect((await server.search({ query: 'tegel', enableRules: false })).userData).toBeUndefined()
  })

  it('a state in the query filters on it, alone or beside other words, and says so for the app', async ({
    server,
  }) => {
    const nrw = { kind: 'refinement', attribute: 'federalState', value: 'Nordrhein-Westfalen' }
    const beside = await server.search({ query: 'hbf NRW', facets: ['federalState'], hitsPerPage: 50 })
    expect(Object.keys(beside.facets?.federalState ?? {})).toEqual(['Nordrhein-Westfalen'])
    expect(beside.hits.slice(0, 20).every((hit) => /Hbf/.test(hit.name))).toBe(true)
    expect(beside.userData).toEqual([nrw])
    expect(beside.query).toBe('hbf NRW')
    expect(beside.parsedQuery).toBe('hbf')
    // Alone: the state's stations, largest first, as its refinement would list them.
    const alone = await server.search({ query: 'Nordrhein-Westfalen', hitsPerPage: 5 })
    const refined = await server.search({
      facetFilters: [['federalState:Nordrhein-Westfalen']],
      hitsPerPage: 5,
    })
    expect(alone.nbHits).toBe(refined.nbHits)
    expect(alone.hits.map((hit) => hit.objectID)).toEqual(refined.hits.map((hit) => hit.objectID))
    expect(alone.parsedQuery).toBe('')
    // "nrw" is also Roßtal-Wegbrücke's RIL100 code: without the rules it finds that station.
    const code = await server.search({ query: 'nrw', enableRules: false })
    expect(code.hits.map((hit) => hit.name)).toEqual(['Roßtal-Wegbrücke'])
  })

  it('of overlapping state names the longer one wins; a station named like a state is still found', async ({
    server,
  }) => {
    const anhalt = await server.search({
      query: 'sachsen anhalt',
      facets: ['federalState'],
      getRankingInfo: true,
    })
    expect(Object.keys(anhalt.facets?.federalState ?? {})).toEqual(['Sachsen-Anhalt'])
    expect(anhalt.appliedRules).toEqual([{ objectID: 'bundesland-sachsen-anhalt' }])
    const sachsen = await server.search({ query: 'sachsen', facets: ['federalState'] })
    expect(Object.keys(sachsen.facets?.federalState ?? {})).toEqual(['Sachsen'])
    const station = await server.search({ query: 'sachsen b ansbach', hitsPerPage: 1 })
    expect(station.hits[0]?.name).toBe('Sachsen (b Ansbach)')
    expect(station.userData).toBeUndefined()
  })

  it('a city shorthand that is also a RIL100 code lists the city’s main station, then the code’s station', async ({
    server,
  }) => {
    for (const { shorthand, stations } of SHORTHANDS_THAT_ARE_CODES) {
      const result = await server.search({ query: shorthand, hitsPerPage: 3 })
      expect(
        result.hits.slice(0, 2).map((hit) => hit.name),
        shorthand,
      ).toEqual(stations)
    }
    const leipzig = await server.search({ query: 'Lpz', hitsPerPage: 3 })
    expect(leipzig.hits.map((hit) => hit.name)).toEqual(['Leipzig Hbf', 'Premnitz Nord', 'Leipzig Messe'])
    // A code that is no shorthand and no state finds its station as before.
    expect((await server.search({ query: 'KSO', hitsPerPage: 1 })).hits[0]?.name).toBe('Solingen Hbf')
  })
})
