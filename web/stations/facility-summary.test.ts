import { describe, expect, it } from 'vitest'
import { summarizeFacilities } from './facility-summary.ts'

const ALL = [
  'Parkplatz',
  'Fahrradstellplatz',
  'ÖPNV-Anschluss',
  'WC',
  'Schließfächer',
  'Taxistand',
  'Reisebedarf',
  'WLAN',
  'Reisezentrum',
  'Bahnhofsmission',
  'DB Lounge',
  'Fundbüro',
  'Mietwagen',
]

describe('facilities on a compact hit card', () => {
  it('shows three of thirteen, the most asked-for, and counts the other ten', () => {
    const summary = summarizeFacilities(ALL, [])
    expect(summary.shown).toEqual(['WC', 'Reisezentrum', 'WLAN'])
    expect(summary.more).toHaveLength(10)
  })

  it('shows the facilities the user filters for first', () => {
    expect(summarizeFacilities(ALL, ['Mietwagen', 'Taxistand']).shown).toEqual([
      'Taxistand',
      'Mietwagen',
      'WC',
    ])
  })

  it('shows four rather than three and "+1 weitere"', () => {
    const four = ['Parkplatz', 'Fahrradstellplatz', 'ÖPNV-Anschluss', 'WC']
    expect(summarizeFacilities(four, [])).toEqual({
      shown: ['WC', 'ÖPNV-Anschluss', 'Fahrradstellplatz', 'Parkplatz'],
      more: [],
    })
    expect(summarizeFacilities([], [])).toEqual({ shown: [], more: [] })
  })
})
