// The shape of results: pagination and its limit, offset/length, retrieved attributes, distinct.
import { beforeAll, describe, expect, it } from 'vitest'
import { facet } from '../../tests/helpers/filter-nodes.ts'
import { ids, STATIONS_SETTINGS, stationIndex } from '../../tests/helpers/station-index.ts'
import { allStations, type StationRecord } from '../../tests/helpers/stations.ts'
import type { SearchIndex } from './search-index.ts'

let index: SearchIndex
let stations: StationRecord[]

beforeAll(async () => {
  index = await stationIndex()
  stations = await allStations()
})

describe('pagination', () => {
  it('pages through the same ranking', () => {
    const all = ids(index.search({ query: 'bahnhof', hitsPerPage: 1000 }))
    const page2 = index.search({ query: 'bahnhof', hitsPerPage: 10, page: 2 })
    expect(ids(page2)).toEqual(all.slice(20, 30))
    expect(page2.page).toBe(2)
    expect(page2.hitsPerPage).toBe(10)
    expect(page2.nbPages).toBe(Math.ceil(all.length / 10))
    const first = index.search({ query: 'bahnhof' })
    expect(first.hitsPerPage).toBe(20)
    expect(ids(first)).toEqual(all.slice(0, 20))
  })

  it('stops at paginationLimitedTo (nbHits stays the true count)', async () => {
    const r = index.search({ query: '' })
    expect(r.nbHits).toBe(stations.length)
    expect(r.nbPages).toBe(50)
    expect(index.search({ query: '', page: 49 }).hits).toHaveLength(20)
    expect(index.search({ query: '', page: 50 }).hits).toHaveLength(0)
    const limited = await stationIndex({ ...STATIONS_SETTINGS, paginationLimitedTo: 30 })
    expect(limited.search({ query: '', hitsPerPage: 20 }).nbPages).toBe(2)
    expect(limited.search({ query: '', hitsPerPage: 20, page: 1 }).hits).toHaveLength(10)
  })

  it('takes offset/length over page', () => {
    const all = ids(index.search({ query: 'bahnhof', hitsPerPage: 100 }))
    const r = index.search({ query: 'bahnhof', offset: 5, length: 3, page: 7 })
    expect(ids(r)).toEqual(all.slice(5, 8))
    expect(r.offset).toBe(5)
    expect(r.length).toBe(3)
  })

  it('returns no hits but facets for hitsPerPage 0', () => {
    const r = index.search({ query: 'berlin', hitsPerPage: 0, facets: ['category'] })
    expect(r.hits).toEqual([])
    expect(r.nbHits).toBeGreaterThan(0)
    expect(Object.values(r.facets?.category ?? {}).reduce((a, b) => a + b, 0)).toBe(r.nbHits)
  })

  it('reports exhaustiveness, time and the rendering content', () => {
    const r = index.search({ query: 'berlin' })
    expect(r.exhaustive).toEqual({ facetsCount: true, nbHits: true, typo: true })
    expect(r.exhaustiveNbHits).toBe(true)
    expect(typeof r.processingTimeMS).toBe('number')
    expect(r.renderingContent).toEqual(STATIONS_SETTINGS.renderingContent)
  })
})

describe('_rankingInfo', () => {
  it('counts the query words in words: 0 for the empty query, as Algolia answers', () => {
    // Algolia's OpenAPI spec says minimum 1, but Algolia itself answers words: 0 for query ''
    // (a recorded c11-eu-1.algolia.net response with getRankingInfo and parsedQuery '', kept as a
    // fixture in moneyadviceservice/rad_consumer spec/presenters/firm_profile_presenter_spec.rb).
    const empty = index.search({ query: '', getRankingInfo: true, hitsPerPage: 3 })
    expect(empty.hits.map((h) => h._rankingInfo?.words)).toEqual([0, 0, 0])
    expect(empty.hits[0]?._rankingInfo).toMatchObject({ nbTypos: 0, nbExactWords: 0, proximityDistance: 0 })
    const two = index.search({ query: 'frankfurt hbf', getRankingInfo: true, hitsPerPage: 1 })
    expect(two.hits[0]?._rankingInfo?.words).toBe(2)
  })
})

describe('retrieved attributes', () => {
  it('returns the listed attributes (and objectID)', () => {
    const hit = index.search({ query: 'frankfurt', attributesToRetrieve: ['name', 'city'] }).hits[0] ?? {}
    expect(
      Object.keys(hit)
        .filter((k) => !k.startsWith('_'))
        .sort(),
    ).toEqual(['city', 'name', 'objectID'])
  })

  it("excludes '-attr' entries from '*'", () => {
    const hit =
      index.search({ query: 'frankfurt', attributesToRetrieve: ['*', '-facilities', '-_geoloc'] }).hits[0] ??
      {}
    expect(hit).not.toHaveProperty('facilities')
    expect(hit).not.toHaveProperty('_geoloc')
    expect(hit).toHaveProperty('weight')
  })

  it('never returns unretrievableAttributes, but still ranks with them', async () => {
    const hidden = await stationIndex({
      ...STATIONS_SETTINGS,
      unretrievableAttributes: ['weight'],
      attributesToHighlight: ['*'],
    })
    const r = hidden.search({ query: '', hitsPerPage: 5 })
    expect(r.hits.every((h) => !('weight' in h) && !('weight' in (h._highlightResult ?? {})))).toBe(true)
    expect(ids(r)).toEqual(ids(index.search({ query: '', hitsPerPage: 5 })))
  })
})

describe('distinct', () => {
  const saarland = () => stations.filter((s) => s.federalState === 'Saarland')

  it('keeps the best record per distinct value; nbHits counts groups', async () => {
    const byCity = await stationIndex({ ...STATIONS_SETTINGS, attributeForDistinct: 'city', distinct: true })
    const r = byCity.search({
      query: '',
      filters: facet('federalState', 'Saarland'),
      hitsPerPage: 1000,
      facets: ['category'],
    })
    const cities = r.hits.map((h) => h.city)
    expect(new Set(cities).size).toBe(cities.length)
    expect(r.nbHits).toBe(new Set(saarland().map((s) => s.city)).size)
    // The kept record of a city is its heaviest.
    for (const hit of r.hits) {
      const best = Math.max(
        ...saarland()
          .filter((s) => s.city === hit.city)
          .map((s) => s.weight),
      )
      expect(hit.weight).toBe(best)
    }
    // Facets still count every matching record.
    expect(Object.values(r.facets?.category ?? {}).reduce((a, b) => a + b, 0)).toBe(saarland().length)
  })

  it('keeps N per value with distinct: N, and none of that with distinct: false', async () => {
    const byCity = await stationIndex({ ...STATIONS_SETTINGS, attributeForDistinct: 'city' })
    const two = byCity.search({
      query: '',
      filters: facet('federalState', 'Saarland'),
      distinct: 2,
      hitsPerPage: 1000,
    })
    const perCity = new Map<unknown, number>()
    for (const h of two.hits) perCity.set(h.city, (perCity.get(h.city) ?? 0) + 1)
    expect(Math.max(...perCity.values())).toBe(2)
    const off = byCity.search({ query: '', filters: facet('federalState', 'Saarland'), distinct: false })
    expect(off.nbHits).toBe(saarland().length)
  })
})
