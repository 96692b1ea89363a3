import { describe, expect, it } from 'vitest'
import { germanMessages } from '../../tests/helpers/messages.ts'
import { distanceKm, formatDistance as formatWith } from './distance.ts'

const t = germanMessages()
const formatDistance = (km: number) => formatWith(km, t)

const KOELN_HBF = { lat: 50.943029, lng: 6.958729 }
const KOELN_MESSE_DEUTZ = { lat: 50.940874, lng: 6.974831 }
const BERLIN_HBF = { lat: 52.525592, lng: 13.369545 }
const MUENCHEN_HBF = { lat: 48.140229, lng: 11.558339 }

// Turns the no-break space into a plain one so that expectations read naturally.
const plain = (text: string) => text.replace(/\u00a0/g, ' ')

describe('distanceKm', () => {
  it('is zero for the same point and symmetric', () => {
    expect(distanceKm(KOELN_HBF, KOELN_HBF)).toBe(0)
    expect(distanceKm(BERLIN_HBF, MUENCHEN_HBF)).toBeCloseTo(distanceKm(MUENCHEN_HBF, BERLIN_HBF), 9)
  })

  it('measures across the Rhine and across Germany like a map does', () => {
    // Köln Hbf → Köln Messe/Deutz: about 1.15 km over the Hohenzollern Bridge.
    expect(distanceKm(KOELN_HBF, KOELN_MESSE_DEUTZ)).toBeCloseTo(1.15, 1)
    // Berlin Hbf → München Hbf: 504 km as the crow flies.
    expect(distanceKm(BERLIN_HBF, MUENCHEN_HBF)).toBeGreaterThan(500)
    expect(distanceKm(BERLIN_HBF, MUENCHEN_HBF)).toBeLessThan(508)
  })

  it('one degree of latitude is about 111.2 km', () => {
    expect(distanceKm({ lat: 50, lng: 8 }, { lat: 51, lng: 8 })).toBeCloseTo(111.2, 1)
  })
})

describe('formatDistance', () => {
  it('shows metres below one kilometre, rounded to 10 m', () => {
    expect(plain(formatDistance(0.85))).toBe('850 m')
    expect(plain(formatDistance(0.0123))).toBe('10 m')
    expect(plain(formatDistance(0))).toBe('0 m')
    expect(plain(formatDistance(0.994))).toBe('990 m')
  })

  it('shows kilometres with a decimal comma below 10 km', () => {
    expect(plain(formatDistance(2.4))).toBe('2,4 km')
    expect(plain(formatDistance(1.15))).toBe('1,2 km')
    expect(plain(formatDistance(0.996))).toBe('1,0 km')
    expect(plain(formatDistance(9.94))).toBe('9,9 km')
  })

  it('shows whole kilometres from 10 km, with a thousands dot', () => {
    expect(plain(formatDistance(9.96))).toBe('10 km')
    expect(plain(formatDistance(37.4))).toBe('37 km')
    expect(plain(formatDistance(1234.4))).toBe('1.234 km')
  })

  it('keeps number and unit together with a no-break space', () => {
    expect(formatDistance(2.4)).toBe('2,4\u00a0km')
  })

  it('shows nothing for an unknown distance', () => {
    expect(formatDistance(Number.NaN)).toBe('')
    expect(formatDistance(-1)).toBe('')
  })
})
