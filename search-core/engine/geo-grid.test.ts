// Bounding boxes through the grid against a test of every location.
import { describe, expect, it } from 'vitest'
import { seededRandom as random } from '../../tests/helpers/station-index.ts'
import { bitsToList } from './bitset.ts'
import { GeoColumn } from './geo.ts'

type Point = { lat: number; lng: number }

/** Locations on cell borders (multiples of 0.1°) as well as anywhere. */
function point(next: () => number): Point {
  const snap = next() < 0.2
  const lat = 47 + next() * 8
  const lng = 5 + next() * 10
  return snap ? { lat: Math.round(lat * 10) / 10, lng: Math.round(lng * 10) / 10 } : { lat, lng }
}

function bruteForce(records: (Point[] | null)[], boxes: number[][]): number[] {
  const out: number[] = []
  records.forEach((points, slot) => {
    const inside = (points ?? []).some((p) =>
      boxes.some(
        ([a = 0, b = 0, c = 0, d = 0]) =>
          p.lat >= Math.min(a, c) &&
          p.lat <= Math.max(a, c) &&
          p.lng >= Math.min(b, d) &&
          p.lng <= Math.max(b, d),
      ),
    )
    if (inside) out.push(slot)
  })
  return out
}

describe('bounding boxes over the geo grid', () => {
  it('selects exactly the records with a location in a box, also for records appended after the grid', () => {
    const next = random(3)
    const column = new GeoColumn()
    const records: (Point[] | null)[] = []
    const add = (count: number) => {
      for (let i = 0; i < count; i++) {
        const r = next()
        const points = r < 0.1 ? null : r < 0.2 ? [point(next), point(next), point(next)] : [point(next)]
        records.push(points)
        column.append(points === null ? undefined : points.length === 1 ? points[0] : points)
      }
    }
    const check = () => {
      for (let round = 0; round < 40; round++) {
        const corner = point(next)
        const size = next() < 0.3 ? Math.round(next() * 20) / 10 : next() * 3
        const boxes = [[corner.lat, corner.lng, corner.lat + size, corner.lng - size]]
        if (next() < 0.3) boxes.push([corner.lat - 1, corner.lng, corner.lat - 1.5, corner.lng + 2])
        const words = (records.length + 31) >>> 5
        expect(Array.from(bitsToList(column.boxBits(boxes, new Uint32Array(words))))).toEqual(
          bruteForce(records, boxes),
        )
      }
    }
    add(3000)
    check()
    // Fewer than a quarter more: tested beside the grid; then more: the grid is rebuilt.
    add(500)
    check()
    add(2000)
    check()
  })
})
