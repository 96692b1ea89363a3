// Facet counts, facets_stats and filters on the real stations, checked against counts computed
// directly from the records.
import { beforeAll, describe, expect, it } from 'vitest'
import { and, facet, not, numeric, or, range, tag } from '../../tests/helpers/filter-nodes.ts'
import { stationIndex } from '../../tests/helpers/station-index.ts'
import { allStations, countBy, type StationRecord } from '../../tests/helpers/stations.ts'
import type { SearchIndex } from './search-index.ts'
import type { FilterNode } from './types.ts'

let index: SearchIndex
let stations: StationRecord[]

beforeAll(async () => {
  index = await stationIndex()
  stations = await allStations()
})

const FACETS = ['federalState', 'category', 'facilities', 'steplessAccess', 'operator', 'segment'] as const

describe('facet counts', () => {
  it('counts every value over the whole result (arrays count each value)', () => {
    const r = index.search({ query: '', facets: [...FACETS], maxValuesPerFacet: 1000, hitsPerPage: 0 })
    expect(r.hits).toEqual([])
    for (const f of FACETS) expect(r.facets?.[f]).toEqual(countBy(stations, f))
  })

  it('counts under a query and filters', () => {
    const r = index.search({
      query: 'berlin',
      facets: ['facilities', 'steplessAccess'],
      filters: and(facet('steplessAccess', 'ja'), range('category', 1, 4)),
      hitsPerPage: 1000,
    })
    const matched = r.hits.map((h) => h as unknown as StationRecord)
    expect(r.nbHits).toBe(matched.length)
    expect(r.nbHits).toBeGreaterThan(5)
    expect(
      matched.every((h) => h.steplessAccess === 'ja' && (h.category ?? 0) >= 1 && (h.category ?? 9) <= 4),
    ).toBe(true)
    expect(r.facets?.facilities).toEqual(countBy(matched, 'facilities'))
    expect(r.facets?.steplessAccess).toEqual({ ja: r.nbHits })
  })

  it('orders values by count (ties alphabetically), or alphabetically; caps at maxValuesPerFacet', () => {
    const r = index.search({ query: '', facets: ['operator'], maxValuesPerFacet: 5 })
    const expected = Object.entries(countBy(stations, 'operator'))
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 5)
    expect(Object.entries(r.facets?.operator ?? {})).toEqual(expected)
    const alpha = index.search({ query: '', facets: ['federalState'], sortFacetValuesBy: 'alpha' })
    const keys = Object.keys(alpha.facets?.federalState ?? {})
    expect(keys).toEqual([...keys].sort())
  })

  it("'*' means every faceted attribute except filterOnly; undeclared facets are ignored", async () => {
    expect(Object.keys(index.search({ query: '', facets: ['*'] }).facets ?? {}).sort()).toEqual(
      [
        'category',
        'facilities',
        'federalState',
        'mobilityService',
        'operator',
        'segment',
        'steplessAccess',
        'trains',
        'platformHeights',
        'lift',
      ].sort(),
    )
    expect(index.search({ query: '', facets: ['name', 'category'] }).facets).toHaveProperty('category')
    expect(index.search({ query: '', facets: ['name'] }).facets).toEqual({})
    const filterOnly = await stationIndex({ attributesForFaceting: ['filterOnly(category)', 'segment'] })
    expect(Object.keys(filterOnly.search({ query: '', facets: ['*'] }).facets ?? {})).toEqual(['segment'])
    expect(filterOnly.search({ query: '', filters: facet('category', '1') }).nbHits).toBe(
      stations.filter((s) => s.category === 1).length,
    )
  })

  it('computes facets_stats for numeric facet values', () => {
    const r = index.search({ query: 'hamburg', facets: ['category', 'federalState'], hitsPerPage: 1000 })
    const categories = r.hits.map((h) => h.category).filter((c): c is number => typeof c === 'number')
    const sum = categories.reduce((a, b) => a + b, 0)
    expect(r.facets_stats?.category).toEqual({
      min: Math.min(...categories),
      max: Math.max(...categories),
      avg: sum / categories.length,
      sum,
    })
    expect(r.facets_stats).not.toHaveProperty('federalState')
  })
})

