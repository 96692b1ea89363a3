// Optional filters and filter scores rank through the `filters` criterion, as on Algolia: they
// never remove a record; an entry scores its `<score=N>` (1 by default), an OR group its best
// matched alternative (the sum with sumOrFiltersScores), entries add up, a negated filter scores
// the records without the value; `<score=N>` in `filters` ranks the records that pass. Orders are
// checked against a brute-force stable sort of the unboosted ranking, on the real stations.
import algoliasearchHelper, { type SearchResults } from 'algoliasearch-helper'
import { describe, expect } from 'vitest'
import type { StationRecord } from '../../server/stations/station-records.ts'
import { it, type SearchServer } from './fixture.ts'

// Five small Bundesländer: fewer than 1,000 stations, so one page holds the whole ranking.
const SMALL = 'federalState:Bremen OR federalState:Hamburg OR federalState:Saarland OR federalState:Berlin'
type Hit = StationRecord & { _rankingInfo?: { filters: number; nbTypos: number; words: number } }

async function ranking(server: SearchServer, params: Record<string, unknown>): Promise<Hit[]> {
  const response = await server.search({ filters: SMALL, hitsPerPage: 1000, ...params })
  return response.hits as unknown as Hit[]
}

/** The unboosted ranking, stably sorted by a brute-force score (higher first). */
function expected(base: Hit[], score: (hit: Hit) => number): string[] {
  return base
    .map((hit, i) => ({ id: hit.objectID, score: score(hit), i }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((entry) => entry.id)
}

const ids = (hits: Hit[]) => hits.map((hit) => hit.objectID)
const has = (hit: Hit, facility: string) => (hit.facilities as string[]).includes(facility)

describe('optional filters', () => {
  it('rank matching records first and keep every record', async ({ server }) => {
    const base = await ranking(server, {})
    expect(base.length).toBeGreaterThan(200)
    const boosted = await ranking(server, {
      optionalFilters: ['federalState:Saarland<score=3>', ['category:2', 'category:3']],
    })
    expect(boosted).toHaveLength(base.length)
    expect(ids(boosted)).toEqual(
      expected(
        base,
        (hit) =>
          (hit.federalState === 'Saarland' ? 3 : 0) + (hit.category === 2 || hit.category === 3 ? 1 : 0),
      ),
    )
    expect(ids(boosted)).not.toEqual(ids(base))
  })

  it('take the best of an OR group, or the sum with sumOrFiltersScores', async ({ server }) => {
    const base = await ranking(server, {})
    const group = [['facilities:WLAN<score=2>', 'facilities:WC<score=1>']]
    const best = await ranking(server, { optionalFilters: group })
    expect(ids(best)).toEqual(expected(base, (hit) => (has(hit, 'WLAN') ? 2 : has(hit, 'WC') ? 1 : 0)))
    const summed = await ranking(server, { optionalFilters: group, sumOrFiltersScores: true })
    expect(ids(summed)).toEqual(
      expected(base, (hit) => (has(hit, 'WLAN') ? 2 : 0) + (has(hit, 'WC') ? 1 : 0)),
    )
    expect(ids(summed)).not.toEqual(ids(best))
  })

  it('bury the records a negated filter names', async ({ server }) => {
    const base = await ranking(server, {})
    const buried = await ranking(server, { optionalFilters: 'federalState:-Berlin' })
    expect(ids(buried)).toEqual(expected(base, (hit) => (hit.federalState === 'Berlin' ? 0 : 1)))
    expect(buried.at(-1)?.federalState).toBe('Berlin')
  })

  it('come after the text criteria and report their score in _rankingInfo.filters', async ({ server }) => {
    const response = await server.search({
      query: 'hbf',
      optionalFilters: ['steplessAccess:ja<score=5>'],
      getRankingInfo: true,
      hitsPerPage: 200,
    })
    const hits = response.hits as unknown as Hit[]
    expect(hits.length).toBeGreaterThan(50)
    for (const hit of hits) expect(hit._rankingInfo?.filters).toBe(hit.steplessAccess === 'ja' ? 5 : 0)
    // Within one typo count, the scored records come first.
    for (let i = 1; i < hits.length; i++) {
      const [a, b] = [hits[i - 1]?._rankingInfo, hits[i]?._rankingInfo]
      if (a && b && a.nbTypos === b.nbTypos) expect(a.filters).toBeGreaterThanOrEqual(b.filters)
    }
    const plain = await server.search({ query: 'hbf', hitsPerPage: 0 })
    expect(response.nbHits).toBe(plain.nbHits)
  })

  it('reach the engine through algoliasearch-helper', async ({ server }) => {
    const helper = algoliasearchHelper(server.lite() as never, 'stations', {
      filters: SMALL,
      hitsPerPage: 1000,
      optionalFilters: ['federalState:Bremen'],
    })
    const results = await new Promise<SearchResults>((resolve, reject) => {
      helper.once('result', ({ results }) => resolve(results))
      helper.once('error', ({ error }) => reject(error))
      helper.search()
    })
    const first = results.hits.findIndex((hit) => hit.federalState !== 'Bremen')
    expect(first).toBeGreaterThan(5)
    expect(results.hits.slice(first).every((hit) => hit.federalState !== 'Bremen')).toBe(true)
  })

  it('refuse a score above 65,535 and a filter that is not attribute:value, naming the parameter', async ({
    server,
  }) => {
    const high = await server.request('POST', '/1/indexes/stations/query', {
      optionalFilters: ['federalState:Bremen<score=70000>'],
    })
    expect(high.status).toBe(400)
    expect((high.body as { message: string }).message).toMatch(/^optionalFilters: filter score 70000/)
    const numeric = await server.request('POST', '/1/indexes/stations/query', {
      optionalFilters: ['category<3'],
    })
    expect(numeric.status).toBe(400)
    expect((numeric.body as { message: string }).message).toMatch(/^optionalFilters: /)
  })
})

describe('filter scores', () => {
  it('rank the records that pass an OR of scored filters', async ({ server }) => {
    const base = await ranking(server, {})
    const scored = await ranking(server, {
      filters: 'federalState:Bremen<score=3> OR federalState:Hamburg<score=2> OR federalState:Saarland',
    })
    const score: Record<string, number> = { Bremen: 3, Hamburg: 2, Saarland: 1 }
    expect(ids(scored)).toEqual(
      expected(
        base.filter((hit) => hit.federalState !== 'Berlin'),
        (hit) => score[hit.federalState as string] ?? 0,
      ),
    )
  })

  it('work in facetFilters too', async ({ server }) => {
    const scored = await ranking(server, {
      facetFilters: [['federalState:Saarland<score=9>', 'federalState:Bremen']],
    })
    const firstBremen = scored.findIndex((hit) => hit.federalState === 'Bremen')
    expect(firstBremen).toBeGreaterThan(0)
    expect(scored.slice(0, firstBremen).every((hit) => hit.federalState === 'Saarland')).toBe(true)
    expect(scored.slice(firstBremen).every((hit) => hit.federalState === 'Bremen')).toBe(true)
  })
})

describe('query rules with optional filters', () => {
  it('rank by a consequence’s optionalFilters and automaticOptionalFacetFilters', async ({ server }) => {
    const client = server.client()
    const saved = await client.saveRules({
      indexName: 'stations',
      rules: [
        {
          objectID: 'saarland-first',
          conditions: [{ anchoring: 'is', pattern: 'hbf' }],
          consequence: { params: { optionalFilters: ['federalState:Saarland'] } },
        },
        {
          objectID: 'state-named',
          conditions: [{ anchoring: 'is', pattern: 'bahnhof {facet:federalState}' }],
          consequence: { params: { automaticOptionalFacetFilters: ['federalState'] } },
        },
      ],
    })
    await client.waitForTask({ indexName: 'stations', taskID: saved.taskID })
    const hbf = await server.search({ query: 'hbf', getRankingInfo: true, hitsPerPage: 100 })
    const top = (hbf.hits as unknown as Hit[]).filter(
      (hit) => hit._rankingInfo?.nbTypos === 0 && hit._rankingInfo.filters === 1,
    )
    expect(top.length).toBeGreaterThan(0)
    expect(top.every((hit) => hit.federalState === 'Saarland')).toBe(true)
    expect(hbf.hits[0]?.federalState).toBe('Saarland')
    expect(hbf.appliedRules).toEqual([{ objectID: 'saarland-first' }])

    // "bahnhof sachsen": stations of Sachsen first, the other matches of the words still there.
    const sachsen = await server.search({ query: 'bahnhof sachsen', getRankingInfo: true, hitsPerPage: 50 })
    expect(sachsen.appliedRules).toEqual([{ objectID: 'state-named' }])
    const hits = sachsen.hits as unknown as Hit[]
    expect(hits.some((hit) => hit.federalState === 'Sachsen')).toBe(true)
    for (const hit of hits) expect(hit._rankingInfo?.filters).toBe(hit.federalState === 'Sachsen' ? 1 : 0)
  })
})
