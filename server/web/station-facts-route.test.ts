// The station page's facts beyond the record, as GET /station-facts/:id answers them: computed here
// from the npm packages themselves, not from the derived file the route reads.
import { createRequire } from 'node:module'
import { describe, expect } from 'vitest'
import { it } from '../../tests/helpers/app-fixture.ts'
import { FRANKFURT, stopsFromPackage } from '../../tests/helpers/station-site.ts'

const require = createRequire(import.meta.url)
const COLOGNE = '8000207'

interface PackagedTrack {
  name: string
  station: string
  perron: { name: string; length: number; height: number }
}

interface StationPageFacts {
  stops: Array<{ name: string; modes: string[]; position: { lat: number; lng: number } }>
  tracks: Array<{ track: string; platform: string; length: number; height: number }>
  sources: { tracks: { package: string; version: string; stand: string | null; licence: string } }
}

describe('GET /station-facts/:id', () => {
  it("answers Köln Hbf's tracks with their platforms, lengths and heights as db-platforms has them, and the data's date", async ({
    app,
  }) => {
    const answer = await app.inject({ url: `/station-facts/${COLOGNE}` })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^application\/json/)
    expect(answer.headers['cache-control']).toBe('public, max-age=3600')
    const facts = answer.json<StationPageFacts>()
    const packaged = (require('db-platforms') as PackagedTrack[]).filter((track) => track.station === COLOGNE)
    expect(packaged.length).toBeGreaterThan(5)
    expect(facts.tracks).toEqual(
      packaged.map((track) => ({
        track: track.name,
        platform: track.perron.name,
        length: track.perron.length,
        height: track.perron.height,
      })),
    )
    const { version } = require('db-platforms/package.json') as { version: string }
    expect(facts.sources.tracks).toMatchObject({ package: 'db-platforms', version, stand: '2020-03' })
    expect(facts.sources.tracks.licence).toContain('CC BY 4.0')
  })

  it("answers Frankfurt (Main) Hbf's linked stops with their modes as db-hafas-stations links them", async ({
    app,
  }) => {
    const facts = (await app.inject({ url: `/station-facts/${FRANKFURT}` })).json<StationPageFacts>()
    const packaged = await stopsFromPackage(FRANKFURT)
    expect(packaged.length).toBeGreaterThan(4)
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'de')
    expect(facts.stops.map(({ name, modes }) => ({ name, modes })).sort(byName)).toEqual(
      packaged.sort(byName),
    )
    // Its U-Bahn, tram and bus stop.
    expect(packaged).toContainEqual({
      name: 'Hauptbahnhof, Frankfurt a.M.',
      modes: ['U-Bahn', 'Straßenbahn', 'Bus'],
    })
  }, 60_000)

  it('answers a station without tracks with empty lists, an unknown one 404 and a malformed ID 400', async ({
    app,
  }) => {
    const withoutTracks = Object.entries(
      (await import('../stations/station-facts.ts')).readStationFacts().stations,
    ).find(([, facts]) => !facts.tracks)
    expect(withoutTracks).toBeDefined()
    const empty = await app.inject({ url: `/station-facts/${withoutTracks?.[0]}` })
    expect(empty.json<StationPageFacts>().tracks).toEqual([])
    const unknown = await app.inject({ url: '/station-facts/1' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'Station does not exist', status: 404 })
    const malformed = await app.inject({ url: '/station-facts/k%C3%B6ln' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ status: 400 })
    // A prototype's property is no station.
    expect((await app.inject({ url: '/station-facts/constructor' })).statusCode).toBe(400)
  })
})
