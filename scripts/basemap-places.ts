// The places the offline basemap names: the cities and towns of the stations themselves (their
// `address.city` in db-stations), each weighted by its busiest station (db-stations' `weight`),
// placed at the mean position of its stations (for a large city, near its centre). A district
// written "Köln-Mülheim" counts towards "Köln" when that is a place of its own.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

interface StationRecord {
  weight?: number
  location?: { latitude: number; longitude: number }
  address?: { city?: string }
}

/** The first zoom at which a place may be named, by its rank (busiest first). */
const MIN_ZOOM_BY_RANK: Array<[number, number]> = [
  [12, 5],
  [30, 6],
  [80, 7],
  [200, 8],
  [600, 9],
  [1500, 10],
  [Number.POSITIVE_INFINITY, 11],
]

/** [name, lat, lng, first zoom], busiest first. */
export type Place = [string, number, number, number]

export function buildPlaces(): Place[] {
  const file = readFileSync(require.resolve('db-stations/full.ndjson'), 'utf8')
  const byCity = new Map<string, { weight: number; lat: number; lng: number; count: number }>()
  const records = file
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as StationRecord)
  const names = new Set(records.map((record) => record.address?.city?.trim()).filter(Boolean))
  for (const record of records) {
    let city = record.address?.city?.trim().replace(/\s+/g, ' ')
    if (!city || !record.location) continue
    const head = city.split('-')[0]!
    if (head !== city && names.has(head)) city = head
    const entry = byCity.get(city) ?? { weight: 0, lat: 0, lng: 0, count: 0 }
    entry.weight = Math.max(entry.weight, record.weight ?? 0)
    entry.lat += record.location.latitude
    entry.lng += record.location.longitude
    entry.count += 1
    byCity.set(city, entry)
  }
  return [...byCity]
    .sort(([a, x], [b, y]) => y.weight - x.weight || a.localeCompare(b, 'de'))
    .map(([name, { lat, lng, count }], rank) => [
      name,
      Math.round((lat / count) * 1000) / 1000,
      Math.round((lng / count) * 1000) / 1000,
      MIN_ZOOM_BY_RANK.find(([below]) => rank < below)![1],
    ])
}
