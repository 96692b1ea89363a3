// Geo search on the real stations: radius (fixed, automatic, minimum), precision buckets, boxes,
// polygons and records with several locations.
import { beforeAll, describe, expect, it } from 'vitest'
import { stationIndex } from '../../tests/helpers/station-index.ts'
import { allStations, type StationRecord } from '../../tests/helpers/stations.ts'
import { SearchIndex } from './search-index.ts'
import type { SearchRecord } from './types.ts'

let index: SearchIndex
let stations: StationRecord[]
const berlin = { lat: 52.520008, lng: 13.404954 }

beforeAll(async () => {
  index = await stationIndex()
  stations = await allStations()
})

/** The stations' custom ranking: category ascending, then weight descending. */
const customOrder = (hits: Record<string, unknown>[]): number[] =>
  hits.map((h) => (h.longDistance ? 0 : 1e9) + (h.category as number) * 10_000 - (h.weight as number))
const ascending = (keys: number[]): number[] => [...keys].sort((a, b) => a - b)

/** Great-circle distance in metres (haversine) on a sphere of 6,371 km, the radius the engine takes. */
function distanceTo(s: StationRecord, p: { lat: number; lng: number }): number {
  if (!s._geoloc) return Number.POSITIVE_INFINITY
  const rad = Math.PI / 180
  const dLat = (s._geoloc.lat - p.lat) * rad
  const dLng = (s._geoloc.lng - p.lng) * rad
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(p.lat * rad) * Math.cos(s._geoloc.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h))
}

describe('aroundLatLng', () => {
  it('keeps records within the radius, nearest first, with distances in _rankingInfo', () => {
    const r = index.search({
      query: '',
      aroundLatLng: berlin,
      aroundRadius: 5000,
      aroundPrecision: 1,
      getRankingInfo: true,
      hitsPerPage: 1000,
    })
    const expected = stations.filter((s) => distanceTo(s, berlin) <= 5000)
    expect(r.nbHits).toBe(expected.length)
    expect(r.nbHits).toBeGreaterThan(10)
    const distances = r.hits.map((h) => h._rankingInfo?.geoDistance as number)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    const first = stations.find((s) => s.objectID === r.hits[0]?.objectID) as StationRecord
    expect(distances[0]).toBe(Math.round(distanceTo(first, berlin)))
    expect(Math.min(...expected.map((s) => distanceTo(s, berlin)))).toBeCloseTo(distanceTo(first, berlin), 6)
    expect(r.hits[0]?._rankingInfo?.matchedGeoLocation).toEqual({ ...first._geoloc, distance: distances[0] })
    expect(r.aroundLatLng).toBe('52.520008,13.404954')
  })

  it('ranks inside one precision bucket by the next criteria (custom ranking)', () => {
    const r = index.search({
      query: '',
      aroundLatLng: berlin,
      aroundRadius: 8000,
      aroundPrecision: 10_000,
      hitsPerPage: 100,
    })
    const keys = customOrder(r.hits)
    expect(keys).toEqual(ascending(keys))
  })

  it('supports precision ranges', () => {
    const r = index.search({
      query: '',
      aroundLatLng: berlin,
      aroundRadius: 20_000,
      aroundPrecision: [
        { from: 0, value: 1 },
        { from: 5000, value: 100_000 },
      ],
      getRankingInfo: true,
      hitsPerPage: 1000,
    })
    const near = r.hits.filter((h) => (h._rankingInfo?.geoDistance as number) < 5000)
    const far = r.hits.filter((h) => (h._rankingInfo?.geoDistance as number) >= 5000)
    expect(r.hits.slice(0, near.length)).toEqual(near)
    const farKeys = customOrder(far)
    expect(farKeys).toEqual(ascending(farKeys))
    expect(far[0]?._rankingInfo?.geoPrecision).toBe(100_000)
  })

  it("'all' keeps every record and still ranks by distance", () => {
    const r = index.search({
      query: 'hbf',
      aroundLatLng: berlin,
      aroundRadius: 'all',
      aroundPrecision: 1,
      getRankingInfo: true,
    })
    expect(r.nbHits).toBe(index.search({ query: 'hbf' }).nbHits)
    expect(r.hits[0]?._rankingInfo?.geoDistance).toBeLessThan(50_000)
  })

  it('computes an automatic radius (reported), at least minimumAroundRadius', () => {
    const auto = index.search({ query: '', aroundLatLng: berlin })
    const radius = Number(auto.automaticRadius)
    expect(radius).toBeGreaterThan(0)
    expect(auto.nbHits).toBe(stations.filter((s) => distanceTo(s, berlin) <= radius).length)
    expect(auto.nbHits).toBeLessThan(stations.length)
    const wide = index.search({ query: '', aroundLatLng: berlin, minimumAroundRadius: 2_000_000 })
    expect(wide.nbHits).toBe(stations.length)
    expect(Number(wide.automaticRadius)).toBe(2_000_000)
  })
})

