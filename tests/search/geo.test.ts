// Geo search: around a point with a radius, inside bounding boxes and polygons, distances in
// _rankingInfo. Expected sets are computed from db-stations' coordinates.
import { describe, expect } from 'vitest'
import type { StationRecord } from '../../server/stations/station-records.ts'
import { allStations, distanceMeters } from '../helpers/stations.ts'
import { it } from './fixture.ts'

const stations = await allStations()

const COLOGNE_CATHEDRAL = { lat: 50.9413, lng: 6.9583 }
const located = () =>
  stations.filter((s): s is StationRecord & { _geoloc: { lat: number; lng: number } } => s._geoloc !== null)

describe('geo search', () => {
  it('finds the stations within aroundRadius', async ({ server }) => {
    const result = await server.search({
      aroundLatLng: `${COLOGNE_CATHEDRAL.lat}, ${COLOGNE_CATHEDRAL.lng}`,
      aroundRadius: 3000,
      hitsPerPage: 100,
    })
    // Stations right at the 3 km border may fall either side with another earth model: allow 1.
    const inside = located().filter((s) => distanceMeters(COLOGNE_CATHEDRAL, s._geoloc) <= 3000)
    expect(Math.abs(result.nbHits! - inside.length)).toBeLessThanOrEqual(1)
    expect(result.hits[0]!.name).toBe('Köln Hbf')
  })

  it('ranks nearest first and reports each distance in _rankingInfo', async ({ server }) => {
    const result = await server.search({
      query: 'köln',
      aroundLatLng: `${COLOGNE_CATHEDRAL.lat}, ${COLOGNE_CATHEDRAL.lng}`,
      aroundRadius: 'all',
      getRankingInfo: true,
      hitsPerPage: 30,
    })
    const distances = result.hits.map((hit) => hit._rankingInfo!.geoDistance!)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    for (const hit of result.hits) {
      expect(
        Math.abs(hit._rankingInfo!.geoDistance! - distanceMeters(COLOGNE_CATHEDRAL, hit._geoloc!)),
      ).toBeLessThan(50)
    }
  })

  it('filters by one or several bounding boxes', async ({ server }) => {
    // Two boxes: around Hamburg and around Munich.
    const boxes = [
      [53.7, 9.7, 53.4, 10.3],
      [48.25, 11.4, 48.05, 11.75],
    ]
    const result = await server.search({ insideBoundingBox: boxes, hitsPerPage: 0 })
    const inBox = (s: { _geoloc: { lat: number; lng: number } }, [lat1, lng1, lat2, lng2]: number[]) =>
      s._geoloc.lat <= Math.max(lat1!, lat2!) &&
      s._geoloc.lat >= Math.min(lat1!, lat2!) &&
      s._geoloc.lng <= Math.max(lng1!, lng2!) &&
      s._geoloc.lng >= Math.min(lng1!, lng2!)
    expect(result.nbHits).toBe(located().filter((s) => boxes.some((box) => inBox(s, box))).length)
    expect(result.nbHits).toBeGreaterThan(50)
  })

  it('accepts the bounding box as a string, as the params string form sends it', async ({ server }) => {
    const asArray = await server.search({ insideBoundingBox: [[53.7, 9.7, 53.4, 10.3]], hitsPerPage: 0 })
    const asString = await server.search({ insideBoundingBox: '53.7,9.7,53.4,10.3', hitsPerPage: 0 })
    expect(asString.nbHits).toBe(asArray.nbHits)
  })

  it('filters by a polygon', async ({ server }) => {
    // A triangle over Berlin's centre.
    const triangle = [52.56, 13.3, 52.56, 13.5, 52.46, 13.4]
    const result = await server.search({ insidePolygon: [triangle], hitsPerPage: 1000 })
    expect(result.nbHits).toBeGreaterThan(5)
    for (const hit of result.hits) expect(hit._geoloc!.lat).toBeGreaterThanOrEqual(52.46)
    const names = result.hits.map((hit) => hit.name)
    expect(names).toContain('Berlin Hauptbahnhof')
  })

  it('refuses a malformed position with a 400', async ({ server }) => {
    const response = await server.request('POST', '/1/indexes/stations/query', { aroundLatLng: 'north pole' })
    expect(response).toMatchObject({ status: 400, body: { message: expect.stringMatching(/aroundLatLng/) } })
  })
})
