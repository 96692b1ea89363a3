// A sort replica that reads its primary's data: it answers exactly as a replica with its own copy
// of the records would, through every write, compaction and settings change, and takes its own
// copy once its settings or the primary's no longer build the same data.
import { describe, expect, it } from 'vitest'
import {
  ids,
  replicaSettings,
  STATIONS_SETTINGS,
  seededRandom,
  stationIndex,
} from '../../tests/helpers/station-index.ts'
import { allStations, type StationRecord } from '../../tests/helpers/stations.ts'
import { SearchIndex } from './search-index.ts'
import type { IndexSettings, SearchParams } from './types.ts'

const replicas = replicaSettings() as Record<string, IndexSettings>
const NAME_ASC = replicas.stations_name_asc!
const NAME_DESC = replicas.stations_name_desc!

const QUERIES: SearchParams[] = [
  { hitsPerPage: 30 },
  { query: 'hbf', hitsPerPage: 30 },
  { query: 'berlin', hitsPerPage: 30, facets: ['*'] },
  { query: 'münchen ost', hitsPerPage: 10 },
  { query: 'bahnhof', hitsPerPage: 20, page: 3 },
]

/** Answers as a client sees them, without the time taken. */
function answers(index: SearchIndex): unknown[] {
  return QUERIES.map((params) => {
    const { processingTimeMS: _time, ...result } = index.search(params)
    return result
  })
}

/** A replica with its own copy of the records: what a shared one must answer like. */
function copyOf(primary: SearchIndex, settings: IndexSettings): SearchIndex {
  const copy = new SearchIndex(settings)
  copy.save([...primary.records()])
  return copy
}

describe('a sort replica sharing its primary’s data', () => {
  it('answers like a replica with its own copy, and refuses writes of its own', async () => {
    const primary = await stationIndex()
    const shared = primary.replica(NAME_ASC)!
    expect(shared.sharesPrimaryRecords).toBe(true)
    expect(shared.size).toBe(primary.size)
    expect(ids(shared.search({ hitsPerPage: 3 }))).not.toEqual(ids(primary.search({ hitsPerPage: 3 })))
    expect(answers(shared)).toEqual(answers(copyOf(primary, NAME_ASC)))
    expect(() => shared.save([{ objectID: 'x', name: 'x' }])).toThrow(/primary/)
    expect(() => shared.remove(['x'])).toThrow(/primary/)
    expect(() => shared.clear()).toThrow(/primary/)
    expect(shared.compact()).toBe(false)
  })

  it('is not offered where the data would differ: other searchable attributes or custom ranking', async () => {
    const primary = await stationIndex()
    expect(primary.replica({ ...NAME_ASC, searchableAttributes: ['name'] })).toBeUndefined()
    expect(primary.replica({ ...STATIONS_SETTINGS, customRanking: ['asc(name)'] })).toBeUndefined()
    // A replica is no primary.
    expect(primary.replica(NAME_ASC)!.replica(NAME_DESC)).toBeUndefined()
  })

  it('follows every write of its primary, past compactions, as a copy fed the same writes', async () => {
    const stations = await allStations()
    const primary = await stationIndex()
    const ascending = primary.replica(NAME_ASC)!
    const descending = primary.replica(NAME_DESC)!
    const copies = [copyOf(primary, NAME_ASC), copyOf(primary, NAME_DESC)]
    const random = seededRandom(7)
    for (let round = 0; round < 12; round++) {
      // Renamed stations (new sort keys), removed ones, and one batch large enough to rebuild.
      const count = round === 6 ? 2500 : 40
      const changed: StationRecord[] = []
      for (let n = 0; n < count; n++) {
        const station = stations[Math.floor(random() * stations.length)]!
        changed.push({
          ...station,
          name: `${String.fromCharCode(65 + Math.floor(random() * 26))} ${station.name}`,
        })
      }
      const removed = Array.from(
        { length: 15 },
        () => stations[Math.floor(random() * stations.length)]!.objectID,
      )
      for (const index of [primary, ...copies]) {
        index.save(changed)
        index.remove(removed)
      }
      if (round % 4 === 3) for (const index of [primary, ...copies]) index.compact()
    }
    expect(answers(ascending)).toEqual(answers(copies[0]!))
    expect(answers(descending)).toEqual(answers(copies[1]!))
  })

  it('keeps sharing through a ranking change, and takes its own copy for other data settings', async () => {
    const primary = await stationIndex()
    const replica = primary.replica(NAME_ASC)!
    replica.setSettings(replicas.stations_category_asc!)
    expect(replica.sharesPrimaryRecords).toBe(true)
    expect(answers(replica)).toEqual(answers(copyOf(primary, replicas.stations_category_asc!)))

    const own = { ...NAME_ASC, searchableAttributes: ['name', 'city'] }
    replica.setSettings(own)
    expect(replica.sharesPrimaryRecords).toBe(false)
    expect(answers(replica)).toEqual(answers(copyOf(primary, own)))
    // Its own copy now: it takes writes, and the primary's writes no longer reach it.
    replica.save([{ objectID: 'only-here', name: 'Aaa Nur Hier' }])
    expect(replica.get('only-here')).toBeDefined()
    expect(primary.get('only-here')).toBeUndefined()
  })

  it('takes its own copy when its primary’s data settings change, with the records it showed', async () => {
    const primary = await stationIndex()
    const replica = primary.replica(NAME_ASC)!
    const before = answers(replica)
    primary.setSettings({ ...STATIONS_SETTINGS, searchableAttributes: ['city'] })
    expect(replica.sharesPrimaryRecords).toBe(false)
    expect(answers(replica)).toEqual(before)
    // A primary change that builds the same data (a ranking) keeps it shared.
    const other = primary.replica({ ...NAME_DESC, searchableAttributes: ['city'] })!
    primary.setSettings({ ...STATIONS_SETTINGS, searchableAttributes: ['city'], typoTolerance: true })
    expect(other.sharesPrimaryRecords).toBe(true)
    expect(answers(other)).toEqual(answers(copyOf(primary, { ...NAME_DESC, searchableAttributes: ['city'] })))
  })
})