describe('filters', () => {
  const count = (filters: FilterNode) => index.search({ query: '', filters, hitsPerPage: 0 }).nbHits

  it('facet values ignore case; attribute names do not', () => {
    const bayern = stations.filter((s) => s.federalState === 'Bayern').length
    expect(count(facet('federalState', 'Bayern'))).toBe(bayern)
    expect(count(facet('federalState', 'bayern'))).toBe(bayern)
    expect(count(facet('FederalState', 'Bayern'))).toBe(0)
  })

  it('matches any element of an array attribute', () => {
    expect(count(facet('facilities', 'WLAN'))).toBe(
      stations.filter((s) => s.facilities.includes('WLAN')).length,
    )
    expect(count(and(facet('facilities', 'WLAN'), facet('facilities', 'DB Lounge')))).toBe(
      stations.filter((s) => s.facilities.includes('WLAN') && s.facilities.includes('DB Lounge')).length,
    )
  })

  it('combines AND, OR and NOT like the data says', () => {
    const expected = stations.filter(
      (s) =>
        (s.federalState === 'Bayern' || s.federalState === 'Hessen') &&
        s.category !== 7 &&
        s.steplessAccess !== 'nein',
    ).length
    expect(
      count(
        and(
          or(facet('federalState', 'Bayern'), facet('federalState', 'Hessen')),
          not(facet('category', '7')),
          not(facet('steplessAccess', 'nein')),
        ),
      ),
    ).toBe(expected)
  })

  it('filters numbers on any numeric attribute, faceted or not', () => {
    expect(count(numeric('weight', '>', 500))).toBe(stations.filter((s) => s.weight > 500).length)
    expect(count(range('weight', 100, 200))).toBe(
      stations.filter((s) => s.weight >= 100 && s.weight <= 200).length,
    )
    expect(count(numeric('category', '<=', 2))).toBe(stations.filter((s) => (s.category ?? 99) <= 2).length)
    expect(count(or(numeric('category', '=', 3), numeric('category', '=', 1)))).toBe(
      stations.filter((s) => s.category === 3 || s.category === 1).length,
    )
    expect(count(facet('category', '3'))).toBe(stations.filter((s) => s.category === 3).length)
  })

  it('matches nothing (no error) for unknown attributes', () => {
    expect(count(facet('color', 'red'))).toBe(0)
    expect(count(numeric('height', '>', 3))).toBe(0)
    expect(count(not(facet('color', 'red')))).toBe(stations.length)
  })

  it('matches tags case-sensitively', async () => {
    const tagged = await stationIndex()
    tagged.save([
      { objectID: 't1', name: 'Tagged', _tags: ['Featured', 'north'] },
      { objectID: 't2', name: 'Tagged too', _tags: 'featured' },
    ])
    const tagCount = (filters: FilterNode) => tagged.search({ query: '', filters }).nbHits
    expect(tagCount(facet('_tags', 'Featured'))).toBe(1)
    expect(tagCount(tag('featured'))).toBe(1)
    expect(tagCount(or(tag('Featured'), tag('featured')))).toBe(2)
  })
})

describe('facet-value search', () => {
  it('prefix-matches any word of a value, counts under query and filters, highlights', () => {
    const r = index.searchForFacetValues('federalState', 'sach', {})
    // "Niedersachsen" has no word starting with "sach".
    expect(r.facetHits).toEqual([
      { value: 'Sachsen', highlighted: '<em>Sach</em>sen', count: 398 },
      { value: 'Sachsen-Anhalt', highlighted: '<em>Sach</em>sen-Anhalt', count: 287 },
    ])
    const filtered = index.searchForFacetValues('federalState', 'b', {
      query: 'hbf',
      filters: range('category', 1, 2),
    })
    const expected = countBy(
      stations.filter((s) => /\bhbf/i.test(s.name) && (s.category ?? 9) <= 2),
      'federalState',
    )
    expect(Object.fromEntries(filtered.facetHits.map((h) => [h.value, h.count]))).toEqual(
      Object.fromEntries(Object.entries(expected).filter(([v]) => /^b/i.test(v) || /[- ]b/i.test(v))),
    )
  })

  it('folds the facet query and honours maxFacetHits and the tags', () => {
    const r = index.searchForFacetValues('federalState', 'THÜ', {
      highlightPreTag: '[',
      highlightPostTag: ']',
    })
    expect(r.facetHits).toEqual([{ value: 'Thüringen', highlighted: '[Thü]ringen', count: 277 }])
    expect(index.searchForFacetValues('operator', '', { maxFacetHits: 3 }).facetHits).toHaveLength(3)
  })

  it("refuses facets that are not searchable(), with Algolia's message", () => {
    expect(() => index.searchForFacetValues('category', '1', {})).toThrow(
      'Cannot search in `category` attribute, you need to add `searchable(category)` to attributesForFaceting.',
    )
    expect(() => index.searchForFacetValues('name', 'b', {})).toThrow('searchable(name)')
  })
})
