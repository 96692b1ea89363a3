// A bulk load reads the records in the order given and then puts every column in custom-ranking
// order. These tests check the finished index against answers worked out from the records by
// brute force, on records that exercise every column: replaced objectIDs, a facet that becomes
// multi-valued after the sample a big load sizes its columns from, numeric attributes first seen
// after it and last seen long before the end, string and number custom-ranking keys, several
// locations, tags and distinct.
import { describe, expect, it } from 'vitest'
import { facet, numeric, tag } from '../../tests/helpers/filter-nodes.ts'
import { seededRandom } from '../../tests/helpers/station-index.ts'
import { SearchIndex } from './search-index.ts'
import type { IndexSettings, SearchRecord } from './types.ts'

/** More than four times the sample a bulk load sizes its columns from, so that path runs too. */
const COUNT = 9_000
/** objectIDs repeat after this many records: the later record replaces the earlier one. */
const DISTINCT_IDS = 8_600

const SETTINGS: IndexSettings = {
  searchableAttributes: ['name'],
  attributesForFaceting: ['kind', 'colors', 'group'],
  customRanking: ['desc(weight)', 'asc(label)'],
  ranking: ['asc(price)', 'typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'],
  attributeForDistinct: 'group',
}

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'kappa', 'sigma', 'omega']
const COLORS = ['rot', 'grün', 'blau', 'gelb', 'weiß']

interface Winner {
  record: SearchRecord
  input: number
}

function makeRecords(): SearchRecord[] {
  const random = seededRandom(7)
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!
  const point = () => ({ lat: 47 + random() * 8, lng: 6 + random() * 9 })
  const records: SearchRecord[] = []
  for (let i = 0; i < COUNT; i++) {
    const record: SearchRecord = {
      objectID: `r${i % DISTINCT_IDS}`,
      name: `${pick(WORDS)} ${pick(WORDS)} ${i}`,
      kind: pick(['a', 'b', 'c']),
      colors: i < 3_000 ? pick(COLORS) : [pick(COLORS), pick(COLORS)],
      weight: Math.floor(random() * 20),
      price: Math.floor(random() * 1_000),
      group: `g${Math.floor(random() * 300)}`,
      stats: { score: random() },
      _geoloc: random() < 0.3 ? [point(), point()] : point(),
      _tags: [pick(['x', 'y', 'z'])],
    }
    const label = random()
    if (label < 0.4) record.label = `l${Math.floor(random() * 10)}`
    else if (label < 0.8) record.label = Math.floor(random() * 10)
    if (i >= 5_000) record.late = Math.floor(random() * 100)
    if (i < 4_000) record.early = Math.floor(random() * 100)
    records.push(record)
  }
  return records
}

/** The records that remain, with their input positions: of records sharing an objectID, the last. */
function winners(records: readonly SearchRecord[]): Winner[] {
  const last = new Map<string, Winner>()
  records.forEach((record, input) => {
    last.set(record.objectID, { record, input })
  })
  return [...last.values()].sort((a, b) => a.input - b.input)
}

/** asc(label): numbers first, then strings, then records without one. */
function labelKey(record: SearchRecord): [number, number | string] {
  const label = record.label
  if (typeof label === 'number') return [0, label]
  if (typeof label === 'string') return [1, label]
  return [2, 0]
}

/** asc(price), then the custom ranking (desc(weight), asc(label)), then input order. */
function compare(a: Winner, b: Winner): number {
  const price = (a.record.price as number) - (b.record.price as number)
  if (price !== 0) return price
  const weight = (b.record.weight as number) - (a.record.weight as number)
  if (weight !== 0) return weight
  const [ka, va] = labelKey(a.record)
  const [kb, vb] = labelKey(b.record)
  if (ka !== kb) return ka - kb
  if (va !== vb) return va < vb ? -1 : 1
  return a.input - b.input
}

function locations(record: SearchRecord): { lat: number; lng: number }[] {
  const geoloc = record._geoloc as { lat: number; lng: number } | { lat: number; lng: number }[]
  return Array.isArray(geoloc) ? geoloc : [geoloc]
}

