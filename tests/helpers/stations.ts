// The station records straight from db-stations, for the counts that the search service's and the
// engine's tests compare their answers against.
import { readStations, type StationRecord } from '../../server/stations/station-records.ts'

export type { StationRecord }

let cached: Promise<StationRecord[]> | undefined

export function allStations(): Promise<StationRecord[]> {
  cached ??= (async () => {
    const records: StationRecord[] = []
    for await (const record of readStations()) records.push(record)
    return records
  })()
  return cached
}

/** Facet counts of `attribute` over the given records (multi-valued attributes count each value). */
export function countBy(records: StationRecord[], attribute: keyof StationRecord): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const record of records) {
    const value = record[attribute]
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === null || item === undefined) continue
      counts[String(item)] = (counts[String(item)] ?? 0) + 1
    }
  }
  return counts
}

/** Great-circle distance in metres (the engine's geo ranking unit). */
export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * 6371008.8 * Math.asin(Math.sqrt(h))
}
