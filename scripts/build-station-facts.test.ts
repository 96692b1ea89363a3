import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { readStationFacts, STATION_FACTS_FILE } from '../server/stations/station-facts.ts'
import { stationsSourceFile } from '../server/stations/station-records.ts'
import { buildStationFacts } from './build-station-facts.ts'

const require = createRequire(import.meta.url)

const ids = new Set(
  readFileSync(stationsSourceFile(), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { id: string }).id),
)

/** Per product flag of db-hafas-stations, how many of our stations have it, read straight from the package. */
function productCounts(): Record<string, number> {
  const counts: Record<string, number> = {}
  const text = readFileSync(require.resolve('db-hafas-stations/full.ndjson'), 'utf8')
  for (const line of text.split('\n')) {
    const id = /^\{"id":"(\d+)"/.exec(line)?.[1]
    if (id === undefined || !ids.has(id)) continue
    const { products } = JSON.parse(line) as { products: Record<string, boolean> }
    for (const [flag, on] of Object.entries(products)) if (on) counts[flag] = (counts[flag] ?? 0) + 1
  }
  return counts
}

function countTrains(): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { trains } of Object.values(readStationFacts().stations))
    for (const type of trains) counts[type] = (counts[type] ?? 0) + 1
  return counts
}

describe('station facts', () => {
  it('are what the script makes of the installed packages (rerun `npm run build:station-facts` after an upgrade)', async () => {
    const committed = readFileSync(STATION_FACTS_FILE, 'utf8')
    expect((await buildStationFacts()) === committed).toBe(true)
    const { sources } = readStationFacts()
    for (const source of sources) {
      const { version } = require(`${source.package}/package.json`) as { version: string }
      expect(source.version, source.package).toBe(version)
    }
  }, 120_000)

  it('give every station its train types as the package has them (ICE at 245)', () => {
    const products = productCounts()
    const trains = countTrains()
    expect(trains).toEqual({
      ICE: products.nationalExpress,
      'IC/EC': products.national,
      // Every station with regionalExpress also has regional in this data; the test would say otherwise.
      'RE/RB': products.regional,
      'S-Bahn': products.suburban,
      'U-Bahn': products.subway,
      Straßenbahn: products.tram,
      Bus: products.bus,
      Fähre: products.ferry,
    })
    expect(trains.ICE).toBe(245)
    expect(Object.keys(readStationFacts().stations)).toHaveLength(ids.size)
  }, 60_000)

  it("keep Köln Hbf's tracks with their platforms, lengths and heights, and its lifts", () => {
    const koeln = readStationFacts().stations['8000207']!
    const platforms = (
      require('db-platforms') as Array<{
        name: string
        station: string
        perron: { name: string; length: number; height: number }
      }>
    ).filter((track) => track.station === '8000207')
    expect(koeln.tracks?.map((track) => [track.track, track.platform, track.length, track.height])).toEqual(
      platforms.map(({ name, perron }) => [name, perron.name, perron.length, perron.height]),
    )
    expect(koeln.tracks?.find((track) => track.track === '10')).toEqual({
      track: '10',
      platform: 'SB1',
      length: 391.4,
      height: 96,
    })
    const lifts = (
      require('db-elevators') as Array<{ id: string; description: string | null; station: string }>
    ).filter((lift) => lift.station === '8000207' && lift.description !== 'Nicht Reisendenrelevant')
    expect(koeln.lifts?.map((lift) => lift.id).sort()).toEqual(lifts.map((lift) => lift.id).sort())
    expect(koeln.lifts?.find((lift) => lift.description === 'zu Gleis 2/3')?.osmNode).toBe('3939135836')
  })

  it("link Frankfurt (Main) Hbf's local stops with their modes", () => {
    const stops = readStationFacts().stations['8000105']?.stops ?? []
    expect(stops.find((stop) => stop.name === 'Hauptbahnhof, Frankfurt a.M.')).toMatchObject({
      modes: ['U-Bahn', 'Straßenbahn', 'Bus'],
      position: { lat: expect.closeTo(50.1076, 3), lng: expect.closeTo(8.6648, 3) },
    })
    expect(stops.length).toBeGreaterThan(5)
  })

  it('name their sources with licence and the date of their data', () => {
    const { sources } = readStationFacts()
    expect(sources.map((source) => [source.package, source.stand])).toEqual([
      ['db-hafas-stations', null],
      ['db-platforms', '2020-03'],
      ['db-elevators', '2020'],
    ])
    for (const source of sources) expect(source.licence).toMatch(/CC BY 4\.0/)
  })
})
