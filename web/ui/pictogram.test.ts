import { describe, expect, it } from 'vitest'
import { facilityPictogram } from './pictogram.tsx'

describe('facility pictograms', () => {
  it('give every facility its pictogram, an unknown one the information sign', () => {
    expect(facilityPictogram('WLAN')).toBe('wifi')
    expect(facilityPictogram('DB Lounge')).toBe('cup')
    expect(facilityPictogram('Aufzug zum Mond')).toBe('info')
  })
})
