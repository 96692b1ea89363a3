// Optional words and query relaxation on a small index: who matches, in which order, nbHits.
import { describe, expect, it } from 'vitest'
import { facet } from '../../tests/helpers/filter-nodes.ts'
import { SearchIndex } from './search-index.ts'
import type { SearchResult } from './types.ts'

function talks(): SearchIndex {
  const index = new SearchIndex({ searchableAttributes: ['title'] })
  index.save([
    { objectID: '1', title: 'climate change and the oceans' },
    { objectID: '2', title: 'climate models' },
    { objectID: '3', title: 'ocean change' },
    { objectID: '4', title: 'sea level rise' },
  ])
  return index
}
const ids = (r: SearchResult): string[] => r.hits.map((h) => h.objectID)

describe('optionalWords', () => {
  it('keeps records without an optional word, ranking those with more matched words first', () => {
    const r = talks().search({ query: 'climate change', optionalWords: ['change'], getRankingInfo: true })
    expect(ids(r)).toEqual(['1', '2'])
    expect(r.nbHits).toBe(2)
    expect(r.hits.map((h) => h._rankingInfo?.words)).toEqual([2, 1])
  })

  it('needs one word when every word is optional', () => {
    const r = talks().search({ query: 'climate change', optionalWords: 'climate change' })
    expect(ids(r)).toEqual(['1', '2', '3'])
  })
})

describe('removeWordsIfNoResults', () => {
  it('none keeps an empty result', () => {
    expect(talks().search({ query: 'climate level' }).nbHits).toBe(0)
  })

  it('lastWords drops words from the end until something matches', () => {
    const r = talks().search({ query: 'climate models xyz abc', removeWordsIfNoResults: 'lastWords' })
    expect(ids(r)).toEqual(['2'])
  })

  it('firstWords drops words from the start', () => {
    const r = talks().search({ query: 'xyz sea level', removeWordsIfNoResults: 'firstWords' })
    expect(ids(r)).toEqual(['4'])
  })

  it('allOptional matches any word, more words first, and counts them', () => {
    const r = talks().search({ query: 'ocean change xyz', removeWordsIfNoResults: 'allOptional' })
    expect(ids(r)[0]).toBe('3')
    expect(r.nbHits).toBe(2)
  })
})

describe('hitsWithAllWords', () => {
  it('is true when a hit matches every word of the query', () => {
    expect(talks().search({ query: 'climate change' }).hitsWithAllWords).toBe(true)
    expect(talks().search({ query: 'climate change', optionalWords: ['change'] }).hitsWithAllWords).toBe(true)
    expect(talks().search({ query: '' }).hitsWithAllWords).toBe(true)
  })

  it('is false when the hits are there only because words were dropped or optional', () => {
    for (const [removeWordsIfNoResults, query] of [
      ['allOptional', 'climate xyz'],
      ['lastWords', 'climate xyz'],
      ['firstWords', 'xyz climate'],
    ] as const) {
      const r = talks().search({ query, removeWordsIfNoResults })
      expect(r.nbHits).toBeGreaterThan(0)
      expect(r.hitsWithAllWords).toBe(false)
    }
    const optional = talks().search({ query: 'sea climate', optionalWords: 'sea climate' })
    expect(optional.nbHits).toBe(3)
    expect(optional.hitsWithAllWords).toBe(false)
  })

  it('is false without hits, and when a filter leaves only records missing a word', () => {
    expect(talks().search({ query: 'xyz' }).hitsWithAllWords).toBe(false)
    const index = new SearchIndex({ searchableAttributes: ['title'], attributesForFaceting: ['kind'] })
    index.save([
      { objectID: '1', title: 'climate change', kind: 'a' },
      { objectID: '2', title: 'climate models', kind: 'b' },
    ])
    const r = index.search({
      query: 'climate change',
      optionalWords: ['change'],
      filters: facet('kind', 'b'),
    })
    expect(ids(r)).toEqual(['2'])
    expect(r.hitsWithAllWords).toBe(false)
  })
})

describe('advancedSyntax', () => {
  it('excludes -words and requires "phrases" in order, and treats both as text without it', () => {
    const index = talks()
    expect(ids(index.search({ query: 'climate -change', advancedSyntax: true }))).toEqual(['2'])
    expect(ids(index.search({ query: '"change climate"', advancedSyntax: true }))).toEqual([])
    expect(ids(index.search({ query: '"climate change"', advancedSyntax: true }))).toEqual(['1'])
    expect(ids(index.search({ query: 'climate -change' })).sort()).toEqual(['1'])
    expect(
      ids(
        index.search({
          query: 'climate -change',
          advancedSyntax: true,
          advancedSyntaxFeatures: ['exactPhrase'],
        }),
      ),
    ).toEqual(['1'])
  })
})
