// _highlightResult and _snippetResult: prefixes, folding, typos, levels, HTML escaping, nesting.
import { beforeAll, describe, expect, it } from 'vitest'
import { stationIndex } from '../../tests/helpers/station-index.ts'
import { SearchIndex } from './search-index.ts'
import type { HighlightResult, SearchRecord, SnippetResult } from './types.ts'

let stations: SearchIndex

beforeAll(async () => {
  stations = await stationIndex()
})

function hl(index: SearchIndex, query: string, objectID: string, extra = {}): Record<string, unknown> {
  const hit = index.search({ query, hitsPerPage: 1000, ...extra }).hits.find((h) => h.objectID === objectID)
  if (!hit) throw new Error(`${objectID} not found for ${query}`)
  return hit._highlightResult as Record<string, unknown>
}

describe('highlighting the stations', () => {
  it('highlights the typed prefix only, in the original spelling', () => {
    const r = hl(stations, 'frankf', '8000105')
    expect(r.name).toEqual({
      value: '<em>Frankf</em>urt (Main) Hbf',
      matchLevel: 'full',
      matchedWords: ['frankf'],
      fullyHighlighted: false,
    })
    expect(Object.keys(r).sort()).toEqual(['city', 'name', 'street'])
  })

  it('maps folded and transliterated prefixes back onto umlauts', () => {
    const munich = stations.search({ query: 'münchen hbf' }).hits[0]?.objectID as string
    expect((hl(stations, 'mun', munich).name as HighlightResult).value).toBe('<em>Mün</em>chen Hbf')
    expect((hl(stations, 'muen', munich).name as HighlightResult).value).toBe('<em>Mün</em>chen Hbf')
    expect((hl(stations, 'MÜNCHEN', munich).name as HighlightResult).value).toBe('<em>München</em> Hbf')
  })

  it('highlights a word matched with a typo as a whole', () => {
    expect((hl(stations, 'frankfrut', '8000105').name as HighlightResult).value).toBe(
      '<em>Frankfurt</em> (Main) Hbf',
    )
  })

  it('reports full/partial/none levels, matched words as typed and full highlighting', () => {
    const r = hl(stations, 'Frankfurt main hbf', '8000105')
    expect(r.name).toEqual({
      value: '<em>Frankfurt</em> (<em>Main</em>) <em>Hbf</em>',
      matchLevel: 'full',
      matchedWords: ['Frankfurt', 'main', 'hbf'],
      fullyHighlighted: true,
    })
    expect(r.city).toEqual({
      value: '<em>Frankfurt</em> am <em>Main</em>',
      matchLevel: 'partial',
      matchedWords: ['Frankfurt', 'main'],
      fullyHighlighted: false,
    })
    const empty = hl(stations, '', '8000105')
    expect(empty.name).toEqual({ value: 'Frankfurt (Main) Hbf', matchLevel: 'none', matchedWords: [] })
  })

  it('uses the requested tags', () => {
    const r = hl(stations, 'hbf', '8000105', { highlightPreTag: '<mark>', highlightPostTag: '</mark>' })
    expect((r.name as HighlightResult).value).toBe('Frankfurt (Main) <mark>Hbf</mark>')
  })
})

describe('highlighting any record', () => {
  const index = new SearchIndex({ searchableAttributes: ['title', 'nested', 'list', 'text'] })
  index.save([
    {
      objectID: '1',
      title: '<b>Bahn & Hof</b>',
      nested: { deep: ['<i>bahn</i>', 'other'], count: 42 },
      list: ['alpha', 'beta bahn', 'gamma'],
      text: 'eins zwei drei vier bahnhof fünf sechs sieben',
      note: 'Bahnhof nebenan',
    },
  ] as SearchRecord[])

  it('returns the raw text with tags, as Algolia does, and recurses into objects and arrays', () => {
    const r = index.search({ query: 'bahn', attributesToHighlight: ['*'] }).hits[0]?._highlightResult ?? {}
    expect((r.title as HighlightResult).value).toBe('<b><em>Bahn</em> & Hof</b>')
    const nested = r.nested as { deep: HighlightResult[]; count: HighlightResult }
    expect(nested.deep.map((d) => d.value)).toEqual(['<i><em>bahn</em></i>', 'other'])
    expect(nested.deep.map((d) => d.matchLevel)).toEqual(['full', 'none'])
    expect(nested.count).toEqual({ value: '42', matchLevel: 'none', matchedWords: [] })
    // Not searchable, but highlighted on request: "Bahnhof" starts with the prefix.
    expect((r.note as HighlightResult).value).toBe('<em>Bahn</em>hof nebenan')
  })

  it('keeps only matching array elements with restrictHighlightAndSnippetArrays', () => {
    const r =
      index.search({ query: 'bahn', restrictHighlightAndSnippetArrays: true }).hits[0]?._highlightResult ?? {}
    expect((r.list as HighlightResult[]).map((e) => e.value)).toEqual(['beta <em>bahn</em>'])
  })

  it('snippets N words around the first match with the ellipsis', () => {
    const snippet = (params: object) =>
      index.search({ query: 'bahnhof', attributesToSnippet: ['text:3', 'title'], ...params }).hits[0]
        ?._snippetResult ?? {}
    expect(snippet({}).text).toEqual({ value: '… vier <em>bahnhof</em> fünf …', matchLevel: 'full' })
    expect((snippet({ snippetEllipsisText: '...' }).text as SnippetResult).value).toBe(
      '... vier <em>bahnhof</em> fünf ...',
    )
    expect(snippet({}).title).toEqual({ value: '<b>Bahn & Hof</b>', matchLevel: 'none' })
    const noMatch = index.search({ query: '', attributesToSnippet: ['text:2'] }).hits[0]?._snippetResult ?? {}
    expect(noMatch.text).toEqual({ value: 'eins zwei …', matchLevel: 'none' })
  })
})
