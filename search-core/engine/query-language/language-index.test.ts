// Plurals, stop words and decompounding through an index: what a query finds.
import { describe, expect, it } from 'vitest'
import { SearchIndex } from '../search-index.ts'
import type { SearchResult } from '../types.ts'

function stations(settings = {}): SearchIndex {
  const index = new SearchIndex({ searchableAttributes: ['name', 'note'], ...settings })
  index.save([
    { objectID: 'hbf', name: 'Beispielstadt Hauptbahnhof', note: 'Züge nach Norden' },
    { objectID: 'sued', name: 'Beispielstadt Südbahnhof', note: 'ein Zug pro Stunde' },
    { objectID: 'haupt', name: 'Haupt Bahnhof Nebenort', note: 'zwei Bahnhöfe' },
  ])
  return index
}
const ids = (r: SearchResult): string[] => r.hits.map((h) => h.objectID).sort()

describe('decompounding', () => {
  it('finds compounds by their parts in decompounded attributes only', () => {
    const index = stations({ decompoundedAttributes: { de: ['name'] } })
    expect(ids(index.search({ query: 'bahnhof', queryType: 'prefixNone' }))).toEqual(['haupt', 'hbf', 'sued'])
    expect(ids(index.search({ query: 'haupt bahnhof' }))).toEqual(['haupt', 'hbf'])
    expect(ids(stations().search({ query: 'bahnhof', queryType: 'prefixNone' }))).toEqual(['haupt'])
  })

  it('splits query compounds with queryLanguages de unless decompoundQuery is false', () => {
    const index = stations()
    expect(ids(index.search({ query: 'hauptbahnhof', queryLanguages: ['de'] }))).toEqual(['haupt', 'hbf'])
    expect(
      ids(index.search({ query: 'hauptbahnhof', queryLanguages: ['de'], decompoundQuery: false })),
    ).toEqual(['hbf'])
    expect(ids(index.search({ query: 'hauptbahnhof' }))).toEqual(['hbf'])
  })
})

describe('ignorePlurals', () => {
  it('matches German singular and plural forms, umlaut plurals included', () => {
    const index = stations()
    expect(ids(index.search({ query: 'zug', queryType: 'prefixNone' }))).toEqual(['sued'])
    expect(ids(index.search({ query: 'zug', queryType: 'prefixNone', ignorePlurals: ['de'] }))).toEqual([
      'hbf',
      'sued',
    ])
    expect(ids(index.search({ query: 'bahnhof zwei', ignorePlurals: true, queryLanguages: ['de'] }))).toEqual(
      ['haupt'],
    )
  })
})

describe('removeStopWords', () => {
  it('drops stop words unless the query has nothing else', () => {
    const index = stations()
    expect(ids(index.search({ query: 'der zug pro', removeStopWords: ['de'] }))).toEqual(['sued'])
    expect(index.search({ query: 'der zug pro' }).nbHits).toBe(0)
    expect(ids(index.search({ query: 'ein', removeStopWords: ['de'], queryType: 'prefixNone' }))).toEqual([
      'sued',
    ])
  })
})
