import { describe, expect, it } from 'vitest'
import type { Synonym } from '../../../search-core/index.ts'
import { searchSynonyms } from './synonym-search.ts'

const synonyms: Synonym[] = [
  { objectID: 'hbf', type: 'synonym', synonyms: ['Hbf', 'Hauptbahnhof'] },
  { objectID: 'bf', type: 'onewaysynonym', input: 'Bf', synonyms: ['Bahnhof'] },
  { objectID: 'str', type: 'synonym', synonyms: ['Str', 'Straße'] },
]

/** A search as searchSynonyms' body reads, with its defaults. */
const search = (more: Partial<Parameters<typeof searchSynonyms>[1]> = {}) => ({
  query: '',
  type: undefined,
  page: 0,
  hitsPerPage: 100,
  ...more,
})

const ids = (result: { hits: Synonym[] }) => result.hits.map((synonym) => synonym.objectID)

describe('searchSynonyms', () => {
  it('finds the synonyms whose JSON holds the query in any case', () => {
    expect(ids(searchSynonyms(synonyms, search({ query: 'BAHNHOF' })))).toEqual(['hbf', 'bf'])
    expect(searchSynonyms(synonyms, search({})).nbHits).toBe(3)
  })

  it('narrows to one type', () => {
    expect(ids(searchSynonyms(synonyms, search({ type: 'onewaysynonym' })))).toEqual(['bf'])
  })

  it('answers one page, counting every match', () => {
    const result = searchSynonyms(synonyms, search({ page: 1, hitsPerPage: 2 }))
    expect(ids(result)).toEqual(['str'])
    expect(result.nbHits).toBe(3)
  })
})
