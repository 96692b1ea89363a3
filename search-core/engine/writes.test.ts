// Incremental writes: every save/remove/clear is visible to the next search, and an index that
// took thousands of single writes answers exactly like one built from the final records.
import { describe, expect, it } from 'vitest'
import { facet, numeric } from '../../tests/helpers/filter-nodes.ts'
import {
  ids,
  names,
  STATIONS_SETTINGS,
  seededRandom,
  stationIndex,
} from '../../tests/helpers/station-index.ts'
import { allStations, type StationRecord } from '../../tests/helpers/stations.ts'
import { SearchIndex } from './search-index.ts'
import type { SearchParams } from './types.ts'

const station = (
  objectID: string,
  name: string,
  weight: number,
  extra: Partial<StationRecord> = {},
): StationRecord => ({
  objectID,
  name,
  ril100: null,
  city: 'Testhausen',
  zipcode: '99999',
  street: null,
  federalState: 'Bayern',
  category: 2,
  operator: 'Test',
  segment: null,
  facilities: ['WLAN'],
  steplessAccess: 'ja',
  mobilityService: 'nein',
  weight,
  _geoloc: { lat: 50, lng: 10 },
  ...extra,
})

describe('writes', () => {
  it('shows a saved record to the next search, in custom-ranking place and in the facets', async () => {
    const index = await stationIndex()
    const before = index.search({ query: '', facets: ['operator'] })
    index.save([
      station('new-1', 'Zauberberg Hbf', 99_999, { longDistance: true, category: 1, mainStation: true }),
    ])
    const after = index.search({ query: '', facets: ['operator'] })
    expect(after.nbHits).toBe(before.nbHits + 1)
    expect(ids(after)[0]).toBe('new-1')
    expect(after.facets?.operator?.Test).toBe(1)
    expect(names(index.search({ query: 'zauberberg', typoTolerance: false }))).toEqual(['Zauberberg Hbf'])
    expect(index.search({ query: 'testhausen', filters: facet('category', '1') }).nbHits).toBe(1)
  })

  it('counts the facets of every record anew after a write (the counts are kept between writes)', async () => {
    const index = await stationIndex()
    const all = { query: '', facets: ['federalState'], hitsPerPage: 0 }
    const before = index.search(all).facets?.federalState?.Hessen ?? 0
    expect(index.search(all).facets?.federalState?.Hessen).toBe(before)
    const hessen = index.search({ query: '', filters: facet('federalState', 'Hessen'), hitsPerPage: 2 })
    index.remove(ids(hessen))
    expect(index.search(all).facets?.federalState?.Hessen).toBe(before - 2)
    const valueSearch = index.searchForFacetValues('federalState', 'hess', {}).facetHits
    expect(valueSearch[0]).toMatchObject({ value: 'Hessen', count: before - 2 })
    index.save([station('new-h', 'Neu', 1, { federalState: 'Hessen' })])
    expect(index.search(all).facets?.federalState?.Hessen).toBe(before - 1)
  })

  it('matches a repeated query anew after a write, and narrows each repetition by its own filters', async () => {
    const index = await stationIndex()
    const all = index.search({ query: 'bahnhof', hitsPerPage: 0 }).nbHits
    const bayern = index.search({
      query: 'bahnhof',
      filters: facet('federalState', 'Bayern'),
      hitsPerPage: 0,
    })
    expect(bayern.nbHits).toBeLessThan(all)
    // The same words again, without the filter: the filter did not stay on the kept match.
    expect(index.search({ query: 'bahnhof', hitsPerPage: 0 }).nbHits).toBe(all)
    index.save([station('new-b', 'Neuer Bahnhof', 1)])
    expect(index.search({ query: 'bahnhof', hitsPerPage: 0 }).nbHits).toBe(all + 1)
  })

  it('replaces a record saved again under the same objectID', async () => {
    const index = await stationIndex()
    const size = index.size
    index.save([{ ...(index.get('8000105') as StationRecord), name: 'Mainhattan Zentral' }])
    expect(index.size).toBe(size)
    expect(index.search({ query: 'mainhattan' }).hits.map((h) => h.objectID)).toEqual(['8000105'])
    expect(ids(index.search({ query: 'frankfurt hbf' }))).not.toContain('8000105')
    expect(index.get('8000105')?.name).toBe('Mainhattan Zentral')
  })

  it('keeps the last of several records with one objectID in a batch', () => {
    const index = new SearchIndex(STATIONS_SETTINGS)
    index.save([station('a', 'Erster', 5), station('b', 'Bravo', 1), station('a', 'Zweiter', 1)])
    expect(index.size).toBe(2)
    expect(index.get('a')?.name).toBe('Zweiter')
    expect(index.search({ query: 'erster', typoTolerance: false }).nbHits).toBe(0)
    // Equal weights: index order, where the surviving "a" came last.
    expect(ids(index.search({ query: '' }))).toEqual(['b', 'a'])
    index.save([station('b', 'Bravo neu', 1), station('b', 'Bravo neuer', 2)])
    expect(index.get('b')?.name).toBe('Bravo neuer')
    expect(index.size).toBe(2)
  })

  it('forgets removed records everywhere', async () => {
    const index = await stationIndex()
    const bremen = index.search({ query: '', filters: facet('federalState', 'Bremen'), hitsPerPage: 100 })
    index.remove(ids(bremen))
    expect(index.search({ query: '', filters: facet('federalState', 'Bremen') }).nbHits).toBe(0)
    expect(index.search({ query: '', facets: ['federalState'] }).facets?.federalState).not.toHaveProperty(
      'Bremen',
    )
    expect(index.get(ids(bremen)[0]!)).toBeUndefined()
    expect(index.search({ query: 'bremen hbf', removeWordsIfNoResults: 'none' }).nbHits).toBe(0)
    index.remove(['no-such-id'])
    expect(index.size).toBe((await allStations()).length - bremen.nbHits)
  })

  it('clears everything', async () => {
    const index = await stationIndex()
    index.clear()
    expect(index.size).toBe(0)
    expect(index.search({ query: '' }).nbHits).toBe(0)
    index.save([station('a', 'Alpha', 1)])
    expect(index.search({ query: 'alpha' }).nbHits).toBe(1)
  })

  it('answers like a fresh build after thousands of single writes (through compactions)', async () => {
    const stations = await allStations()
    const random = seededRandom(11)
    const index = new SearchIndex(STATIONS_SETTINGS)
    index.save(stations.slice(0, 2000))
    const current = new Map(stations.slice(0, 2000).map((s) => [s.objectID, s]))
    for (let i = 0; i < 4000; i++) {
      const roll = random()
      const s = stations[Math.floor(random() * stations.length)]!
      if (roll < 0.6) {
        const changed = { ...s, weight: Math.round(random() * 1000) }
        index.save([changed])
        current.set(s.objectID, changed)
      } else {
        index.remove([s.objectID])
        current.delete(s.objectID)
      }
    }
    const fresh = new SearchIndex(STATIONS_SETTINGS)
    fresh.save([...current.values()])
    expect(index.size).toBe(current.size)
    const queries: SearchParams[] = [
      { query: '', facets: ['*'], hitsPerPage: 50 },
      { query: 'berlin', facets: ['facilities'], hitsPerPage: 50 },
      { query: 'frankfrut', hitsPerPage: 50 },
      { query: 'bahnhof', filters: numeric('weight', '>', 300), hitsPerPage: 50 },
      { query: '', aroundLatLng: { lat: 52.5, lng: 13.4 }, aroundRadius: 30_000, hitsPerPage: 50 },
    ]
    for (const q of queries) {
      const a = index.search(q)
      const b = fresh.search(q)
      expect(a.nbHits).toBe(b.nbHits)
      expect(a.facets).toEqual(b.facets)
      // Equal weights may tie in a different index order; the weights must agree.
      expect(a.hits.map((h) => h.weight)).toEqual(b.hits.map((h) => h.weight))
    }
  })

  it('takes a batch of 1,000 changed records without a rebuild, and compacts when its owner asks', async () => {
    const stations = await allStations()
    const index = new SearchIndex(STATIONS_SETTINGS)
    index.save(stations)
    const changed = stations.slice(0, 1000).map((s, i) => ({ ...s, weight: 5000 + i }))
    index.save(changed)
    index.remove(['8000105'])
    const fresh = new SearchIndex(STATIONS_SETTINGS)
    fresh.save([...changed, ...stations.slice(1000)].filter((s) => s.objectID !== '8000105'))
    const same = (): void => {
      for (const q of [
        { query: '', facets: ['*'] },
        { query: 'berlin' },
        { query: 'hbf', hitsPerPage: 50 },
      ]) {
        const a = index.search(q)
        const b = fresh.search(q)
        expect(a.nbHits).toBe(b.nbHits)
        expect(a.facets).toEqual(b.facets)
        // Equal weights may tie in a different index order; the weights must agree.
        expect(a.hits.map((h) => h.weight)).toEqual(b.hits.map((h) => h.weight))
      }
    }
    same()
    // Tombstones and appends are left for a compaction when idle: the write itself stayed small.
    expect(index.compact()).toBe(true)
    same()
    expect(index.compact()).toBe(false)
    same()
  })

  it('rebuilds on setSettings and validates records and settings', async () => {
    const index = await stationIndex()
    expect(index.search({ query: 'ostkreuz' }).nbHits).toBeGreaterThan(0)
    index.setSettings({ ...STATIONS_SETTINGS, searchableAttributes: ['city'] })
    expect(index.search({ query: 'ostkreuz' }).nbHits).toBe(0)
    expect(index.settings().searchableAttributes).toEqual(['city'])
    expect(() => index.setSettings({ ranking: ['nope'] })).toThrow('Invalid ranking criterion')
    expect(index.settings().searchableAttributes).toEqual(['city'])
    expect(() => index.save([{ name: 'no id' } as unknown as StationRecord])).toThrow('objectID')
  })

  it('hands out copies and lists every record', async () => {
    const index = await stationIndex()
    const record = index.get('8000105') as StationRecord
    record.name = 'changed outside'
    expect(index.get('8000105')?.name).toBe('Frankfurt (Main) Hbf')
    expect([...index.records()].length).toBe(index.size)
    const matching = index.matchingObjectIDs({ query: '', filters: facet('federalState', 'Saarland') })
    expect(matching.sort()).toEqual(
      (await allStations())
        .filter((s) => s.federalState === 'Saarland')
        .map((s) => s.objectID)
        .sort(),
    )
  })
})
