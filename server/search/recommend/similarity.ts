// Content similarity of records from what the index declares for faceting: shared values of each
// facet attribute (overlap of value sets, closeness of numbers across the index's range) and, for
// records with _geoloc and when asked for, closeness on the map. For stations: same Bundesland,
// category, operator, step-free access, similar facilities, and (related items) near each other. Features are read into flat arrays
// once per catalog version, so that one item against every record is a tight loop.
import type { SearchRecord } from '../../../search-core/index.ts'
import { valuesOf } from './scores.ts'
import type { CatalogIndex } from './types.ts'

/** Distance at which closeness on the map counts half. */
const GEO_HALF_KM = 25
/** Closeness on the map weighs as much as this many facet attributes. */
const GEO_WEIGHT = 2

export interface SimilarityModel {
  /** Similarity (0–1) of every record, in catalog order, to the record at `position`. */
  similarities(position: number): Float64Array
  /** Kilometres between the records at two positions; undefined when either has no _geoloc. */
  distanceKm(from: number, to: number): number | undefined
}

export interface SimilarityOptions {
  /** How much closeness on the map weighs, in facet attributes; 0 leaves location out. */
  geoWeight?: number
}

/** One attribute's values: numbers, or value sets as bit masks (or sets past 32 distinct values). */
type Column =
  | { kind: 'number'; values: Float64Array; present: Uint8Array; range: number }
  | { kind: 'bits'; masks: Uint32Array }
  | { kind: 'sets'; sets: (Set<string> | undefined)[] }

function popcount(n: number): number {
  let x = n - ((n >>> 1) & 0x55555555)
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return ((((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24) & 0xff
}

function column(records: readonly SearchRecord[], attribute: string): Column {
  const numeric = records.every((record) => {
    const value = record[attribute]
    return value === null || value === undefined || (typeof value === 'number' && Number.isFinite(value))
  })
  if (numeric) {
    const values = new Float64Array(records.length)
    const present = new Uint8Array(records.length)
    let min = Number.POSITIVE_INFINITY
    let max = Number.NEGATIVE_INFINITY
    records.forEach((record, i) => {
      const value = record[attribute]
      if (typeof value !== 'number') return
      values[i] = value
      present[i] = 1
      min = Math.min(min, value)
      max = Math.max(max, value)
    })
    return { kind: 'number', values, present, range: max > min ? max - min : 0 }
  }
  const sets = records.map((record) => {
    const values = valuesOf(record[attribute])
    return values.length > 0 ? new Set(values) : undefined
  })
  const vocabulary = new Map<string, number>()
  for (const set of sets)
    for (const value of set ?? []) if (!vocabulary.has(value)) vocabulary.set(value, vocabulary.size)
  if (vocabulary.size > 32) return { kind: 'sets', sets }
  const masks = new Uint32Array(records.length)
  sets.forEach((set, i) => {
    let mask = 0
    for (const value of set ?? []) mask |= 1 << vocabulary.get(value)!
    masks[i] = mask >>> 0
  })
  return { kind: 'bits', masks }
}

function jaccard(a: Set<string>, b: Set<string> | undefined): number {
  if (!b) return 0
  let shared = 0
  for (const value of a) if (b.has(value)) shared += 1
  return shared / (a.size + b.size - shared)
}

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)))
}

export function similarityModel(catalog: CatalogIndex, options: SimilarityOptions = {}): SimilarityModel {
  const geoWeight = options.geoWeight ?? GEO_WEIGHT
  const { records } = catalog
  const columns = catalog.facetAttributes.map((attribute) => column(records, attribute))
  const geo = records.map((record) => {
    const value = record._geoloc as { lat?: unknown; lng?: unknown } | null | undefined
    return value && typeof value.lat === 'number' && typeof value.lng === 'number'
      ? { lat: value.lat, lng: value.lng }
      : undefined
  })

  return {
    similarities(position) {
      const total = new Float64Array(records.length)
      let weight = 0
      for (const col of columns) {
        if (col.kind === 'number') {
          if (!col.present[position]) continue
          weight += 1
          const own = col.values[position]!
          for (let i = 0; i < records.length; i++) {
            if (!col.present[i]) continue
            total[i]! += col.range === 0 ? 1 : 1 - Math.abs(own - col.values[i]!) / col.range
          }
        } else if (col.kind === 'bits') {
          const own = col.masks[position]!
          if (own === 0) continue
          weight += 1
          const ownCount = popcount(own)
          for (let i = 0; i < records.length; i++) {
            const theirs = col.masks[i]!
            if (theirs === 0) continue
            const shared = popcount(own & theirs)
            total[i]! += shared / (ownCount + popcount(theirs) - shared)
          }
        } else {
          const own = col.sets[position]
          if (!own) continue
          weight += 1
          for (let i = 0; i < records.length; i++) total[i]! += jaccard(own, col.sets[i])
        }
      }
      const here = geo[position]
      if (here && geoWeight > 0) {
        weight += geoWeight
        for (let i = 0; i < records.length; i++) {
          const there = geo[i]
          if (there) total[i]! += geoWeight / (1 + distanceKm(here, there) / GEO_HALF_KM)
        }
      }
      if (weight > 0) for (let i = 0; i < records.length; i++) total[i]! /= weight
      return total
    },
    distanceKm(from, to) {
      const a = geo[from]
      const b = geo[to]
      return a && b ? distanceKm(a, b) : undefined
    },
  }
}
