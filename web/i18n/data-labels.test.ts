import { describe, expect, it } from 'vitest'
import { englishMessages } from '../../tests/helpers/messages.ts'
import { facilityLabel, federalStateLabel, segmentLabel, trainLabel } from './data-labels.ts'

// Every value of the real data against both catalogs: tests/search/data-labels.test.ts.
const english = englishMessages()

describe('data values in the page’s language', () => {
  it('names them in English on English pages', () => {
    expect(federalStateLabel('Bayern', english)).toBe('Bavaria')
    expect(federalStateLabel('Nordrhein-Westfalen', english)).toBe('North Rhine-Westphalia')
    expect(federalStateLabel('Thüringen', english)).toBe('Thuringia')
    expect(federalStateLabel('Berlin', english)).toBe('Berlin')
    expect(facilityLabel('WLAN', english)).toBe('Wi-Fi')
    expect(facilityLabel('Schließfächer', english)).toBe('Lockers')
    expect(facilityLabel('Fahrradstellplatz', english)).toBe('Bicycle parking')
    expect(facilityLabel('DB Lounge', english)).toBe('DB Lounge')
    expect(segmentLabel('Großstadtknoten', english)).toBe('Major city hub')
  })

  it('names the kinds of train in English, product and system names as they are', () => {
    expect(trainLabel('Straßenbahn', english)).toBe('Tram')
    expect(trainLabel('Fähre', english)).toBe('Ferry')
    expect(trainLabel('S-Bahn', english)).toBe('S-Bahn')
    expect(trainLabel('RE/RB', english)).toBe('RE/RB')
  })

  it('shows a value new to the data as it is', () => {
    for (const label of [federalStateLabel, facilityLabel, segmentLabel, trainLabel]) {
      expect(label('Neu im Datensatz', english)).toBe('Neu im Datensatz')
      // Not a label for a name an object has by birth.
      expect(label('toString', english)).toBe('toString')
    }
  })
})
