// A grid over the locations for bounding boxes: points sorted by cell, so a box visits the cells
// it overlaps instead of every record. Cells wholly inside a box take their points untested;
// only the cells on its border test each point against the box.
import type { Bitset } from './bitset.ts'

/** Cell edge in degrees: ~11 km of latitude, a few hundred points per cell at a million. */
const CELL = 0.1
const COLUMNS = 65_536
const ROWS = Math.ceil(180 / CELL) + 1

function row(lat: number): number {
  return Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL)))
}

function column(lng: number): number {
  return Math.min(COLUMNS - 1, Math.max(0, Math.floor((lng + 180) / CELL)))
}

export interface Box {
  latMin: number
  latMax: number
  lngMin: number
  lngMax: number
}

export class GeoGrid {
  /** Points covered (the first `size` points of the column); later ones are scanned. */
  readonly size: number
  /** Distinct cell keys (row * COLUMNS + column), ascending, and where each one's points start. */
  readonly #cells: Float64Array
  readonly #starts: Int32Array
  /** Point indices ordered by cell. */
  readonly #points: Int32Array

  constructor(lat: Float64Array, lng: Float64Array, size: number) {
    this.size = size
    // Cell key and point index packed in one number: a native numeric sort orders them.
    const packed = new Float64Array(size)
    for (let k = 0; k < size; k++) packed[k] = (row(lat[k]!) * COLUMNS + column(lng[k]!)) * 2 ** 24 + k
    packed.sort()
    this.#points = new Int32Array(size)
    const cells: number[] = []
    const starts: number[] = []
    let last = -1
    for (let i = 0; i < size; i++) {
      const p = packed[i]!
      const key = Math.floor(p / 2 ** 24)
      this.#points[i] = p - key * 2 ** 24
      if (key !== last) {
        cells.push(key)
        starts.push(i)
        last = key
      }
    }
    starts.push(size)
    this.#cells = Float64Array.from(cells)
    this.#starts = Int32Array.from(starts)
  }

  /** Whether the packing holds: point indices below 2^24. */
  static fits(points: number): boolean {
    return points < 2 ** 24
  }

  /** The grid rows a box spans (each is one binary search). */
  static rows(box: Box): number {
    return row(box.latMax) - row(box.latMin) + 1
  }

  /**
   * Sets the bits of every covered point in the box (`slotOf` maps points to slots); returns how
   * many points it visited.
   */
  collect(box: Box, lat: Float64Array, lng: Float64Array, slotOf: Int32Array, out: Bitset): number {
    const rowLo = row(box.latMin)
    const rowHi = row(box.latMax)
    const colLo = column(box.lngMin)
    const colHi = column(box.lngMax)
    const cells = this.#cells
    const starts = this.#starts
    const points = this.#points
    let visited = 0
    for (let r = rowLo; r <= rowHi; r++) {
      const first = r * COLUMNS + colLo
      const end = r * COLUMNS + colHi
      let lo = 0
      let hi = cells.length
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if (cells[mid]! < first) lo = mid + 1
        else hi = mid
      }
      // Rounding is monotonic: a point whose cell lies strictly between the box's first and
      // last row and column is inside the box.
      const innerRow = r > rowLo && r < rowHi
      for (let c = lo; c < cells.length && cells[c]! <= end; c++) {
        const col = cells[c]! - r * COLUMNS
        const inner = innerRow && col > colLo && col < colHi
        visited += starts[c + 1]! - starts[c]!
        for (let i = starts[c]!; i < starts[c + 1]!; i++) {
          const k = points[i]!
          if (inner || inBox(box, lat[k]!, lng[k]!)) {
            const slot = slotOf[k]!
            out[slot >>> 5]! |= 1 << (slot & 31)
          }
        }
      }
    }
    return visited
  }
}

export function inBox(box: Box, lat: number, lng: number): boolean {
  return lat >= box.latMin && lat <= box.latMax && lng >= box.lngMin && lng <= box.lngMax
}
