// replaceSynonymsInHighlight, as the TED talks export of `algolia/datasets` sets it (true): a record
// word matched only through a synonym shows as the query word in highlights and snippets; a one-word
// query also stands for a phrase of the record. Values are compared byte for byte.
import type { IndexSettings, SynonymHit } from 'algoliasearch'
import { describe, expect } from 'vitest'
import { TALKS, TALKS_SETTINGS, TALKS_SYNONYMS } from './exports/ted-talks.ts'
import { it, type SearchServer } from './fixture.ts'

const MORE_SYNONYMS = [
  { objectID: 'syn-ken', type: 'synonym', synonyms: ['ken', 'kenneth'] },
  { objectID: 'syn-posture', type: 'synonym', synonyms: ['posture', 'body language'] },
] as const

interface Highlighted {
  value: string
  matchLevel: string
  matchedWords: string[]
}

describe('replaceSynonymsInHighlight', () => {
  it.beforeAll(async ({ server }) => {
    const client = server.client()
    const settings = await client.setSettings({
      indexName: 'talks',
      indexSettings: TALKS_SETTINGS as unknown as IndexSettings,
    })
    await client.waitForTask({ indexName: 'talks', taskID: settings.taskID })
    await client.saveObjects({ indexName: 'talks', objects: TALKS, waitForTasks: true })
    const saved = await client.saveSynonyms({
      indexName: 'talks',
      synonymHit: [...TALKS_SYNONYMS, ...MORE_SYNONYMS] as unknown as SynonymHit[],
    })
    await client.waitForTask({ indexName: 'talks', taskID: saved.taskID })
  })

  const nameOf = async (server: SearchServer, params: Record<string, unknown>, objectID: string) => {
    const { hits } = await server.search(params, 'talks')
    const hit = hits.find((h) => h.objectID === objectID)
    expect(hit, objectID).toBeDefined()
    return hit as unknown as {
      _highlightResult: Record<string, Highlighted>
      _snippetResult: Record<string, Highlighted>
    }
  }

  it('imports the export, which sets it', async ({ server }) => {
    const settings = await server.client().getSettings({ indexName: 'talks' })
    expect(settings.replaceSynonymsInHighlight).toBe(true)
  })

  it('shows the query word where the record matched its synonym', async ({ server }) => {
    const hit = await nameOf(server, { query: 'wellbeing' }, '6')
    expect(hit._highlightResult.name).toEqual({
      value: 'What makes a good life? Lessons from the longest study on <em>wellbeing</em>',
      matchLevel: 'full',
      fullyHighlighted: false,
      matchedWords: ['wellbeing'],
    })
  })

  it('shows the record’s own word when the search turns it off', async ({ server }) => {
    const hit = await nameOf(server, { query: 'wellbeing', replaceSynonymsInHighlight: false }, '6')
    expect(hit._highlightResult.name?.value).toBe(
      'What makes a good life? Lessons from the longest study on <em>happiness</em>',
    )
  })

  it('keeps words the query matched itself, by prefix too', async ({ server }) => {
    const hit = await nameOf(server, { query: 'happin' }, '6')
    expect(hit._highlightResult.name?.value).toBe(
      'What makes a good life? Lessons from the longest study on <em>happin</em>ess',
    )
    const own = await nameOf(server, { query: 'happiness' }, '6')
    expect(own._highlightResult.name?.value).toBe(
      'What makes a good life? Lessons from the longest study on <em>happiness</em>',
    )
  })

  it('replaces through one-way synonyms and in snippets', async ({ server }) => {
    const leaders = await nameOf(server, { query: 'boss' }, '3')
    expect(leaders._highlightResult.name?.value).toBe('How great <em>boss</em> inspire action')
    const ken = await nameOf(server, { query: 'kenneth' }, '1')
    expect(ken._snippetResult.speakers).toEqual({ value: '<em>kenneth</em> Robinson', matchLevel: 'full' })
    expect(ken._highlightResult.speakers?.value).toBe('<em>kenneth</em> Robinson')
  })

  it('lets a one-word query stand for a phrase of the record, as a whole', async ({ server }) => {
    const hit = await nameOf(server, { query: 'posture' }, '2')
    const tags = hit._highlightResult.tags as unknown as Highlighted[]
    expect(tags.map((tag) => tag.value)).toEqual(['psychology', '<em>posture</em>'])
    const own = await nameOf(server, { query: 'posture', replaceSynonymsInHighlight: false }, '2')
    expect((own._highlightResult.tags as unknown as Highlighted[])[1]?.value).toBe(
      '<em>body</em> <em>language</em>',
    )
  })
})