describe('insideBoundingBox and insidePolygon', () => {
  const box: [number, number, number, number] = [52.6, 13.2, 52.4, 13.6]
  const inBox = (s: StationRecord, [a, b, c, d]: number[]) =>
    !!s._geoloc &&
    s._geoloc.lat <= Math.max(a as number, c as number) &&
    s._geoloc.lat >= Math.min(a as number, c as number) &&
    s._geoloc.lng >= Math.min(b as number, d as number) &&
    s._geoloc.lng <= Math.max(b as number, d as number)

  it('keeps records inside a box, or inside any of several boxes', () => {
    expect(index.search({ query: '', insideBoundingBox: [box] }).nbHits).toBe(
      stations.filter((s) => inBox(s, box)).length,
    )
    const munich: [number, number, number, number] = [48.2, 11.4, 48.0, 11.7]
    const both = index.search({
      query: '',
      insideBoundingBox: [box, munich],
      hitsPerPage: 0,
      facets: ['federalState'],
    })
    expect(both.nbHits).toBe(stations.filter((s) => inBox(s, box) || inBox(s, munich)).length)
    expect(Object.keys(both.facets?.federalState ?? {}).sort()).toEqual(['Bayern', 'Berlin', 'Brandenburg'])
  })

  it('keeps records inside a polygon (a triangle is half of its box)', () => {
    const rectangle = [52.6, 13.2, 52.6, 13.6, 52.4, 13.6, 52.4, 13.2]
    expect(index.search({ query: '', insidePolygon: [rectangle] }).nbHits).toBe(
      stations.filter((s) => inBox(s, box)).length,
    )
    // Triangle NW, NE, SW: points above the diagonal from NE to SW.
    const triangle = [52.6, 13.2, 52.6, 13.6, 52.4, 13.2]
    const r = index.search({ query: '', insidePolygon: [triangle], hitsPerPage: 1000 })
    const aboveDiagonal = (s: StationRecord) => {
      const { lat, lng } = s._geoloc as { lat: number; lng: number }
      return lat - 52.4 > ((lng - 13.2) / 0.4) * 0.2
    }
    expect(r.nbHits).toBe(stations.filter((s) => inBox(s, box) && aboveDiagonal(s)).length)
    expect(r.nbHits).toBeGreaterThan(0)
  })
})

describe('several locations per record', () => {
  it('matches and measures the nearest location', () => {
    const i = new SearchIndex({ searchableAttributes: ['name'] })
    const hamburg = { lat: 53.5511, lng: 9.9937 }
    i.save([
      { objectID: 'two', name: 'chain', _geoloc: [berlin, hamburg] },
      { objectID: 'none', name: 'chain' },
    ] as SearchRecord[])
    const r = i.search({
      query: '',
      aroundLatLng: { lat: 53.55, lng: 10 },
      aroundRadius: 10_000,
      getRankingInfo: true,
    })
    expect(r.hits.map((h) => h.objectID)).toEqual(['two'])
    expect(r.hits[0]?._rankingInfo?.matchedGeoLocation).toMatchObject(hamburg)
    expect(i.search({ query: '', insideBoundingBox: [[52.6, 13.2, 52.4, 13.6]] }).nbHits).toBe(1)
  })
})
