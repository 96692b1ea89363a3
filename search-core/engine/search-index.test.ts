// The engine by example: eight stations written out below, the settings of each case written out
// beside it, one behaviour per test. The suites named after a behaviour (text-search, facets, geo,
// ranking, …) check the same things on all 5,388 stations.
import { describe, expect, it } from 'vitest'
import { SearchIndex } from './search-index.ts'
import type { FilterNode, IndexSettings, SearchRecord, SearchResult } from './types.ts'

const documents: SearchRecord[] = [
  {
    objectID: 'koeln-hbf',
    name: 'Köln Hbf',
    city: 'Köln',
    state: 'Nordrhein-Westfalen',
    category: 1,
    facilities: ['WLAN', 'DB Lounge'],
    _geoloc: { lat: 50.943, lng: 6.9589 },
  },
  {
    objectID: 'koeln-messe',
    name: 'Köln Messe/Deutz',
    city: 'Köln',
    state: 'Nordrhein-Westfalen',
    category: 2,
    facilities: ['WLAN'],
    _geoloc: { lat: 50.9409, lng: 6.9749 },
  },
  {
    objectID: 'bonn-hbf',
    name: 'Bonn Hbf',
    city: 'Bonn',
    state: 'Nordrhein-Westfalen',
    category: 2,
    facilities: ['WLAN'],
    _geoloc: { lat: 50.732, lng: 7.0971 },
  },
  {
    objectID: 'koelleda',
    name: 'Kölleda',
    city: 'Kölleda',
    state: 'Thüringen',
    category: 6,
    facilities: [],
    _geoloc: { lat: 51.1932, lng: 11.2414 },
  },
  {
    objectID: 'mainz-hbf',
    name: 'Mainz Hbf',
    city: 'Mainz',
    state: 'Rheinland-Pfalz',
    category: 2,
    facilities: ['WLAN', 'DB Lounge'],
    _geoloc: { lat: 50.0012, lng: 8.2588 },
  },
  {
    objectID: 'frankfurt-hbf',
    name: 'Frankfurt (Main) Hbf',
    city: 'Frankfurt am Main',
    state: 'Hessen',
    category: 1,
    facilities: ['WLAN', 'DB Lounge'],
    _geoloc: { lat: 50.1071, lng: 8.6636 },
  },
  {
    objectID: 'berlin-hbf',
    name: 'Berlin Hauptbahnhof',
    city: 'Berlin',
    state: 'Berlin',
    category: 1,
    facilities: ['WLAN', 'DB Lounge'],
    _geoloc: { lat: 52.5251, lng: 13.3694 },
  },
  {
    objectID: 'berlin-zoo',
    name: 'Berlin Zoologischer Garten',
    city: 'Berlin',
    state: 'Berlin',
    category: 2,
    facilities: ['WLAN'],
    _geoloc: { lat: 52.5069, lng: 13.3323 },
  },
]

/** An index of `records` (the stations above unless given) with these settings. */
function indexWith(settings: IndexSettings, records: SearchRecord[] = documents): SearchIndex {
  const index = new SearchIndex(settings)
  index.save(records)
  return index
}

const ids = (result: SearchResult) => result.hits.map((hit) => hit.objectID)

describe('searchable attributes', () => {
  it('rank a match in an earlier attribute first', () => {
    const settings: IndexSettings = { searchableAttributes: ['name', 'city'] }
    const index = indexWith(settings, [
      { objectID: 'in-city', name: 'Zoologischer Garten', city: 'Berlin' },
      { objectID: 'in-name', name: 'Berlin Zoo', city: 'Zoo' },
    ])
    expect(ids(index.search({ query: 'berlin' }))).toEqual(['in-name', 'in-city'])
  })

  it('are the only attributes searched; without the setting, every attribute is', () => {
    const settings: IndexSettings = { searchableAttributes: ['name', 'city'] }
    // "Westfalen" is only in `state`.
    expect(indexWith(settings).search({ query: 'westfalen' }).nbHits).toBe(0)
    expect(ids(indexWith({}).search({ query: 'westfalen' }))).toEqual([
      'koeln-hbf',
      'koeln-messe',
      'bonn-hbf',
    ])
  })
})

