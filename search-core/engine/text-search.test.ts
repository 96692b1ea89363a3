// Matching on the real stations: folding, prefixes, typos, all words required, query types.
import { beforeAll, describe, expect, it } from 'vitest'
import { ids, names, STATIONS_SETTINGS, stationIndex } from '../../tests/helpers/station-index.ts'
import { allStations } from '../../tests/helpers/stations.ts'
import type { SearchIndex } from './search-index.ts'

let index: SearchIndex

beforeAll(async () => {
  index = await stationIndex()
})

describe('folding', () => {
  it('finds München as münchen, munchen and muenchen, first hit the same', () => {
    const a = index.search({ query: 'münchen hbf' })
    const b = index.search({ query: 'munchen hbf' })
    const c = index.search({ query: 'muenchen hbf' })
    expect(names(a)[0]).toBe('München Hbf')
    expect(names(b)[0]).toBe('München Hbf')
    expect(names(c)[0]).toBe('München Hbf')
    expect(a.hits[0]?._rankingInfo).toBeUndefined()
  })

  it('matches the transliteration with no typo', () => {
    const r = index.search({ query: 'koeln', getRankingInfo: true, typoTolerance: false })
    expect(r.nbHits).toBeGreaterThan(10)
    expect(
      r.hits.every((h) => String(h.city ?? '').startsWith('Köln') || String(h.name).includes('Köln')),
    ).toBe(true)
  })

  it('folds ß both ways', () => {
    expect(ids(index.search({ query: 'greifswalder strasse' }))).toContain('8089011')
    expect(names(index.search({ query: 'trimbornstraße' }))).toContain('Köln Trimbornstrasse')
  })
})

describe('words', () => {
  it('requires every word', () => {
    const both = index.search({ query: 'berlin ostkreuz', hitsPerPage: 1000 })
    const berlin = new Set(ids(index.search({ query: 'berlin', hitsPerPage: 1000 })))
    expect(both.nbHits).toBeGreaterThan(0)
    expect(both.nbHits).toBeLessThan(berlin.size)
    for (const hit of both.hits) expect(berlin.has(hit.objectID)).toBe(true)
    // The stations relax a query without results; without relaxation every word is required.
    expect(index.search({ query: 'berlin xyzzyq', removeWordsIfNoResults: 'none' }).nbHits).toBe(0)
  })

  it('treats the last word as a prefix by default, the others as whole words', () => {
    expect(names(index.search({ query: 'frankfurt ha' }))).toContain('Frankfurt (Main) Hauptwache')
    expect(
      index.search({ query: 'frankf main', typoTolerance: false, removeWordsIfNoResults: 'none' }).nbHits,
    ).toBe(0)
    expect(index.search({ query: 'frankf', typoTolerance: false }).nbHits).toBeGreaterThan(10)
  })

  it('supports prefixAll and prefixNone', () => {
    expect(
      index.search({ query: 'frankf hauptw', queryType: 'prefixAll', typoTolerance: false }).nbHits,
    ).toBe(1)
    expect(index.search({ query: 'frankf', queryType: 'prefixNone', typoTolerance: false }).nbHits).toBe(0)
    expect(index.search({ query: 'frankfurt', queryType: 'prefixNone' }).nbHits).toBeGreaterThan(10)
  })

  it('finds numbers as words, zip codes by prefix', () => {
    const exact = index.search({ query: '60329', allowTyposOnNumericTokens: false })
    expect(ids(exact)).toContain('8000105')
    const prefix = index.search({ query: '6032', allowTyposOnNumericTokens: false, hitsPerPage: 100 })
    expect(prefix.hits.every((h) => String(h.zipcode).startsWith('6032'))).toBe(true)
  })

  it('searches only the searchable attributes, and restrictSearchableAttributes narrows them', () => {
    // "Bayern" is a federal state (faceted, not searchable): only a street name contains it.
    const bayern = index.search({ query: 'bayern', typoTolerance: false, ignorePlurals: false })
    expect(bayern.hits.map((h) => h.street)).toEqual(['Bayernstr. 175'])
    const city = index.search({ query: 'ostkreuz', restrictSearchableAttributes: ['city'] })
    expect(city.nbHits).toBe(0)
    expect(
      index.search({ query: 'ostkreuz', restrictSearchableAttributes: ['name'] }).nbHits,
    ).toBeGreaterThan(0)
  })
})

