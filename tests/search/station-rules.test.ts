// The query rules shipped with the stations, as a traveller meets them.
import { describe, expect } from 'vitest'
import { AIRPORT_STATIONS, BER_STATION } from '../../server/stations/station-rules.ts'
import { it } from './fixture.ts'

describe('station rules', () => {
  it('"flughafen" lists the airports\' stations first, the busiest first', async ({ server }) => {
    const result = await server.search({ query: 'flughafen', hitsPerPage: 20 })
    expect(result.hits.slice(0, AIRPORT_STATIONS.length).map((hit) => hit.objectID)).toEqual([
      ...AIRPORT_STATIONS,
    ])
    const names = result.hits.slice(0, 3).map((hit) => hit.name)
    expect(names).toEqual([
      'Frankfurt am Main Flughafen Fernbahnhof',
      'Frankfurt (Main) Flughafen Regionalbahnhof',
      'Flughafen München',
    ])
    const typo = await server.search({ query: 'flughafn', hitsPerPage: 1 })
    expect(typo.hits[0]?.objectID).toBe(AIRPORT_STATIONS[0])
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
})
