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

  it('never moves a marker farther than its reach; where no spot is free, its number stays uncovered if it can', () => {
    const discs = Array.from({ length: 20 }, () => ({ x: 50, y: 50, radius: 22 }))
    const placed = spreadMarkers(discs, [], { reach: 55 })
    for (const place of placed) expect(Math.hypot(place.x - 50, place.y - 50)).toBeLessThanOrEqual(55)
    const nearestBefore = (n: number) =>
      Math.min(
        ...placed.slice(0, n).map((before) => Math.hypot(before.x - placed[n]!.x, before.y - placed[n]!.y)),
      )
    // The centre and a ring around it hold six apart from each other …
    for (let n = 1; n < 6; n++) expect(nearestBefore(n)).toBeGreaterThanOrEqual(44)
    // … the next ones overlap those, but with their centres, their numbers, outside every marker above them.
    for (let n = 6; n < 13; n++) expect(nearestBefore(n)).toBeGreaterThan(22)
  })

  it('keeps markers off blocked spots', () => {
    const blocked = (x: number, _y: number, radius: number) => x + radius > 100
    const [place] = spreadMarkers([{ x: 95, y: 0, radius: 10 }], [], { reach: 60, blocked })
    expect(place!.x + 10).toBeLessThanOrEqual(100)
    expect(Math.hypot(place!.x - 95, place!.y)).toBeLessThanOrEqual(60)
  })
})
