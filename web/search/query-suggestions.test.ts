import { describe, expect, it, vi } from 'vitest'
import { germanMessages } from '../../tests/helpers/messages.ts'
import { HIGHLIGHT_POST_TAG as POST, HIGHLIGHT_PRE_TAG as PRE } from '../ui/highlight-parts.ts'
import { suggestionSource } from './query-suggestions.ts'

interface Hit {
  objectID: string
  [attribute: string]: unknown
}

/**
 * The search service behind the client: it answers each multi-index query from the hits it is
 * given per index (an index it has none for does not exist: the query fails, as the client reports
 * a 404), and records the queries.
 */
const service = vi.hoisted(() => ({
  hitsByIndex: {} as Record<string, { objectID: string }[]>,
  asked: [] as { indexName: string; [parameter: string]: unknown }[][],
}))
vi.mock('algoliasearch/lite', () => ({
  liteClient: () => ({
    async search({ requests }: { requests: { indexName: string }[] }) {
      service.asked.push(requests)
      if (requests.some(({ indexName }) => !service.hitsByIndex[indexName])) {
        throw Object.assign(new Error('Index does not exist'), { status: 404 })
      }
      return { results: requests.map(({ indexName }) => ({ hits: service.hitsByIndex[indexName] })) }
    },
  }),
}))
const asked = service.asked

/** The suggestions the search fields show for `typed`, the service answering with these hits. */
async function suggest(typed: string, hits: Record<string, Hit[]>) {
  service.hitsByIndex = hits
  asked.length = 0
  // A configuration of its own per call: the source keeps one client per configuration.
  const source = suggestionSource(
    {
      appId: 'bahnhofsfinder',
      apiKey: 'search-key',
      indexName: 'stations',
      hosts: [{ url: 'localhost:3000', protocol: 'http' }],
      insightsHost: null,
    },
    germanMessages(),
  )
  return source.suggest(typed)
}

const KOELN_HBF = {
  objectID: '8000207',
  name: 'Köln Hbf',
  city: 'Köln',
  _highlightResult: { name: { value: `${PRE}Köln${POST} Hbf` } },
}

describe('search field suggestions (sources)', () => {
  it('asks the query-suggestions index and the stations in one multi-index query, without analytics', async () => {
    await suggest('köln', { stations_query_suggestions: [], stations: [] })
    expect(asked).toHaveLength(1)
    expect(asked[0]?.map((request) => request.indexName)).toEqual(['stations_query_suggestions', 'stations'])
    for (const request of asked[0] ?? []) expect(request).toMatchObject({ query: 'köln', analytics: false })
  })

  it('turns hits into groups: searches lead to /suche, stations straight to their page', async () => {
    const [queries, stations] = await suggest('kö', {
      stations_query_suggestions: [
        {
          objectID: 'köln hbf',
          query: 'köln hbf',
          _highlightResult: { query: { value: `${PRE}köln${POST} hbf` } },
        },
      ],
      stations: [KOELN_HBF],
    })
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

  it('leaves out a suggestion that only repeats what was typed (case and spacing aside)', async () => {
    const hits = ['köln', 'köln hbf', 'Köln Messe/Deutz'].map((query) => ({
      objectID: query.toLowerCase(),
      query,
    }))
    const [queries] = await suggest(' Köln ', { stations_query_suggestions: hits, stations: [] })
    expect(queries?.suggestions.map((suggestion) => suggestion.value)).toEqual([
      'köln hbf',
      'Köln Messe/Deutz',
    ])
    const [all] = await suggest('kö', { stations_query_suggestions: hits, stations: [] })
    expect(all?.suggestions).toHaveLength(3)
  })

  it('keeps markup in a value as text', async () => {
    const [, stations] = await suggest('img', {
      stations_query_suggestions: [],
      stations: [{ objectID: '1', name: '<img src=x onerror=alert(1)>' }],
    })
    expect(stations?.suggestions[0]?.label).toEqual([
      { value: '<img src=x onerror=alert(1)>', isHighlighted: false },
    ])
  })
})

describe('search field suggestions without a query-suggestions index', () => {
  it('still suggests stations', async () => {
    const groups = await suggest('köln', { stations: [KOELN_HBF] })
    expect(asked.map((requests) => requests.map((request) => request.indexName))).toEqual([
      ['stations_query_suggestions', 'stations'],
      ['stations'],
    ])
    expect(groups.map((group) => group.suggestions.map((suggestion) => suggestion.value))).toEqual([
      [],
      ['Köln Hbf'],
    ])
  })
})
