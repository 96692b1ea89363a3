// Algolia's movies export predates the Synonyms API: it carries its synonyms as a setting and
// indexes "&" as a word (`separatorsToIndex`). It imports as written through the official client,
// and both take effect: "&" is searchable and means "and".
import type { IndexSettings } from 'algoliasearch'
import { describe, expect } from 'vitest'
import { MOVIES, MOVIES_SETTINGS } from './exports/movies.ts'
import { it } from './fixture.ts'

const INDEX = 'movies'
const ids = (response: { hits: { objectID: string }[] }) => response.hits.map((hit) => hit.objectID).sort()

describe('an export with the old synonyms setting and separatorsToIndex', () => {
  it.beforeAll(async ({ server }) => {
    const client = server.client()
    const { taskID } = await client.setSettings({
      indexName: INDEX,
      indexSettings: MOVIES_SETTINGS as unknown as IndexSettings,
    })
    await client.waitForTask({ indexName: INDEX, taskID })
    await client.saveObjects({ indexName: INDEX, objects: MOVIES, waitForTasks: true })
  })

  it('keeps both settings as written', async ({ server }) => {
    const settings = (await server.client().getSettings({ indexName: INDEX })) as Record<string, unknown>
    expect(settings.separatorsToIndex).toBe('&')
    expect(settings.synonyms).toEqual([['&', 'and']])
    expect(settings.searchableAttributes).toEqual(MOVIES_SETTINGS.attributesToIndex)
  })

  it('indexes "&" as a word of its own', async ({ server }) => {
    expect(ids(await server.search({ query: '&' }, INDEX))).toEqual(['1', '2', '4'])
    // "+" is not listed: it separates words and is no word.
    expect((await server.search({ query: '+' }, INDEX)).nbHits).toBe(MOVIES.length)
  })

  it('applies the old setting’s synonyms both ways, and highlights the typed word', async ({ server }) => {
    const and = await server.search({ query: 'fast and furious' }, INDEX)
    expect(ids(and)).toEqual(['1'])
    const hit = and.hits[0] as unknown as { _highlightResult: { title: { value: string } } }
    // replaceSynonymsInHighlight: true (the export's): the record's "&" shows as the typed "and".
    expect(hit._highlightResult.title.value).toBe('<em>Fast</em> <em>and</em> <em>Furious</em>')
    expect(ids(await server.search({ query: 'pride & prejudice' }, INDEX))).toEqual(['2'])
  })

  it('refuses a synonyms setting that is no list of word groups, changing nothing', async ({ server }) => {
    const response = await server.request('PUT', `/1/indexes/${INDEX}/settings`, { synonyms: [['&', 3]] })
    expect(response.status).toBe(400)
    expect((response.body as { message: string }).message).toContain('synonyms')
    const settings = (await server.client().getSettings({ indexName: INDEX })) as Record<string, unknown>
    expect(settings.synonyms).toEqual([['&', 'and']])
  })
})
