import { describe, expect, it } from 'vitest'
import { nearestFreeSpot, placeLabels, touchesDisc } from './label-layout.ts'

describe('placeLabels', () => {
  it('keeps names apart from each other, the more important one first', () => {
    const boxes = [
      { x: 0, y: 0, width: 80, height: 16 },
      { x: 30, y: 4, width: 60, height: 14 },
      { x: 200, y: 0, width: 60, height: 14 },
      { x: 0, y: 40, width: 60, height: 14 },
    ]
    expect(placeLabels(boxes)).toEqual([0, 2, 3])
  })

  it('shows every name where none overlap', () => {
    const boxes = Array.from({ length: 10 }, (_, n) => ({ x: n * 200, y: n * 50, width: 90, height: 14 }))
    expect(placeLabels(boxes)).toHaveLength(10)
  })
})

describe('nearestFreeSpot', () => {
  const marker = { x: 0, y: 0, radius: 15 }
  const free = (box: { x: number; y: number; width: number; height: number }) => !touchesDisc(box, marker)

  it('moves a name a marker covers just past the marker, the nearer way, no farther than it must', () => {
    const box = { x: 0, y: 4, width: 60, height: 16 }
    expect(free(box)).toBe(false)
    const spot = nearestFreeSpot(box, free, 28)!
    expect(free(spot)).toBe(true)
    expect(spot.x).toBe(0)
    // The name sat a little below the marker's centre: it moves down until its top edge is clear
    // of the marker (15 px and 2 px kept free), in 4 px steps.
    expect(spot.y).toBe(28)
  })

  it('leaves a name out where no spot near its place is free', () => {
    const box = { x: 0, y: 0, width: 60, height: 16 }
    expect(nearestFreeSpot(box, () => false, 28)).toBeNull()
  })
})
