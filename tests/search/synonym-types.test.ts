// Synonyms of every type Algolia has, from an export: regular and one-way ones, alternative
// corrections (matched as if typed with 1 or 2 typos, and ranked so) and placeholders (a record's
// `<City>` token matches any replacement).
import type { IndexSettings, SynonymHit } from 'algoliasearch'
import { describe, expect } from 'vitest'
import { CITY_TALK, TALKS, TALKS_SETTINGS, TALKS_SYNONYMS } from './exports/ted-talks.ts'
import { it } from './fixture.ts'

const ids = (response: { hits: { objectID: string }[] }) => response.hits.map((hit) => hit.objectID)

describe('synonym types', () => {
  it.beforeAll(async ({ server }) => {
    const client = server.client()
    const settings = await client.setSettings({
      indexName: 'talks',
      indexSettings: TALKS_SETTINGS as unknown as IndexSettings,
    })
    await client.waitForTask({ indexName: 'talks', taskID: settings.taskID })
    await client.saveObjects({ indexName: 'talks', objects: [...TALKS, CITY_TALK], waitForTasks: true })
    const saved = await client.saveSynonyms({
      indexName: 'talks',
      synonymHit: TALKS_SYNONYMS as unknown as SynonymHit[],
    })
    await client.waitForTask({ indexName: 'talks', taskID: saved.taskID })
  })

  it('stores every type with its own fields', async ({ server }) => {
    const client = server.client()
    expect(await client.getSynonym({ indexName: 'talks', objectID: 'alt1-shame' })).toEqual(TALKS_SYNONYMS[2])
    expect(await client.getSynonym({ indexName: 'talks', objectID: 'alt2-shame' })).toEqual({
      ...TALKS_SYNONYMS[3],
      type: 'altcorrection2',
    })
    expect(await client.getSynonym({ indexName: 'talks', objectID: 'placeholder-city' })).toEqual(
      TALKS_SYNONYMS[4],
    )
    const { nbHits } = await client.searchSynonyms({
      indexName: 'talks',
      searchSynonymsParams: { type: 'placeholder' },
    })
    expect(nbHits).toBe(1)
  })

  it('applies regular and one-way synonyms', async ({ server }) => {
    expect(ids(await server.search({ query: 'wellbeing', distinct: false }, 'talks')).sort()).toEqual([
      '6',
      '9',
    ])
    expect(ids(await server.search({ query: 'boss' }, 'talks'))).toEqual(['3'])
  })

  it('matches alternative corrections as 1 or 2 typos, ranked below the word itself', async ({ server }) => {
    const response = await server.search({ query: 'shame', distinct: false, getRankingInfo: true }, 'talks')
    // Talk 2's "shape" is a real typo of "shame"; 4 holds the 1-typo correction, 5 and 6 the 2-typo one.
    expect(ids(response)[0]).toBe('10')
    expect(ids(response).slice(1, 3).sort()).toEqual(['2', '4'])
    expect(ids(response).slice(3).sort()).toEqual(['5', '6'])
    expect(response.hits.map((hit) => hit._rankingInfo?.nbTypos)).toEqual([0, 1, 1, 2, 2])
    // Corrections lead one way: the correction does not find the word.
    expect(ids(await server.search({ query: 'vulnerability', distinct: false }, 'talks')).sort()).toEqual([
      '10',
      '4',
    ])
  })

  it('finds a record’s placeholder token by any of its replacements', async ({ server }) => {
    expect(ids(await server.search({ query: 'bloomington' }, 'talks'))).toEqual(['13'])
    expect(ids(await server.search({ query: 'talk recorded in houston' }, 'talks'))).toEqual(['13'])
    expect((await server.search({ query: 'recorded in paris' }, 'talks')).nbHits).toBe(0)
  })

  it('applies none of them with synonyms: false', async ({ server }) => {
    expect((await server.search({ query: 'bloomington', synonyms: false }, 'talks')).nbHits).toBe(0)
    expect(ids(await server.search({ query: 'shame', synonyms: false }, 'talks'))).toEqual(['10', '2'])
  })

  it('refuses a synonym that lacks its type’s fields, naming the field', async ({ server }) => {
    const response = await server.request('PUT', '/1/indexes/talks/synonyms/broken', {
      objectID: 'broken',
      type: 'placeholder',
      placeholder: 'City',
      replacements: ['berlin'],
    })
    expect(response.status).toBe(400)
    expect((response.body as { message: string }).message).toMatch(/placeholder/)
  })
})
