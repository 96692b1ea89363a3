// similarQuery: a broad search for its words instead of the query, as Algolia defines it: no
// prefixes, stop words removed, every word optional, records with more of the words first.
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

type Ranked = { name: string; _rankingInfo: { words: number } }

describe('similarQuery', () => {
  it('finds records with any of its words, most words first, and ignores the query', async ({ server }) => {
    const response = await server.search({
      query: 'zzzz',
      similarQuery: 'Frankfurt Hauptbahnhof Süd',
      getRankingInfo: true,
      hitsPerPage: 100,
    })
    const hits = response.hits as unknown as Ranked[]
    const words = hits.map((hit) => hit._rankingInfo.words)
    expect(words[0]).toBeGreaterThanOrEqual(2)
    expect(words).toEqual([...words].sort((a, b) => (b ?? 0) - (a ?? 0)))
    expect(response.nbHits).toBeGreaterThan(100)
    const frankfurt = await server.search({ query: 'frankfurt', hitsPerPage: 0 })
    expect(response.nbHits).toBeGreaterThan(frankfurt.nbHits ?? 0)
  })

  it('matches whole words only (no prefixes)', async ({ server }) => {
    const prefix = await server.search({ similarQuery: 'frankf', typoTolerance: false, hitsPerPage: 0 })
    expect(prefix.nbHits).toBe(0)
    const whole = await server.search({ similarQuery: 'frankfurt', hitsPerPage: 0 })
    expect(whole.nbHits).toBeGreaterThan(10)
  })
})
