// Content similarity of two records from what the index declares for faceting: shared values of
// each facet attribute (overlap of sets, closeness of numbers across the index's range) and, for
// records with _geoloc, closeness on the map. For stations: same Bundesland, category, operator,
// step-free access, similar facilities, and near each other.
import type { SearchRecord } from '../engine/types.ts'
import { valuesOf } from './scores.ts'
import type { CatalogIndex } from './types.ts'

/** Distance at which closeness on the map counts half. */
export const GEO_HALF_KM = 25
/** Closeness on the map weighs as much as this many facet attributes. */
export const GEO_WEIGHT = 2

interface Features {
  sets: Map<string, Set<string>>
  numbers: Map<string, number>
  geo?: { lat: number; lng: number }
}

export interface SimilarityModel {
  /** Similarity of `other` to `item`, 0–1. */
  similarity(item: string, other: string): number
}

function geoOf(record: SearchRecord): { lat: number; lng: number } | undefined {
  const geo = record._geoloc as { lat?: unknown; lng?: unknown } | null | undefined
  return geo && typeof geo.lat === 'number' && typeof geo.lng === 'number'
    ? { lat: geo.lat, lng: geo.lng }
    : undefined
}

export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Reads every record's features once per catalog version; comparisons are then cheap. */
export function similarityModel(catalog: CatalogIndex): SimilarityModel {
  const features = new Map<string, Features>()
  const ranges = new Map<string, { min: number; max: number }>()
  for (const record of catalog.records) {
    const entry: Features = { sets: new Map(), numbers: new Map(), geo: geoOf(record) }
    for (const attribute of catalog.facetAttributes) {
      const value = record[attribute]
      if (typeof value === 'number' && Number.isFinite(value)) {
        entry.numbers.set(attribute, value)
        const range = ranges.get(attribute) ?? { min: value, max: value }
        ranges.set(attribute, { min: Math.min(range.min, value), max: Math.max(range.max, value) })
      } else {
        const values = valuesOf(value)
        if (values.length > 0) entry.sets.set(attribute, new Set(values))
      }
    }
    features.set(record.objectID, entry)
  }

  return {
    similarity(item, other) {
      const a = features.get(item)
      const b = features.get(other)
      if (!a || !b) return 0
      let total = 0
      let weight = 0
      for (const [attribute, set] of a.sets) {
        weight += 1
        const theirs = b.sets.get(attribute)
        if (!theirs) continue
        let shared = 0
        for (const value of set) if (theirs.has(value)) shared += 1
        total += shared / (set.size + theirs.size - shared)
      }
      for (const [attribute, value] of a.numbers) {
        weight += 1
        const theirs = b.numbers.get(attribute)
        const range = ranges.get(attribute)!
        if (theirs === undefined) continue
        total += range.max === range.min ? 1 : 1 - Math.abs(value - theirs) / (range.max - range.min)
      }
      if (a.geo) {
        weight += GEO_WEIGHT
        if (b.geo) total += GEO_WEIGHT / (1 + distanceKm(a.geo, b.geo) / GEO_HALF_KM)
      }
      return weight === 0 ? 0 : total / weight
    },
  }
}
