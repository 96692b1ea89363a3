// advancedSyntax through the official client: "quoted phrases" match the words consecutively in
// one attribute, -word excludes records containing it; advancedSyntaxFeatures picks the
// features; without advancedSyntax both are plain text.
import { describe, expect } from 'vitest'
import { it, type SearchServer } from './fixture.ts'

async function talks(server: SearchServer, settings: Record<string, unknown> = {}): Promise<void> {
  const client = server.client()
  const saved = await client.saveObjects({
    indexName: 'talks-syntax',
    objects: [
      { objectID: 'a', title: 'Climate change and the oceans', speaker: 'Ada' },
      { objectID: 'b', title: 'Climate models explained', speaker: 'Ben' },
      { objectID: 'c', title: 'Change the climate of meetings', speaker: 'Cleo' },
    ],
  })
  for (const response of saved)
    await client.waitForTask({ indexName: 'talks-syntax', taskID: response.taskID })
  const set = await client.setSettings({
    indexName: 'talks-syntax',
    indexSettings: { searchableAttributes: ['title', 'speaker'], ...settings },
  })
  await client.waitForTask({ indexName: 'talks-syntax', taskID: set.taskID })
}

const ids = (result: { hits: { objectID: string }[] }): string[] => result.hits.map((h) => h.objectID).sort()

describe('advancedSyntax', () => {
  it('excludes records with a -word, and treats the minus as text without advancedSyntax', async ({
    server,
  }) => {
    await talks(server)
    expect(
      ids(await server.search({ query: 'climate -change', advancedSyntax: true }, 'talks-syntax')),
    ).toEqual(['b'])
    expect(ids(await server.search({ query: 'climate -change' }, 'talks-syntax'))).toEqual(['a', 'c'])
  })

  it('requires a quoted phrase in order, with no typos inside', async ({ server }) => {
    await talks(server)
    const phrase = (query: string) => server.search({ query, advancedSyntax: true }, 'talks-syntax')
    expect(ids(await phrase('"climate change"'))).toEqual(['a'])
    expect(ids(await phrase('"change the climate"'))).toEqual(['c'])
    expect(ids(await phrase('"climate chnage"'))).toEqual([])
    expect(ids(await server.search({ query: '"climate change"' }, 'talks-syntax'))).toEqual(['a', 'c'])
  })

  it('reads advancedSyntax and its features from the settings, the request overriding them', async ({
    server,
  }) => {
    await talks(server, { advancedSyntax: true, advancedSyntaxFeatures: ['excludeWords'] })
    expect(ids(await server.search({ query: 'climate -change' }, 'talks-syntax'))).toEqual(['b'])
    // exactPhrase is off: the quotes are text and the words match anywhere.
    expect(ids(await server.search({ query: '"change climate"' }, 'talks-syntax'))).toEqual(['a', 'c'])
    const both = await server.search(
      { query: '"change climate"', advancedSyntaxFeatures: ['exactPhrase', 'excludeWords'] },
      'talks-syntax',
    )
    expect(ids(both)).toEqual([])
  })

  it('refuses an unknown feature with a 400 that names it', async ({ server }) => {
    const response = await server.request('POST', '/1/indexes/stations/query', {
      query: 'x',
      advancedSyntax: true,
      advancedSyntaxFeatures: ['wildcards'],
    })
    expect(response.status).toBe(400)
    expect(JSON.stringify(response.body)).toContain('advancedSyntaxFeatures')
  })

  it('finds the stations named "Frankfurt (Main)" but not its airport with -flughafen', async ({
    server,
  }) => {
    const result = await server.search({
      query: 'frankfurt main -flughafen',
      advancedSyntax: true,
      hitsPerPage: 1000,
    })
    expect(result.nbHits).toBeGreaterThan(5)
    expect(result.hits.some((hit) => hit.name.includes('Flughafen'))).toBe(false)
  })
})
