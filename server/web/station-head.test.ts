// A station page's head from a record of the stations index, which the search API lets an operator
// (or a script gone wrong) fill with any JSON: an odd record costs its head those facts, never the page.
import { describe, expect, it } from 'vitest'
import type { StationRecord } from '../stations/station-records.ts'
import { pageMessages } from './page-messages.ts'
import { stationForHead, stationHead } from './station-head.ts'

const odd = (record: Record<string, unknown>) => record as unknown as StationRecord
const url = (path: string) => `https://bahnhofsfinder.example${path}`

describe('a station page head from a record of any shape', () => {
  it('is no station without a name', () => {
    expect(stationForHead(odd({ objectID: 'x' }))).toBeUndefined()
    expect(stationForHead(odd({ objectID: 'x', name: { a: [{ a: 1 }] } }))).toBeUndefined()
    expect(stationForHead(undefined)).toBeUndefined()
  })

  it('leaves out texts and lists of another type, and still writes the head', () => {
    const record = stationForHead(
      odd({
        objectID: 'x',
        name: 'Irgendwo',
        facilities: 'WC',
        trains: 5,
        city: { a: 1 },
        federalState: 7,
        street: ['a'],
        dbInformationHours: 'immer',
        _geoloc: 'hier',
      }),
    )
    expect(record).toMatchObject({ name: 'Irgendwo', facilities: [], trains: [], city: null, _geoloc: null })
    const head = stationHead(pageMessages('de'), record!, undefined, url('/bahnhof/x'), url, 'Bahnhofsfinder')
    expect(head.description).toContain('Irgendwo')
    expect(JSON.stringify(head.jsonLd)).not.toContain('"geo"')
  })

  it('keeps what a station of the import holds', () => {
    const record = stationForHead(
      odd({
        objectID: '8000207',
        name: 'Köln Hbf',
        city: 'Köln',
        federalState: 'Nordrhein-Westfalen',
        facilities: ['WC', 7, 'WLAN'],
        trains: ['ICE'],
        steplessAccess: 'ja',
        _geoloc: { lat: 50.94, lng: 6.96 },
      }),
    )
    expect(record).toMatchObject({ city: 'Köln', facilities: ['WC', 'WLAN'], trains: ['ICE'] })
    const head = stationHead(
      pageMessages('de'),
      record!,
      undefined,
      url('/bahnhof/8000207'),
      url,
      'Bahnhofsfinder',
    )
    expect(head.description).toContain('Köln Hbf (Köln, Nordrhein-Westfalen)')
    expect(JSON.stringify(head.jsonLd)).toContain('"latitude":50.94')
  })
})