describe('typo tolerance', () => {
  const settings: IndexSettings = { searchableAttributes: ['name'] }

  it('forgives one typo in a word of 4 letters or more, two from 8', () => {
    const index = indexWith(settings)
    expect(ids(index.search({ query: 'bonm' }))).toEqual(['bonn-hbf'])
    // "frnkfrut" (8 letters) is "frankfurt" without its "a" and with "ur" turned around: two typos.
    expect(ids(index.search({ query: 'frnkfrut' }))).toEqual(['frankfurt-hbf'])
    // "mianzz" is two typos from "mainz" too ("ai" turned around, a "z" too many), in 6 letters.
    expect(ids(index.search({ query: 'mianzz' }))).toEqual([])
  })

  it('forgives none in a word of 3 letters', () => {
    // One letter from "bonn", but a 3-letter word matches only as typed (or begins a word).
    expect(ids(indexWith(settings).search({ query: 'bnn' }))).toEqual([])
  })

  it('ranks fewer typos first, and can be turned off', () => {
    const index = indexWith(settings, [
      { objectID: 'one-typo', name: 'Moinz' },
      { objectID: 'as-typed', name: 'Mainz' },
    ])
    expect(ids(index.search({ query: 'mainz' }))).toEqual(['as-typed', 'one-typo'])
    expect(ids(index.search({ query: 'mainz', typoTolerance: false }))).toEqual(['as-typed'])
  })
})

describe('prefix search', () => {
  it('takes the last word as the beginning of a word (prefixLast, the default)', () => {
    const settings: IndexSettings = { searchableAttributes: ['name'] }
    const index = indexWith(settings)
    expect(ids(index.search({ query: 'köl' }))).toEqual(['koeln-hbf', 'koeln-messe', 'koelleda'])
    // Only the last: "köl" before another word must be a whole word.
    expect(ids(index.search({ query: 'köl hbf' }))).toEqual([])
  })

  it('takes every word so with prefixAll, none with prefixNone', () => {
    const all = indexWith({ searchableAttributes: ['name'], queryType: 'prefixAll' })
    expect(ids(all.search({ query: 'köl hb' }))).toEqual(['koeln-hbf'])
    const none = indexWith({ searchableAttributes: ['name'], queryType: 'prefixNone' })
    expect(ids(none.search({ query: 'köl' }))).toEqual([])
    expect(ids(none.search({ query: 'köln' }))).toEqual(['koeln-hbf', 'koeln-messe'])
  })
})

describe('facets', () => {
  const settings: IndexSettings = {
    searchableAttributes: ['name', 'city'],
    attributesForFaceting: ['state', 'facilities', 'category'],
  }

  it('count the values of the records found, most frequent first, ties alphabetical', () => {
    const result = indexWith(settings).search({ query: '', facets: ['state'] })
    expect(Object.entries(result.facets?.state ?? {})).toEqual([
      ['Nordrhein-Westfalen', 3],
      ['Berlin', 2],
      ['Hessen', 1],
      ['Rheinland-Pfalz', 1],
      ['Thüringen', 1],
    ])
  })

  it('count only what the query finds, each value of an array once per record', () => {
    const result = indexWith(settings).search({ query: 'hbf', facets: ['state', 'facilities'] })
    // Frankfurt last: its "Hbf" is the third word of its name, the others' the second.
    expect(ids(result)).toEqual(['koeln-hbf', 'bonn-hbf', 'mainz-hbf', 'frankfurt-hbf'])
    expect(result.facets).toEqual({
      state: { 'Nordrhein-Westfalen': 2, 'Rheinland-Pfalz': 1, Hessen: 1 },
      facilities: { WLAN: 4, 'DB Lounge': 3 },
    })
  })

  it('list at most maxValuesPerFacet values, or alphabetically with sortFacetValuesBy', () => {
    const index = indexWith({ ...settings, maxValuesPerFacet: 2, sortFacetValuesBy: 'alpha' })
    expect(Object.keys(index.search({ query: '', facets: ['state'] }).facets?.state ?? {})).toEqual([
      'Berlin',
      'Hessen',
    ])
    const byCount = index.search({ query: '', facets: ['state'], sortFacetValuesBy: 'count' })
    expect(Object.keys(byCount.facets?.state ?? {})).toEqual(['Nordrhein-Westfalen', 'Berlin'])
  })

  it('give numbers their minimum, maximum, average and sum', () => {
    const result = indexWith(settings).search({ query: '', facets: ['category'] })
    expect(result.facets_stats?.category).toEqual({ min: 1, max: 6, avg: 2.125, sum: 17 })
  })
})

