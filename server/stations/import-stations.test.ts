import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import { SearchStore } from '../search/store/search-store.ts'
import { importStations } from './import-stations.ts'
import { readStationFacts } from './station-facts.ts'
import { readStations, STATIONS_INDEX, type StationRecord } from './station-records.ts'

const LABELS = [
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

let dir: string
let db: Database
let store: SearchStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bf-import-'))
  db = openDatabase(dir)
  store = new SearchStore(db)
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('importStations', () => {
  it('writes all 5,388 stations of db-stations with the German facility labels', async () => {
    const summary = await importStations(store)
    expect(summary.records).toBe(5388)
    const records = [...store.records(STATIONS_INDEX)] as StationRecord[]
    expect(records).toHaveLength(5388)
    const seen = new Set(records.flatMap((r) => r.facilities))
    expect([...seen].sort()).toEqual([...LABELS].sort())
    for (const record of records) {
      // Labels keep the order of the source booleans.
      const order = record.facilities.map((label) => LABELS.indexOf(label))
      expect(order).toEqual([...order].sort((a, b) => a - b))
      expect(['ja', 'teilweise', 'nein', 'unbekannt']).toContain(record.steplessAccess)
    }
    const segments = new Set(records.map((r) => r.segment))
    expect([...segments].filter((s) => s !== null).sort()).toEqual([
      'Großstadtknoten',
      'Ländlicher Zubringer',
      'Metropolbahnhof',
      'Regionaler Knoten',
      'Regionaler Zubringer',
      'Vorstädtischer S-Bahnhof',
      'Zentraler S-Bahnhof',
    ])
    const berlin = store.getRecord(STATIONS_INDEX, '8011160') as StationRecord
    expect(berlin.name).toBe('Berlin Hauptbahnhof')
    expect(berlin.federalState).toBe('Berlin')
    expect(berlin.category).toBe(1)
    expect(berlin.facilities).toContain('DB Lounge')
    expect(berlin._geoloc).toEqual({ lat: expect.closeTo(52.525, 2), lng: expect.closeTo(13.369, 2) })
  })

  it('leaves no stray white space in names and addresses', async () => {
    await importStations(store)
    const records = [...store.records(STATIONS_INDEX)] as StationRecord[]
    for (const record of records) {
      for (const value of [record.name, record.city, record.zipcode, record.street, record.federalState]) {
        if (value === null) continue
        expect(value, record.objectID).toBe(value.trim())
        expect(value, record.objectID).not.toMatch(/\s{2}/)
      }
    }
    // Was "Nürnberg " in the source, shown as "Nürnberg , Bayern" (Nürnberg Nordost).
    expect((store.getRecord(STATIONS_INDEX, '8004469') as StationRecord).city).toBe('Nürnberg')
  })

  it('carries opening hours, the 3-S-Zentrale and the mobility service of the big stations', async () => {
    await importStations(store)
    const records = [...store.records(STATIONS_INDEX)] as StationRecord[]
    expect(records.filter((r) => r.dbInformationHours !== null)).toHaveLength(88)
    expect(records.filter((r) => r.serviceStaffHours !== null)).toHaveLength(148)
    expect(records.every((r) => r.serviceCenterPhone !== null)).toBe(true)
    const byAccess = Object.groupBy(records, (r) => r.mobilityServiceAccess ?? 'fehlt')
    expect(byAccess.ja).toHaveLength(155)
    expect(byAccess['nur mit Voranmeldung']).toHaveLength(126)
    expect(byAccess.nein).toHaveLength(5107)

    const nuremberg = store.getRecord(STATIONS_INDEX, '8000284') as StationRecord
    expect(nuremberg.dbInformationHours?.monday).toEqual({ from: '06:00', to: '24:00' })
    expect(nuremberg.serviceStaffHours?.holiday).toEqual({ from: '06:00', to: '23:30' })
    expect(nuremberg.serviceCenterPhone).toBe('0911/2191055')
    expect(nuremberg.mobilityServiceAccess).toBe('ja')
    expect(nuremberg.mobilityServicePhone).toBe('030 65 21 28 88')
    // The facet value stays the source text.
    expect(nuremberg.mobilityService).toMatch(/^Ja, um Voranmeldung unter 030/)
  })

  it('gives every station its train types from the station facts, long-distance stops marked', async () => {
    await importStations(store)
    const records = [...store.records(STATIONS_INDEX)] as StationRecord[]
    const facts = readStationFacts().stations
    for (const record of records)
      expect(record.trains, record.objectID).toEqual(facts[record.objectID]?.trains)
    expect(records.filter((r) => r.trains?.includes('ICE'))).toHaveLength(245)
    expect(records.filter((r) => r.longDistance)).toHaveLength(
      records.filter((r) => r.trains?.includes('ICE') || r.trains?.includes('IC/EC')).length,
    )
    expect(store.getRecord(STATIONS_INDEX, '8000207')).toMatchObject({
      trains: ['ICE', 'IC/EC', 'RE/RB', 'S-Bahn'],
      longDistance: true,
    })
    // The bulky facts stay out of the search records.
    expect(Object.keys(records[0]!)).not.toContain('tracks')
  })

  it('creates the sort replicas with their primary', async () => {
    await importStations(store)
    const primary = store.getIndex(STATIONS_INDEX)
    expect(primary?.settings.replicas).toEqual([
      'stations_name_asc',
      'stations_name_desc',
      'stations_category_asc',
    ])
    expect(store.getIndex('stations_name_asc')?.settings).toMatchObject({ primary: STATIONS_INDEX })
    expect(store.getIndex('stations_name_asc')?.settings.ranking?.[0]).toBe('asc(name)')
  })

  it('stores the abbreviation synonyms with the index and its replicas', async () => {
    await importStations(store)
    for (const name of [STATIONS_INDEX, 'stations_name_asc']) {
      expect(store.getIndex(name)?.synonyms).toContainEqual({
        objectID: 'hbf',
        type: 'synonym',
        synonyms: ['hbf', 'hauptbahnhof'],
      })
    }
  })

  it('replaces the records on a second import', async () => {
    await importStations(store)
    await importStations(store)
    expect(store.recordCount(STATIONS_INDEX)).toBe(5388)
  })

  it('changes nothing when the source is broken', async () => {
    await importStations(store)
    const file = join(dir, 'broken.ndjson')
    writeFileSync(file, '{"id":"1","name":"Irgendwo"}\n{not json\n')
    await expect(importStations(store, { file })).rejects.toThrow(/broken\.ndjson:2: not valid JSON/)
    expect(store.recordCount(STATIONS_INDEX)).toBe(5388)
  })
})

/** The record readStations makes of one db-stations entry (id "1", name "A" unless given). */
async function recordOf(entry: Record<string, unknown>): Promise<StationRecord> {
  const file = join(dir, 'one.ndjson')
  writeFileSync(file, `${JSON.stringify({ id: '1', name: 'A', ...entry })}\n`)
  for await (const record of readStations(file)) return record
  throw new Error(`${file}: no record`)
}

describe('a db-stations entry as a search record', () => {
  it('marks a main station by its name (Hbf, Hauptbahnhof), the ranking’s tie-break', async () => {
    const main = async (name: string) => (await recordOf({ name })).mainStation
    expect(await main('Mülheim (Ruhr) Hbf')).toBe(true)
    expect(await main('Berlin Hauptbahnhof')).toBe(true)
    expect(await main('Frankfurt (Main) Hbf (tief)')).toBe(true)
    expect(await main('Köln-Mülheim')).toBe(false)
    expect(await main('Hbfstadt Nord')).toBe(false)
  })

  it('has no train types for a station the station facts do not know', async () => {
    expect(await recordOf({ id: 'unbekannt' })).toMatchObject({ trains: [], longDistance: false })
  })

  it('maps step-free access and a missing value', async () => {
    expect((await recordOf({ hasSteplessAccess: 'partial' })).steplessAccess).toBe('teilweise')
    expect((await recordOf({})).steplessAccess).toBe('unbekannt')
  })

  it('trims and collapses white space in names and addresses; blank means absent', async () => {
    const record = await recordOf({
      name: 'Mülheim-Kärlich ',
      federalState: 'Rheinland-Pfalz',
      address: { city: 'Gronau  OT Banteln ', zipcode: '90513 ', street: ' Bahnhofstr.1  ' },
    })
    expect(record).toMatchObject({
      name: 'Mülheim-Kärlich',
      city: 'Gronau OT Banteln',
      zipcode: '90513',
      street: 'Bahnhofstr.1',
    })
    expect(await recordOf({ address: { city: '   ' } })).toMatchObject({ city: null, street: null })
  })

  it('reads the mobility service as ja, nur mit Voranmeldung or nein, with its phone number', async () => {
    const yes = await recordOf({
      hasMobilityService: 'Ja, um Voranmeldung unter 030 65 21 28 88 (Ortstarif) wird gebeten',
    })
    expect(yes.mobilityServiceAccess).toBe('ja')
    expect(yes.mobilityServicePhone).toBe('030 65 21 28 88')
    const only = await recordOf({
      hasMobilityService: 'Nur nach Voranmeldung unter 030 65 21 28 88 (Ortstarif)',
    })
    expect(only.mobilityServiceAccess).toBe('nur mit Voranmeldung')
    expect(only.mobilityServicePhone).toBe('030 65 21 28 88')
    const no = await recordOf({ hasMobilityService: 'no' })
    expect(no).toMatchObject({
      mobilityService: 'nein',
      mobilityServiceAccess: 'nein',
      mobilityServicePhone: null,
    })
    expect((await recordOf({})).mobilityServiceAccess).toBe('unbekannt')
    expect((await recordOf({ hasMobilityService: 'Auskunft am Schalter' })).mobilityServiceAccess).toBe(
      'unbekannt',
    )
  })

  it('keeps readable opening hours per day, holidays included, and drops unreadable ones', async () => {
    const record = await recordOf({
      DBinformation: {
        availability: {
          monday: { fromTime: '06:00', toTime: '22:30' },
          tuesday: { fromTime: '6 Uhr', toTime: '22:30' },
          sunday: { fromTime: '00:00', toTime: '24:00' },
          holiday: { fromTime: '08:00', toTime: '16:00' },
        },
      },
      localServiceStaff: { availability: {} },
    })
    expect(record.dbInformationHours).toEqual({
      monday: { from: '06:00', to: '22:30' },
      sunday: { from: '00:00', to: '24:00' },
      holiday: { from: '08:00', to: '16:00' },
    })
    expect(record.serviceStaffHours).toBeNull()
    expect((await recordOf({})).dbInformationHours).toBeNull()
  })

  it('keeps the seven named segments, normalising case, and drops numeric codes', async () => {
    const segment = async (value: unknown) => (await recordOf({ productLine: { segment: value } })).segment
    expect(await segment('vorstädtischer S-Bahnhof')).toBe('Vorstädtischer S-Bahnhof')
    expect(await segment('ländlicher Zubringer')).toBe('Ländlicher Zubringer')
    expect(await segment('5')).toBeNull()
    expect(await segment(7)).toBeNull()
  })
})
