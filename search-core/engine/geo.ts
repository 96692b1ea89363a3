// Geo: `_geoloc` (one object or an array of them) as lat/lng columns; radius, boxes, polygons
// and the distance buckets of the geo ranking criterion.
import type { Arena } from './arena.ts'
import type { Bitset } from './bitset.ts'
import { type Box, GeoGrid, inBox } from './geo-grid.ts'
import { Float64Vec, Int32Vec, permuteLists, reserveFor } from './vec.ts'
import { CAUSE, WORK_COSTS, WorkBudget } from './work-budget.ts'

const EARTH_RADIUS_M = 6_371_000
const RAD = Math.PI / 180

function haversine(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD
  const dLng = (lng2 - lng1) * RAD
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)))
}

export class GeoColumn {
  readonly off = new Int32Vec()
  readonly lat = new Float64Vec()
  readonly lng = new Float64Vec()

  constructor() {
    this.off.push(0)
  }

  /** The slot of each location. */
  readonly #slotOf = new Int32Vec()
  #grid: GeoGrid | undefined

  append(geoloc: unknown): void {
    const slot = this.off.length - 1
    if (Array.isArray(geoloc)) for (const point of geoloc) this.#appendPoint(slot, point)
    else this.#appendPoint(slot, geoloc)
    this.off.push(this.lat.length)
  }

