import { describe, expect, it } from 'vitest'
import { normalizeBox, parseBoundingBox } from './bounds.ts'

describe('normalizeBox', () => {
  it('keeps a box over Germany, rounded to five decimals', () => {
    expect(
      normalizeBox({ northEast: { lat: 52.6754321, lng: 13.7612345 }, southWest: { lat: 52.3, lng: 13.1 } }),
    ).toEqual({ northEast: { lat: 52.67543, lng: 13.76123 }, southWest: { lat: 52.3, lng: 13.1 } })
  })

  it('clamps latitudes beyond the poles', () => {
    const box = normalizeBox({ northEast: { lat: 95, lng: 20 }, southWest: { lat: -120, lng: 0 } })
    expect(box.northEast.lat).toBe(90)
    expect(box.southWest.lat).toBe(-90)
  })

  it('wraps longitudes of a map panned past the date line', () => {
    const box = normalizeBox({ northEast: { lat: 10, lng: 190 }, southWest: { lat: 0, lng: 170 } })
    expect(box.northEast.lng).toBe(-170)
    expect(box.southWest.lng).toBe(170)
  })

  it('clamps a box wider than the world to ±180°', () => {
    const box = normalizeBox({ northEast: { lat: 60, lng: 400 }, southWest: { lat: 30, lng: -300 } })
    expect(box.southWest.lng).toBe(-180)
    expect(box.northEast.lng).toBe(180)
  })
})

describe('parseBoundingBox', () => {
  it('reads the forms the search service echoes', () => {
    expect(parseBoundingBox('52.6,13.7,52.3,13.1')).toEqual([52.6, 13.7, 52.3, 13.1])
    expect(parseBoundingBox('[[52.6,13.7,52.3,13.1]]')).toEqual([52.6, 13.7, 52.3, 13.1])
    expect(parseBoundingBox([52.6, 13.7, 52.3, 13.1])).toEqual([52.6, 13.7, 52.3, 13.1])
    expect(parseBoundingBox('1,2,3')).toBeNull()
  })
})
