import { describe, expect, it } from 'vitest'
import { placeLabels } from './label-layout.ts'

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