describe('filters', () => {
  const settings: IndexSettings = {
    attributesForFaceting: ['state', 'facilities'],
    customRanking: ['asc(category)'],
  }
  const index = indexWith(settings)

  it('keep the records with a facet value', () => {
    const filters: FilterNode = { type: 'facet', attribute: 'state', value: 'Berlin' }
    expect(ids(index.search({ query: '', filters }))).toEqual(['berlin-hbf', 'berlin-zoo'])
  })

  it('compare numbers, or keep a range', () => {
    const largest: FilterNode = { type: 'numeric', attribute: 'category', op: '<=', value: 1 }
    expect(ids(index.search({ query: '', filters: largest }))).toEqual([
      'koeln-hbf',
      'frankfurt-hbf',
      'berlin-hbf',
    ])
    const range: FilterNode = { type: 'range', attribute: 'category', lo: 2, hi: 5 }
    expect(ids(index.search({ query: '', filters: range }))).toEqual([
      'koeln-messe',
      'bonn-hbf',
      'mainz-hbf',
      'berlin-zoo',
    ])
  })

  it('combine with AND, OR and NOT', () => {
    const loungeOutsideBerlin: FilterNode = {
      type: 'and',
      children: [
        { type: 'facet', attribute: 'facilities', value: 'DB Lounge' },
        { type: 'not', child: { type: 'facet', attribute: 'state', value: 'Berlin' } },
      ],
    }
    expect(ids(index.search({ query: '', filters: loungeOutsideBerlin }))).toEqual([
      'koeln-hbf',
      'frankfurt-hbf',
      'mainz-hbf',
    ])
    const eitherState: FilterNode = {
      type: 'or',
      children: [
        { type: 'facet', attribute: 'state', value: 'Hessen' },
        { type: 'facet', attribute: 'state', value: 'Thüringen' },
      ],
    }
    expect(ids(index.search({ query: '', filters: eitherState }))).toEqual(['frankfurt-hbf', 'koelleda'])
  })
})

describe('geo search', () => {
  const index = indexWith({})
  const koelnHbf = { lat: 50.943, lng: 6.9589 }

  it('keeps the records within the radius, nearest first, with their distance in metres', () => {
    const result = index.search({
      query: '',
      aroundLatLng: koelnHbf,
      aroundRadius: 30_000,
      getRankingInfo: true,
    })
    // Köln Messe/Deutz is 1.1 km from Köln Hbf, Bonn Hbf 25 km.
    expect(ids(result)).toEqual(['koeln-hbf', 'koeln-messe', 'bonn-hbf'])
    const distances = result.hits.map((hit) => Number(hit._rankingInfo?.geoDistance))
    expect(distances[0]).toBe(0)
    expect(distances[1]).toBeGreaterThan(1100)
    expect(distances[1]).toBeLessThan(1200)
    expect(distances[2]).toBeGreaterThan(25_000)
    expect(distances[2]).toBeLessThan(26_000)
  })

  it('leaves out what lies beyond the radius', () => {
    const result = index.search({ query: '', aroundLatLng: koelnHbf, aroundRadius: 20_000 })
    expect(ids(result)).toEqual(['koeln-hbf', 'koeln-messe'])
  })
})

