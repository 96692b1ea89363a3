// Synonyms: saved one by one or in batches, applied by the next search, read, searched, cleared.
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

describe('synonyms', () => {
  it('ships abbreviation synonyms with the stations: "berlin hbf" finds Berlin Hauptbahnhof', async ({
    server,
  }) => {
    const result = await server.search({ query: 'berlin hbf', hitsPerPage: 1 })
    expect(result.hits[0]?.name).toBe('Berlin Hauptbahnhof')
    const back = await server.search({ query: 'hamburg hauptbahnhof', hitsPerPage: 1 })
    expect(back.hits[0]?.name).toBe('Hamburg Hbf')
  })

  it('applies a regular synonym to the next search', async ({ server }) => {
    const client = server.client()
    const cleared = await client.clearSynonyms({ indexName: 'stations' })
    await client.waitForTask({ indexName: 'stations', taskID: cleared.taskID })
    const before = await server.search({ query: 'hauptbahnhof', hitsPerPage: 0 })
    const { taskID } = await client.saveSynonym({
      indexName: 'stations',
      objectID: 'hbf',
      synonymHit: { objectID: 'hbf', type: 'synonym', synonyms: ['hbf', 'hauptbahnhof'] },
    })
    await client.waitForTask({ indexName: 'stations', taskID })
    const after = await server.search({ query: 'hauptbahnhof', hitsPerPage: 0 })
    expect(after.nbHits).toBeGreaterThan(before.nbHits!)
    expect(await client.getSynonym({ indexName: 'stations', objectID: 'hbf' })).toEqual({
      objectID: 'hbf',
      type: 'synonym',
      synonyms: ['hbf', 'hauptbahnhof'],
    })
  })

  it('saves in batches, searches and clears synonyms', async ({ server }) => {
    const client = server.client()
    await client
      .saveSynonyms({
        indexName: 'stations',
        synonymHit: [{ objectID: 'ffm', type: 'onewaysynonym', input: 'ffm', synonyms: ['frankfurt'] }],
        forwardToReplicas: true,
      })
      .then(({ taskID }) => client.waitForTask({ indexName: 'stations', taskID }))
    const found = await client.searchSynonyms({
      indexName: 'stations',
      searchSynonymsParams: { query: 'ffm' },
    })
    expect(found.hits.map((hit) => hit.objectID)).toEqual(['ffm'])
    expect((await server.search({ query: 'ffm', hitsPerPage: 1 })).hits[0]?.name).toMatch(/Frankfurt/)
    await client
      .clearSynonyms({ indexName: 'stations' })
      .then(({ taskID }) => client.waitForTask({ indexName: 'stations', taskID }))
    expect((await client.searchSynonyms({ indexName: 'stations' })).nbHits).toBe(0)
    const missing = await server.request('GET', '/1/indexes/stations/synonyms/ffm')
    expect(missing).toMatchObject({ status: 404, body: { status: 404 } })
  })

  it('applies a multi-word synonym: "ffm hbf" finds Frankfurt (Main) Hbf through "frankfurt main"', async ({
    server,
  }) => {
    const client = server.client()
    const { taskID } = await client.saveSynonym({
      indexName: 'stations',
      objectID: 'ffm-phrase',
      synonymHit: {
        objectID: 'ffm-phrase',
        type: 'onewaysynonym',
        input: 'ffm',
        synonyms: ['frankfurt main'],
      },
    })
    await client.waitForTask({ indexName: 'stations', taskID })
    const result = await server.search({ query: 'ffm hbf', getRankingInfo: true })
    expect(result.hits.map((hit) => hit.name)).toEqual(['Frankfurt (Main) Hbf'])
    expect(result.hits[0]?._highlightResult?.name).toMatchObject({
      value: '<em>Frankfurt</em> (<em>Main</em>) <em>Hbf</em>',
      matchLevel: 'full',
      matchedWords: ['ffm', 'hbf'],
    })
    expect(result.hits[0]?._rankingInfo?.nbTypos).toBe(0)
    // Without relaxation (the stations relax an empty result), "ffm" alone finds nothing.
    const strict = { removeWordsIfNoResults: 'none' } as const
    expect((await server.search({ query: 'ffm hbf', synonyms: false, ...strict })).nbHits).toBe(0)
    const cleared = await client.clearSynonyms({ indexName: 'stations' })
    await client.waitForTask({ indexName: 'stations', taskID: cleared.taskID })
    expect((await server.search({ query: 'ffm hbf', ...strict })).nbHits).toBe(0)
  })
})
