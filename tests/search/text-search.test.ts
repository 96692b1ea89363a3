// Text search through the official client: all words required, prefix on the last word, typos,
// umlaut folding, custom ranking by weight, and the response fields Algolia adds.
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

const names = (hits: { name?: unknown }[]) => hits.map((hit) => hit.name)

describe('text search', () => {
  it('finds a station by its name and answers in Algolia’s shape', async ({ server }) => {
    const result = await server.search({ query: 'Köln Hbf' })
    expect(result.hits[0]?.name).toBe('Köln Hbf')
    expect(result.query).toBe('Köln Hbf')
    expect(result.params).toContain('query=K%C3%B6ln+Hbf')
    expect(result.processingTimeMS).toBeTypeOf('number')
    expect(result.hitsPerPage).toBe(20)
  })

  it('requires every word of the query', async ({ server }) => {
    const hamburg = await server.search({ query: 'hamburg' })
    const both = await server.search({ query: 'hamburg hbf' })
    expect(both.nbHits).toBeGreaterThan(0)
    expect(both.nbHits).toBeLessThan(hamburg.nbHits!)
    for (const hit of both.hits)
      expect(JSON.stringify(hit).toLowerCase()).toMatch(/hamburg.*hbf|hbf.*hamburg/)
  })

  it('treats the last word as a prefix', async ({ server }) => {
    const result = await server.search({ query: 'Hambu' })
    expect(names(result.hits)).toContain('Hamburg Hbf')
  })

  it('tolerates a transposed letter (one typo)', async ({ server }) => {
    const result = await server.search({ query: 'frankfrut' })
    expect(String(result.hits[0]?.name)).toMatch(/^Frankfurt/)
  })

  it('folds umlauts and ß: muenchen finds München', async ({ server }) => {
    const folded = await server.search({ query: 'muenchen hbf' })
    expect(names(folded.hits)).toContain('München Hbf')
  })

  it('ranks the largest hubs first for an empty query (category, then main stations, then weight)', async ({
    server,
  }) => {
    const result = await server.search({ hitsPerPage: 40 })
    expect(result.nbHits).toBe(5388)
    // Category 1 holds 24 stations: the page crosses into category 2.
    const keys = result.hits.map((hit) => [hit.category, hit.mainStation ? 0 : 1, -hit.weight])
    expect(keys).toEqual([...keys].sort(([c1, m1, w1], [c2, m2, w2]) => c1! - c2! || m1! - m2! || w1! - w2!))
    expect(new Set(keys.map(([, main]) => main))).toEqual(new Set([0, 1]))
    expect(result.hits.at(-1)?.category).toBe(2)
  })

  it('gives ranking info for an empty query as Algolia does (words 0)', async ({ server }) => {
    const result = await server.search({ query: '', getRankingInfo: true, hitsPerPage: 2 })
    expect(result.hits[0]?._rankingInfo).toMatchObject({ nbTypos: 0, words: 0 })
  })

  it('returns a 32-hex queryID only when clickAnalytics is on', async ({ server }) => {
    const plain = await server.search({ query: 'bonn' })
    expect(plain.queryID).toBeUndefined()
    const tracked = await server.search({ query: 'bonn', clickAnalytics: true })
    expect(tracked.queryID).toMatch(/^[0-9a-f]{32}$/)
  })

  it('answers multi-queries in order, mixing params strings and JSON fields', async ({ server }) => {
    const { results } = await server.client().search({
      requests: [
        { indexName: 'stations', query: 'kiel' },
        { indexName: 'stations', params: 'query=rostock&hitsPerPage=1' },
      ],
    })
    expect(results).toHaveLength(2)
    const [kiel, rostock] = results as { hits: { name: string }[]; hitsPerPage: number }[]
    expect(kiel!.hits[0]!.name).toMatch(/Kiel/)
    expect(rostock!.hits[0]!.name).toMatch(/Rostock/)
    expect(rostock!.hitsPerPage).toBe(1)
  })

  it('serves the lite client the web app uses, with the search-only key', async ({ server }) => {
    const { results } = await server
      .lite()
      .search({ requests: [{ indexName: 'stations', query: 'dresden' }] })
    expect((results[0] as { hits: { name: string }[] }).hits[0]!.name).toMatch(/Dresden/)
  })

  it('accepts credentials in the query string, as the browser lite client sends them', async ({ server }) => {
    const lite = server.lite(server.searchKey, { authMode: 'WithinQueryParameters' })
    const { results } = await lite.search({ requests: [{ indexName: 'stations', query: 'leipzig' }] })
    expect((results[0] as { nbHits: number }).nbHits).toBeGreaterThan(0)
  })
})
