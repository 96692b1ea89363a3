// A DATA_DIR from before the station facts gets the facts' fields at start, without `npm run import`;
// what an operator changed in a record stays, and a current store is left alone.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import { SearchService } from '../search/service/search-service.ts'
import { SearchStore } from '../search/store/search-store.ts'
import { TaskStore } from '../search/store/task-store.ts'
import { importStations } from './import-stations.ts'
import { stationFactsOf } from './station-facts.ts'
import { upgradeStationFacts } from './station-facts-upgrade.ts'
import { factFields, STATIONS_INDEX } from './station-records.ts'

let dir: string
let db: Database
let store: SearchStore
let service: SearchService

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'station-facts-upgrade-'))
  db = openDatabase(dir)
  store = new SearchStore(db)
  service = new SearchService(store, new TaskStore(db))
  await importStations(store)
  await service.load()
})

afterEach(() => {
  service.close()
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const COLOGNE = '8000207'
const FACT_FIELDS = ['trains', 'longDistance', 'platformHeights', 'lift']

/** The stations as an older version stored them: every record without the facts' fields. */
async function storedBeforeTheFacts(): Promise<void> {
  const operations = [...store.records(STATIONS_INDEX)].map((record) => ({
    action: 'updateObject' as const,
    indexName: STATIONS_INDEX,
    body: Object.fromEntries(Object.entries(record).filter(([name]) => !FACT_FIELDS.includes(name))),
  }))
  service.batch(operations)
  await service.idle()
}

describe('station facts on start', () => {
  it('leaves a store imported with the facts alone', () => {
    expect(upgradeStationFacts(store, service)).toEqual({ updated: 0 })
    expect(service.lastTaskID()).toBe(0)
  })

  it('adds the facts’ fields to every station stored before them, as one asynchronous write, keeping an operator’s change', async () => {
    await storedBeforeTheFacts()
    const stations = [...store.records(STATIONS_INDEX)].length
    expect(service.getObject(STATIONS_INDEX, COLOGNE)).not.toHaveProperty('trains')
    // An operator renamed Köln Hbf through the API after that older import.
    service.batch([
      {
        action: 'partialUpdateObject',
        indexName: STATIONS_INDEX,
        body: { objectID: COLOGNE, name: 'Köln Hauptbahnhof' },
      },
    ])
    await service.idle()

    const upgrade = upgradeStationFacts(store, service)
    expect(upgrade).toEqual({ updated: stations, taskID: expect.any(Number) })
    await service.idle()
    const cologne = service.getObject(STATIONS_INDEX, COLOGNE)
    expect(cologne).toMatchObject({ ...factFields(stationFactsOf(COLOGNE)), name: 'Köln Hauptbahnhof' })
    expect(cologne).toMatchObject({ trains: ['ICE', 'IC/EC', 'RE/RB', 'S-Bahn'], lift: 'ja' })
    // The Züge filter counts them: as many ICE stops as the facts file has.
    const { facets } = service.search(STATIONS_INDEX, { query: '', facets: ['trains'], hitsPerPage: 0 })
    const ids = [...store.records(STATIONS_INDEX)].map((record) => record.objectID)
    expect(facets?.trains?.ICE).toBe(ids.filter((id) => stationFactsOf(id)?.trains.includes('ICE')).length)
    // Once is enough: the next start finds nothing to add.
    expect(upgradeStationFacts(store, service)).toEqual({ updated: 0 })
  })
})