describe('typos', () => {
  it('finds Frankfurt (Main) Hbf for "frankfrut" (a transposition is one typo)', () => {
    const r = index.search({ query: 'frankfrut', getRankingInfo: true })
    expect(names(r)[0]).toBe('Frankfurt (Main) Hbf')
    expect(r.hits[0]?._rankingInfo?.nbTypos).toBe(1)
  })

  it('allows one typo from 4 letters and two from 8', () => {
    expect(index.search({ query: 'kiel', typoTolerance: false }).nbHits).toBeGreaterThan(0)
    expect(index.search({ query: 'kiwl' }).nbHits).toBeGreaterThan(0) // 4 letters, 1 typo
    expect(index.search({ query: 'kil', queryType: 'prefixNone' }).nbHits).toBe(0) // 3 letters: none
    expect(index.search({ query: 'hanovre' }).nbHits).toBe(0) // 7 letters, 2 typos
    expect(names(index.search({ query: 'hannovre' }))).toContain('Hannover Hbf') // 8 letters
    expect(index.search({ query: 'kiwl', minWordSizefor1Typo: 5 }).nbHits).toBe(0)
  })

  it('can be turned off, and "min" keeps only the fewest typos', () => {
    expect(index.search({ query: 'frankfrut', typoTolerance: false }).nbHits).toBe(0)
    const all = index.search({
      query: 'hamburg',
      typoTolerance: true,
      getRankingInfo: true,
      hitsPerPage: 1000,
    })
    const min = index.search({
      query: 'hamburg',
      typoTolerance: 'min',
      getRankingInfo: true,
      hitsPerPage: 1000,
    })
    expect(all.hits.some((h) => (h._rankingInfo?.nbTypos ?? 0) > 0)).toBe(true)
    expect(min.hits.every((h) => h._rankingInfo?.nbTypos === 0)).toBe(true)
    expect(min.nbHits).toBeLessThan(all.nbHits)
  })

  it('does not apply typos to numbers when allowTyposOnNumericTokens is false', () => {
    const typos = index.search({ query: '60328', queryType: 'prefixNone' })
    const none = index.search({ query: '60328', queryType: 'prefixNone', allowTyposOnNumericTokens: false })
    expect(typos.nbHits).toBeGreaterThan(none.nbHits)
  })
})

describe('typo settings', () => {
  it('disables typos on listed words and attributes', async () => {
    expect(index.search({ query: 'kiwl' }).nbHits).toBeGreaterThan(0)
    const noWord = await stationIndex({ ...STATIONS_SETTINGS, disableTypoToleranceOnWords: ['kiwl'] })
    expect(noWord.search({ query: 'kiwl' }).nbHits).toBe(0)
    // With typos off wherever "Frankfurt…" occurs (names, cities, "Frankfurter Str."), nothing is left.
    const noAttr = await stationIndex({
      ...STATIONS_SETTINGS,
      disableTypoToleranceOnAttributes: ['name', 'city', 'street'],
    })
    expect(noAttr.search({ query: 'frankfrut' }).nbHits).toBe(0)
    const streetOnly = await stationIndex({
      ...STATIONS_SETTINGS,
      disableTypoToleranceOnAttributes: ['name', 'city'],
    })
    const viaStreet = streetOnly.search({ query: 'frankfrut', hitsPerPage: 100 })
    expect(viaStreet.nbHits).toBeGreaterThan(0)
    expect(viaStreet.hits.every((h) => String(h.street).startsWith('Frankfurter'))).toBe(true)
  })
})

describe('synonyms', () => {
  it('applies regular and one-way synonyms unless synonyms is false', async () => {
    const local = await stationIndex()
    local.setSynonyms([
      { objectID: 's1', type: 'synonym', synonyms: ['hbf', 'hauptbahnhof'] },
      { objectID: 's2', type: 'onewaysynonym', input: 'ffm', synonyms: ['frankfurt'] },
    ])
    const strict = { removeWordsIfNoResults: 'none', decompoundQuery: false } as const
    expect(local.search({ query: 'hamburg hauptbahnhof', synonyms: false, ...strict }).nbHits).toBe(0)
    expect(names(local.search({ query: 'hamburg hauptbahnhof' }))).toContain('Hamburg Hbf')
    expect(names(local.search({ query: 'berlin hbf' }))).toContain('Berlin Hauptbahnhof')
    expect(names(local.search({ query: 'ffm hbf' }))[0]).toBe('Frankfurt (Main) Hbf')
    expect(local.search({ query: 'ffm hbf', synonyms: false, ...strict }).nbHits).toBe(0)
    // One-way: "frankfurt" does not find records saying "ffm" only (there are none) — and still works.
    expect(local.search({ query: 'frankfurt hbf' }).nbHits).toBeGreaterThan(0)
  })
})

describe('empty query', () => {
  it('matches every record, best custom ranking (category, main station, then weight) first', async () => {
    const stations = await allStations()
    const r = index.search({ query: '', hitsPerPage: 50 })
    expect(r.nbHits).toBe(stations.length)
    const keys = r.hits.map(
      (h) => (h.category as number) * 100_000 + (h.mainStation ? 0 : 10_000) - (h.weight as number),
    )
    expect(keys).toEqual([...keys].sort((a, b) => a - b))
    const hubs = stations.filter((s) => s.category === 1)
    expect(r.hits[0]?.weight).toBe(Math.max(...hubs.map((s) => s.weight)))
  })
})