describe('bulk load', () => {
  const records = makeRecords()
  const expected = winners(records)
  const index = new SearchIndex(SETTINGS)
  index.save(records)

  it('keeps the last record of each objectID, each found by its objectID', () => {
    expect(index.size).toBe(DISTINCT_IDS)
    for (const { record } of expected) expect(index.get(record.objectID)).toEqual(record)
  })

  it('ranks by the sort criterion, then the custom ranking with mixed keys, then input order', () => {
    const ranked = [...expected].sort(compare)
    const idsOf = (hits: readonly SearchRecord[]) => hits.map((hit) => hit.objectID)
    const first = index.search({ query: '', hitsPerPage: 1_000, attributesToRetrieve: ['objectID'] })
    expect(idsOf(first.hits)).toEqual(idsOf(ranked.slice(0, 1_000).map((w) => w.record)))
    // A later stretch of the order, through a filter on the sort attribute.
    const later = index.search({
      query: '',
      hitsPerPage: 1_000,
      filters: numeric('price', '>=', 700),
      attributesToRetrieve: ['objectID'],
    })
    const expectedLater = ranked.filter((w) => (w.record.price as number) >= 700).slice(0, 1_000)
    expect(idsOf(later.hits)).toEqual(idsOf(expectedLater.map((w) => w.record)))
  })

  it('places records saved after it among the loaded ones by the same criteria', () => {
    const later = new SearchIndex(SETTINGS)
    later.save(records)
    const random = seededRandom(3)
    const added: Winner[] = []
    for (let i = 0; i < 60; i++) {
      const record: SearchRecord = {
        objectID: `added-${i}`,
        name: `added ${i}`,
        kind: 'a',
        colors: 'rot',
        // Prices among the first ones, where the custom ranking decides within a price.
        price: Math.floor(random() * 100),
        weight: Math.floor(random() * 20),
        group: 'g0',
        stats: { score: 0 },
        _geoloc: { lat: 50, lng: 10 },
        _tags: ['x'],
        ...(i % 3 === 0 ? { label: `l${i % 10}` } : i % 3 === 1 ? { label: i % 10 } : {}),
      }
      later.save([record])
      added.push({ record, input: COUNT + i })
    }
    const ranked = [...expected, ...added].sort(compare)
    const first = later.search({ query: '', hitsPerPage: 1_000, attributesToRetrieve: ['objectID'] })
    expect(first.hits.map((hit) => hit.objectID)).toEqual(
      ranked.slice(0, 1_000).map((w) => w.record.objectID),
    )
  })

  it('counts every facet value, single- and multi-valued, as the records hold them', () => {
    const result = index.search({
      query: '',
      facets: ['kind', 'colors', 'group'],
      maxValuesPerFacet: 1_000,
      hitsPerPage: 0,
    })
    for (const attribute of ['kind', 'colors', 'group']) {
      const counts: Record<string, number> = {}
      for (const { record } of expected) {
        const value = record[attribute]
        for (const v of new Set(Array.isArray(value) ? value : [value])) counts[v] = (counts[v] ?? 0) + 1
      }
      expect(result.facets?.[attribute], attribute).toEqual(counts)
    }
    expect(index.search({ query: '', filters: facet('colors', 'blau'), hitsPerPage: 0 }).nbHits).toBe(
      expected.filter(({ record }) => [record.colors].flat().includes('blau')).length,
    )
  })

  it('filters numbers, nested numbers, numbers first seen late, tags and locations', () => {
    const count = (test: (record: SearchRecord) => boolean) =>
      expected.filter(({ record }) => test(record)).length
    const nbHits = (params: Parameters<SearchIndex['search']>[0]) =>
      index.search({ query: '', hitsPerPage: 0, ...params }).nbHits
    expect(nbHits({ filters: numeric('late', '>=', 50) })).toBe(
      count((r) => typeof r.late === 'number' && r.late >= 50),
    )
    expect(nbHits({ filters: numeric('early', '<', 50) })).toBe(
      count((r) => typeof r.early === 'number' && r.early < 50),
    )
    expect(nbHits({ filters: numeric('stats.score', '<', 0.25) })).toBe(
      count((r) => (r.stats as { score: number }).score < 0.25),
    )
    expect(nbHits({ filters: tag('y') })).toBe(count((r) => (r._tags as string[]).includes('y')))
    const box: [number, number, number, number] = [52.5, 8.5, 49.5, 12.5]
    expect(nbHits({ insideBoundingBox: [box] })).toBe(
      count((r) => locations(r).some((p) => p.lat >= 49.5 && p.lat <= 52.5 && p.lng >= 8.5 && p.lng <= 12.5)),
    )
  })

  it('finds words and groups by the distinct attribute', () => {
    const named = expected.filter(({ record }) => (record.name as string).split(' ').includes('kappa'))
    expect(index.search({ query: 'kappa', typoTolerance: false, hitsPerPage: 0 }).nbHits).toBe(named.length)
    // The first record of each group in ranking order stands for it.
    const cheap = [...expected].filter(({ record }) => (record.price as number) < 300).sort(compare)
    const seen = new Set<unknown>()
    const firstOfGroup = cheap.filter(({ record }) => !seen.has(record.group) && seen.add(record.group))
    const grouped = index.search({
      query: '',
      distinct: true,
      filters: numeric('price', '<', 300),
      hitsPerPage: 100,
      attributesToRetrieve: ['objectID'],
    })
    expect(grouped.nbHits).toBe(firstOfGroup.length)
    expect(grouped.hits.map((hit) => hit.objectID)).toEqual(
      firstOfGroup.slice(0, 100).map(({ record }) => record.objectID),
    )
  })
})
