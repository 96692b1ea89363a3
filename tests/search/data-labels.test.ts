// The stations' data values as the pages show them: every Land, facility, station type and train
// type the real data has (db-stations, db-hafas-stations) has a label from the catalogs, German
// pages show the values as they are, English pages in English; the values themselves stay German
// in addresses and search requests.
import { describe, expect, it } from 'vitest'
import { facilityLabel, federalStateLabel, segmentLabel, trainLabel } from '../../web/i18n/data-labels.ts'
import type { Translate } from '../../web/i18n/intl.tsx'
import { englishMessages, germanMessages } from '../helpers/messages.ts'
import { allStations, countBy } from '../helpers/stations.ts'
import { trainCounts } from '../helpers/train-types.ts'

const stations = await allStations()
const trainTypes = Object.keys(await trainCounts())

/** Every value the data has, per attribute whose values are words of a language. */
const DATA: ReadonlyArray<readonly [string, string[], (value: string, t: Translate) => string]> = [
  ['federalState', Object.keys(countBy(stations, 'federalState')), federalStateLabel],
  ['facilities', Object.keys(countBy(stations, 'facilities')), facilityLabel],
  ['segment', Object.keys(countBy(stations, 'segment')), segmentLabel],
]

/** A `Translate` that answers with the message's id: a label that reads "#…" came from a message. */
const messageIds: Translate = (id) => `#${id}`

describe('data values in the page’s language', () => {
  it('has a message for every Land, facility and station type the data has', () => {
    for (const [attribute, values, label] of DATA) {
      expect(values.length, attribute).toBeGreaterThan(5)
      for (const value of values) expect(label(value, messageIds), `${attribute}: ${value}`).toMatch(/^#/)
    }
  })

  it('shows German pages the values as the data has them', () => {
    const german = germanMessages()
    for (const [, values, label] of DATA) for (const value of values) expect(label(value, german)).toBe(value)
    for (const type of trainTypes) expect(trainLabel(type, german)).toBe(type)
  })

  it('shows English pages an English label for each, but for the names that stay', () => {
    const english = englishMessages()
    // Names, not words: the Länder spelt alike in English, and DB's own lounge.
    const alike = new Set([
      'Baden-Württemberg',
      'Berlin',
      'Brandenburg',
      'Bremen',
      'Hamburg',
      'Saarland',
      'Schleswig-Holstein',
      'DB Lounge',
    ])
    for (const [attribute, values, label] of DATA)
      for (const value of values)
        if (!alike.has(value)) expect(label(value, english), `${attribute}: ${value}`).not.toBe(value)
  })

  it('names the kinds of train in English, product and system names as they are', () => {
    const english = englishMessages()
    expect(Object.fromEntries(trainTypes.map((type) => [type, trainLabel(type, english)]))).toEqual({
      ICE: 'ICE',
      'IC/EC': 'IC/EC',
      'RE/RB': 'RE/RB',
      'S-Bahn': 'S-Bahn',
      'U-Bahn': 'U-Bahn',
      Straßenbahn: 'Tram',
      Bus: 'Bus',
      Fähre: 'Ferry',
    })
  })
})