describe('highlighting', () => {
  const settings: IndexSettings = { searchableAttributes: ['name', 'city'] }

  it('marks the matched words in each searchable attribute, in the record’s own spelling', () => {
    const [hit] = indexWith(settings).search({ query: 'koeln hbf' }).hits
    expect(hit?.objectID).toBe('koeln-hbf')
    expect(hit?._highlightResult).toEqual({
      name: {
        value: '<em>Köln</em> <em>Hbf</em>',
        matchLevel: 'full',
        fullyHighlighted: true,
        matchedWords: ['koeln', 'hbf'],
      },
      city: {
        value: '<em>Köln</em>',
        matchLevel: 'partial',
        fullyHighlighted: true,
        matchedWords: ['koeln'],
      },
    })
  })

  it('marks a word begun only as far as it was typed, with the tags asked for', () => {
    const index = indexWith({ ...settings, highlightPreTag: '<mark>', highlightPostTag: '</mark>' })
    const [hit] = index.search({ query: 'kölle' }).hits
    expect(hit?._highlightResult?.name).toMatchObject({ value: '<mark>Kölle</mark>da', matchLevel: 'full' })
  })
})

describe('synonyms', () => {
  const settings: IndexSettings = { searchableAttributes: ['name'], customRanking: ['asc(category)'] }

  it('find the records with any word of a group, whichever was typed', () => {
    const index = indexWith(settings)
    expect(ids(index.search({ query: 'hauptbahnhof' }))).toEqual(['berlin-hbf'])
    index.setSynonyms([{ objectID: 'hbf', type: 'synonym', synonyms: ['hbf', 'hauptbahnhof'] }])
    const mainStations = ['berlin-hbf', 'bonn-hbf', 'frankfurt-hbf', 'koeln-hbf', 'mainz-hbf']
    expect(ids(index.search({ query: 'hauptbahnhof' })).sort()).toEqual(mainStations)
    expect(ids(index.search({ query: 'hbf' })).sort()).toEqual(mainStations)
  })

  it('go one way only when one-way', () => {
    const index = indexWith(settings)
    index.setSynonyms([{ objectID: 'ffm', type: 'onewaysynonym', input: 'ffm', synonyms: ['frankfurt'] }])
    expect(ids(index.search({ query: 'ffm' }))).toEqual(['frankfurt-hbf'])
    const withFfm = indexWith(settings, [
      ...documents,
      { objectID: 'ffm-shop', name: 'FFM Shop', category: 7 },
    ])
    withFfm.setSynonyms([{ objectID: 'ffm', type: 'onewaysynonym', input: 'ffm', synonyms: ['frankfurt'] }])
    expect(ids(withFfm.search({ query: 'frankfurt' }))).toEqual(['frankfurt-hbf'])
  })
})

describe('distinct', () => {
  const settings: IndexSettings = {
    attributeForDistinct: 'city',
    distinct: 1,
    customRanking: ['asc(category)'],
  }

  it('keeps the best hit per value of attributeForDistinct', () => {
    // One station per city: Köln Hbf (category 1) before Köln Messe/Deutz, Berlin Hbf before Zoo.
    expect(ids(indexWith(settings).search({ query: '' }))).toEqual([
      'koeln-hbf',
      'frankfurt-hbf',
      'berlin-hbf',
      'bonn-hbf',
      'mainz-hbf',
      'koelleda',
    ])
  })

  it('keeps as many per value as a search asks for, or all with distinct off', () => {
    const index = indexWith(settings)
    expect(index.search({ query: 'berlin', distinct: 2 }).nbHits).toBe(2)
    expect(index.search({ query: 'berlin' }).nbHits).toBe(1)
    expect(index.search({ query: '', distinct: false }).nbHits).toBe(8)
  })
})
