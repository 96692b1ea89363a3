import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import { SearchStore } from '../search/store/search-store.ts'
import { importStations } from './import-stations.ts'
import { normalizeSegment, STATIONS_INDEX, type StationRecord, toStationRecord } from './station-records.ts'

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
    expect(store.getIndex(STATIONS_INDEX)?.entries).toBe(5388)
  })

  it('changes nothing when the source is broken', async () => {
    await importStations(store)
    const file = join(dir, 'broken.ndjson')
    writeFileSync(file, '{"id":"1","name":"Irgendwo"}\n{not json\n')
    await expect(importStations(store, { file })).rejects.toThrow(/broken\.ndjson:2: not valid JSON/)
    expect(store.getIndex(STATIONS_INDEX)?.entries).toBe(5388)
  })
})

describe('toStationRecord', () => {
  it('maps step-free access and a missing value', () => {
    expect(toStationRecord({ id: '1', name: 'A', hasSteplessAccess: 'partial' }).steplessAccess).toBe(
      'teilweise',
    )
    expect(toStationRecord({ id: '1', name: 'A' }).steplessAccess).toBe('unbekannt')
  })

  it('keeps the seven named segments, normalising case, and drops numeric codes', () => {
    expect(normalizeSegment('vorstädtischer S-Bahnhof')).toBe('Vorstädtischer S-Bahnhof')
    expect(normalizeSegment('ländlicher Zubringer')).toBe('Ländlicher Zubringer')
    expect(normalizeSegment('5')).toBeNull()
    expect(normalizeSegment(7)).toBeNull()
  })
})