  #appendPoint(slot: number, point: unknown): void {
    const p = toPoint(point)
    if (p) {
      this.lat.push(p.lat)
      this.lng.push(p.lng)
      this.#slotOf.push(slot)
    }
  }

  /**
   * Sets the bits (in `out`) of the slots with a location inside any of the boxes. The grid
   * covers the locations it was built over and is rebuilt once a quarter more has been appended;
   * the appended ones are tested one by one meanwhile.
   */
  boxBits(boxes: readonly (readonly number[])[], out: Bitset, budget = WorkBudget.unlimited()): Bitset {
    const points = this.lat.length
    let grid = this.#grid
    if ((grid === undefined || (points - grid.size) * 4 > points) && GeoGrid.fits(points)) {
      grid = new GeoGrid(this.lat.data, this.lng.data, points)
      this.#grid = grid
    }
    const lats = this.lat.data
    const lngs = this.lng.data
    const slotOf = this.#slotOf.data
    const unindexed = points - (grid?.size ?? 0)
    for (const box of normalizedBoxes(boxes)) {
      // The rows and the points not in the grid before, the grid's points in the box once seen.
      budget.charge(
        WORK_COSTS.box + GeoGrid.rows(box) * WORK_COSTS.boxRow + unindexed * WORK_COSTS.boxPoint,
        CAUSE.insideBoundingBox,
      )
      const visited = grid?.collect(box, lats, lngs, slotOf, out) ?? 0
      budget.charge(visited * WORK_COSTS.boxPoint, CAUSE.insideBoundingBox)
      for (let k = grid?.size ?? 0; k < points; k++) {
        if (inBox(box, lats[k]!, lngs[k]!)) {
          const slot = slotOf[k]!
          out[slot >>> 5]! |= 1 << (slot & 31)
        }
      }
    }
    return out
  }

  /** Gives back the room the columns reserved (after a bulk build). */
  trim(): void {
    for (const column of [this.off, this.lat, this.lng, this.#slotOf]) column.trim()
  }

  /** Sizes the columns for `count` slots (a bulk build, once a sample is in). */
  reserve(count: number, arena?: Arena): void {
    const slots = this.off.length - 1
    for (const column of [this.lat, this.lng, this.#slotOf]) reserveFor(column, slots, count, arena)
    this.off.reserve(count + 1, arena)
  }

  /** Puts the slots in a new order (a bulk build): slot k becomes what slot order[k] was. */
  permute(order: Int32Array): void {
    permuteLists(this.off, [this.lat, this.lng], order)
    const off = this.off.data
    // Rewritten in place: every location is still there, or fewer of them.
    const slotOf = this.#slotOf
    slotOf.length = 0
    slotOf.reserve(this.lat.length)
    for (let slot = 0; slot < order.length; slot++) {
      for (let k = off[slot]!; k < off[slot + 1]!; k++) slotOf.push(slot)
    }
    this.#grid = undefined
  }

  /** Locations per record on average (at least 1): what testing a candidate's locations costs. */
  get locationsPerSlot(): number {
    return Math.max(1, this.lat.length / Math.max(1, this.off.length - 1))
  }

  /** Which location `nearest` found last (-1: the slot has none); avoids an object per call. */
  nearestIndex = -1

  /** Distance to the slot's nearest location (Infinity when it has none). */
  nearest(slot: number, lat: number, lng: number): number {
    let best = Number.POSITIVE_INFINITY
    let index = -1
    const lats = this.lat.data
    const lngs = this.lng.data
    for (let k = this.off.data[slot]!; k < this.off.data[slot + 1]!; k++) {
      const d = haversine(lat, lng, lats[k]!, lngs[k]!)
      if (d < best) {
        best = d
        index = k
      }
    }
    this.nearestIndex = index
    return best
  }

  /** Clears the bits of slots none of whose locations passes the test. */
  keepWhere(bits: Bitset, test: (lat: number, lng: number) => boolean): void {
    const off = this.off.data
    const lats = this.lat.data
    const lngs = this.lng.data
    const slots = this.off.length - 1
    for (let w = 0; w < bits.length; w++) {
      let v = bits[w]!
      while (v !== 0) {
        const low = v & -v
        v ^= low
        const slot = (w << 5) + 31 - Math.clz32(low)
        let inside = false
        if (slot < slots) {
          for (let k = off[slot]!; k < off[slot + 1]! && !inside; k++) {
            inside = test(lats[k]!, lngs[k]!)
          }
        }
        if (!inside) bits[w]! &= ~low
      }
    }
  }
}

function toPoint(value: unknown): { lat: number; lng: number } | undefined {
  if (value === null || typeof value !== 'object') return undefined
  const { lat, lng } = value as { lat?: unknown; lng?: unknown }
  const la = typeof lat === 'string' ? Number(lat) : lat
  const ln = typeof lng === 'string' ? Number(lng) : lng
  if (typeof la !== 'number' || typeof ln !== 'number' || !Number.isFinite(la) || !Number.isFinite(ln))
    return undefined
  return { lat: la, lng: ln }
}

/** Boxes are [lat1, lng1, lat2, lng2] of opposite corners; a point inside any box passes. */
function normalizedBoxes(boxes: readonly (readonly number[])[]): Box[] {
  return boxes.map(([a = 0, b = 0, c = 0, d = 0]) => ({
    latMin: Math.min(a, c),
    latMax: Math.max(a, c),
    lngMin: Math.min(b, d),
    lngMax: Math.max(b, d),
  }))
}

/** Edges tested between two charges to the budget (~0.2 ms of work). */
const EDGES_PER_CHARGE = 65_536

/**
 * Polygons are flat [lat1, lng1, lat2, lng2, ...] rings; ray casting, a point inside any passes.
 * A point outside a polygon's bounding box is not tested against its edges. The edges tested are
 * charged to the budget as the test goes, every EDGES_PER_CHARGE of them (and the rest by `done`).
 */
export function polygonTest(
  polygons: readonly (readonly number[])[],
  budget: WorkBudget,
): { test: (lat: number, lng: number) => boolean; done: () => void } {
  const boxes = polygons.map(boundsOf)
  let edges = 0
  const charge = (): void => {
    budget.charge(edges * WORK_COSTS.polygonEdge, CAUSE.insidePolygon)
    edges = 0
  }
  const test = (lat: number, lng: number): boolean => {
    for (let p = 0; p < polygons.length; p++) {
      const box = boxes[p]!
      if (!inBox(box, lat, lng)) continue
      const polygon = polygons[p]!
      edges += polygon.length >>> 1
      if (edges >= EDGES_PER_CHARGE) charge()
      if (insidePolygon(polygon, lat, lng)) return true
    }
    return false
  }
  return { test, done: charge }
}

function boundsOf(polygon: readonly number[]): Box {
  const box = { latMin: Infinity, latMax: -Infinity, lngMin: Infinity, lngMax: -Infinity }
  for (let i = 0; i + 1 < polygon.length; i += 2) {
    const lat = polygon[i]!
    const lng = polygon[i + 1]!
    if (lat < box.latMin) box.latMin = lat
    if (lat > box.latMax) box.latMax = lat
    if (lng < box.lngMin) box.lngMin = lng
    if (lng > box.lngMax) box.lngMax = lng
  }
  return box
}

function insidePolygon(poly: readonly number[], lat: number, lng: number): boolean {
  let inside = false
  const n = poly.length >> 1
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const yi = poly[2 * i]!
    const xi = poly[2 * i + 1]!
    const yj = poly[2 * j]!
    const xj = poly[2 * j + 1]!
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

export type AroundPrecision = number | readonly { from: number; value: number }[]

/**
 * Distance → bucket for the geo criterion: records in the same bucket tie. With ranges the buckets
 * stay monotonic across range borders.
 */
export function geoBucketer(precision: AroundPrecision): {
  bucket: (d: number) => number
  precisionAt: (d: number) => number
} {
  if (typeof precision === 'number') {
    const p = Math.max(1, precision)
    return { bucket: (d) => Math.floor(d / p), precisionAt: () => p }
  }
  const ranges = [...precision].sort((a, b) => a.from - b.from)
  if (ranges.length === 0 || ranges[0]!.from > 0) ranges.unshift({ from: 0, value: 1 })
  const starts: number[] = [0]
  for (let i = 1; i < ranges.length; i++) {
    const prev = ranges[i - 1]!
    const cur = ranges[i]!
    starts.push(starts[i - 1]! + Math.ceil((cur.from - prev.from) / Math.max(1, prev.value)))
  }
  const find = (d: number): number => {
    let i = ranges.length - 1
    while (i > 0 && ranges[i]!.from > d) i--
    return i
  }
  return {
    bucket: (d) => {
      const i = find(d)
      const r = ranges[i]!
      return starts[i]! + Math.floor((d - r.from) / Math.max(1, r.value))
    },
    precisionAt: (d) => Math.max(1, ranges[find(d)]!.value),
  }
}
