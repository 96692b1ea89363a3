import type { LiteClient } from 'algoliasearch/lite'
import { describe, expect, it } from 'vitest'
import { HIGHLIGHT_POST_TAG as POST, HIGHLIGHT_PRE_TAG as PRE } from '../ui/highlight-parts.ts'
import { fetchSuggestions, suggestionGroups, suggestionRequests } from './query-suggestions.ts'

describe('search field suggestions (sources)', () => {
  it('asks the query-suggestions index and the stations in one multi-index query, without analytics', () => {
    const requests = suggestionRequests('stations', 'köln')
    expect(requests.map((request) => request.indexName)).toEqual(['stations_query_suggestions', 'stations'])
    for (const request of requests) expect(request).toMatchObject({ query: 'köln', analytics: false })
  })

  it('turns hits into groups: searches lead to /suche, stations straight to their page', () => {
    const [queries, stations] = suggestionGroups(
      [
        {
          objectID: 'köln hbf',
          query: 'köln hbf',
          _highlightResult: { query: { value: `${PRE}köln${POST} hbf` } },
        },
      ],
      [
        {
          objectID: '8000207',
          name: 'Köln Hbf',
          city: 'Köln',
          _highlightResult: { name: { value: `${PRE}Köln${POST} Hbf` } },
        },
      ],
    )
    expect(queries?.label).toBe('Suchvorschläge')
    expect(queries?.suggestions[0]).toMatchObject({ href: '/suche?q=k%C3%B6ln+hbf', value: 'köln hbf' })
    expect(queries?.suggestions[0]?.label).toEqual([
      { value: 'köln', isHighlighted: true },
      { value: ' hbf', isHighlighted: false },
    ])
    expect(stations?.label).toBe('Bahnhöfe')
    expect(stations?.suggestions[0]).toMatchObject({
      href: '/bahnhof/8000207',
      value: 'Köln Hbf',
      detail: 'Köln',
    })
  })

  it('leaves out a suggestion that only repeats what was typed (case and spacing aside)', () => {
    const hits = ['köln', 'köln hbf', 'Köln Messe/Deutz'].map((query) => ({
      objectID: query.toLowerCase(),
      query,
    }))
    const [queries] = suggestionGroups(hits, [], ' Köln ')
    expect(queries?.suggestions.map((suggestion) => suggestion.value)).toEqual([
      'köln hbf',
      'Köln Messe/Deutz',
    ])
    const [all] = suggestionGroups(hits, [], 'kö')
    expect(all?.suggestions).toHaveLength(3)
  })

  it('keeps markup in a value as text', () => {
    const [, stations] = suggestionGroups([], [{ objectID: '1', name: '<img src=x onerror=alert(1)>' }])
    expect(stations?.suggestions[0]?.label).toEqual([
      { value: '<img src=x onerror=alert(1)>', isHighlighted: false },
    ])
  })
})

describe('search field suggestions without a query-suggestions index', () => {
  it('still suggests stations', async () => {
    const asked: string[][] = []
    const client = {
      async search({ requests }: { requests: { indexName: string }[] }) {
        asked.push(requests.map((request) => request.indexName))
        if (requests.length > 1) throw Object.assign(new Error('Index does not exist'), { status: 404 })
        return { results: [{ hits: [{ objectID: '8000207', name: 'Köln Hbf', city: 'Köln' }] }] }
      },
    } as unknown as LiteClient
    const groups = await fetchSuggestions(client, 'stations', 'köln')
    expect(asked).toEqual([['stations_query_suggestions', 'stations'], ['stations']])
    expect(groups.map((group) => group.suggestions.map((suggestion) => suggestion.value))).toEqual([
      [],
      ['Köln Hbf'],
    ])
  })
})
