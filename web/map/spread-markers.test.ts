import { describe, expect, it } from 'vitest'
import { type Disc, spreadMarkers } from './spread-markers.ts'

function overlaps(a: Disc, b: Disc): boolean {
  return Math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius
}

describe('spreadMarkers', () => {
  it('keeps markers that are apart where they are', () => {
    const discs = [
      { x: 0, y: 0, radius: 15 },
      { x: 100, y: 0, radius: 15 },
    ]
    expect(spreadMarkers(discs)).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
    ])
  })

  it('spreads markers at the same place apart, the first keeping its place', () => {
    const discs = Array.from({ length: 20 }, () => ({ x: 50, y: 50, radius: 22 }))
    const placed = spreadMarkers(discs).map((place, n) => ({ ...place, radius: discs[n]!.radius }))
    expect(placed[0]).toEqual({ x: 50, y: 50, radius: 22 })
    for (const [n, a] of placed.entries()) {
      for (const b of placed.slice(n + 1)) expect(overlaps(a, b)).toBe(false)
      // Near their place: within a few rings.
      expect(Math.hypot(a.x - 50, a.y - 50)).toBeLessThan(200)
    }
  })

  it('moves markers off fixed ones, which stay', () => {
    const fixed = [{ x: 0, y: 0, radius: 15 }]
    const [moved] = spreadMarkers([{ x: 5, y: 5, radius: 26 }], fixed)
    expect(overlaps({ ...moved!, radius: 26 }, fixed[0]!)).toBe(false)
  })

  it('lays out hundreds of crowded clusters without overlap', () => {
    const discs = Array.from({ length: 300 }, (_, n) => ({
      x: (n * 37) % 400,
      y: (n * 91) % 300,
      radius: 16 + (n % 4) * 3,
    }))
    const placed = spreadMarkers(discs).map((place, n) => ({ ...place, radius: discs[n]!.radius }))
    for (const [n, a] of placed.entries())
      for (const b of placed.slice(n + 1)) expect(overlaps(a, b)).toBe(false)
  })
})
