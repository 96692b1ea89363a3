// Query relaxation through the official clients: optionalWords and removeWordsIfNoResults
// (parameter and index setting), the words criterion, nbHits, _rankingInfo.words, and
// removeWordsIfNoResults through algoliasearch-helper as InstantSearch sends it.
import algoliasearchHelper, { type SearchResults } from 'algoliasearch-helper'
import { describe, expect } from 'vitest'
import { it, type SearchServer } from './fixture.ts'

const TALKS = [
  { objectID: 't1', title: 'Climate change and the oceans' },
  { objectID: 't2', title: 'Climate models explained' },
  { objectID: 't3', title: 'Ocean change in the Arctic' },
  { objectID: 't4', title: 'Sea level rise' },
]

async function talks(server: SearchServer, settings: Record<string, unknown> = {}): Promise<void> {
  const client = server.client()
  const saved = await client.saveObjects({ indexName: 'talks', objects: TALKS })
  for (const response of saved) await client.waitForTask({ indexName: 'talks', taskID: response.taskID })
  const set = await client.setSettings({
    indexName: 'talks',
    indexSettings: { searchableAttributes: ['title'], ...settings },
  })
  await client.waitForTask({ indexName: 'talks', taskID: set.taskID })
}

const ids = (result: { hits: { objectID: string }[] }): string[] => result.hits.map((h) => h.objectID)

describe('optionalWords', () => {
  it('keeps records without an optional word and ranks those with more words first', async ({ server }) => {
    await talks(server)
    const result = await server.search(
      { query: 'climate change', optionalWords: ['change'], getRankingInfo: true },
      'talks',
    )
    expect(ids(result)).toEqual(['t1', 't2'])
    expect(result.nbHits).toBe(2)
    expect(result.hits.map((hit) => hit._rankingInfo?.words)).toEqual([2, 1])
    expect((await server.search({ query: 'climate change' }, 'talks')).nbHits).toBe(1)
  })

  it('reads optionalWords from the index settings, as a string too', async ({ server }) => {
    await talks(server, { optionalWords: 'climate change' })
    const result = await server.search({ query: 'climate change' }, 'talks')
    expect(ids(result)).toEqual(['t1', 't2', 't3'])
  })
})

describe('removeWordsIfNoResults', () => {
  it('leaves an empty result by default and relaxes it as asked', async ({ server }) => {
    await talks(server)
    const search = (removeWordsIfNoResults: string) =>
      server.search({ query: 'climate models sea', removeWordsIfNoResults }, 'talks')
    expect((await search('none')).nbHits).toBe(0)
    expect(ids(await search('lastWords'))).toEqual(['t2'])
    expect(ids(await search('firstWords'))).toEqual(['t4'])
    const all = await search('allOptional')
    expect(ids(all)[0]).toBe('t2')
    expect(all.nbHits).toBe(3)
  })

  it('refuses an unknown strategy with a 400 that names it', async ({ server }) => {
    const response = await server.request('POST', '/1/indexes/stations/query', {
      query: 'x',
      removeWordsIfNoResults: 'someWords',
    })
    expect(response.status).toBe(400)
    expect(JSON.stringify(response.body)).toContain('removeWordsIfNoResults')
  })

  it('lets the stations find München Hbf for "hauptbahnhof münchen xyz"', async ({ server }) => {
    const result = await server.search({ query: 'hauptbahnhof münchen xyz', getRankingInfo: true })
    expect(result.hits[0]?.name).toBe('München Hbf')
    expect(result.hits[0]?._rankingInfo?.words).toBe(2)
  })

  it('works through algoliasearch-helper', async ({ server }) => {
    await talks(server)
    const helper = algoliasearchHelper(server.lite() as never, 'talks', {
      removeWordsIfNoResults: 'lastWords',
    } as never)
    helper.setQuery('ocean change xyz')
    const results = await new Promise<SearchResults>((resolve, reject) => {
      helper.once('result', ({ results }) => resolve(results))
      helper.once('error', ({ error }) => reject(error))
      helper.search()
    })
    // "xyz" is dropped; "oceans" in t1 is one typo away from "ocean", so t3 comes first.
    expect(results.hits.map((hit) => hit.objectID)).toEqual(['t3', 't1'])
    expect(results.nbHits).toBe(2)
  })
})
