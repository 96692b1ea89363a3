// ignorePlurals and removeStopWords with queryLanguages, through the official client: on the
// stations (German settings) and on an index that sets nothing, where they are off by default.
import { describe, expect } from 'vitest'
import { it, type SearchServer } from './fixture.ts'

async function notes(
  server: SearchServer,
  indexName: string,
  settings: Record<string, unknown> = {},
): Promise<void> {
  const client = server.client()
  const saved = await client.saveObjects({
    indexName,
    objects: [
      { objectID: 'de', text: 'Zwei Bahnhöfe und viele Züge' },
      { objectID: 'en', text: 'The children watched the trains' },
      { objectID: 'one', text: 'Ein Zug am Bahnhof' },
    ],
  })
  for (const response of saved) await client.waitForTask({ indexName, taskID: response.taskID })
  const set = await client.setSettings({ indexName, indexSettings: settings })
  await client.waitForTask({ indexName, taskID: set.taskID })
}

const ids = (result: { hits: { objectID: string }[] }): string[] => result.hits.map((h) => h.objectID).sort()

describe('ignorePlurals', () => {
  it('is off unless asked, then matches German plurals, umlauts included', async ({ server }) => {
    await notes(server, 'notes-plurals')
    const search = (query: string, extra: Record<string, unknown> = {}) =>
      server.search({ query, queryType: 'prefixNone', ...extra }, 'notes-plurals')
    expect(ids(await search('zug'))).toEqual(['one'])
    expect(ids(await search('zug', { ignorePlurals: true, queryLanguages: ['de'] }))).toEqual(['de', 'one'])
    expect(ids(await search('bahnhöfe', { ignorePlurals: ['de'] }))).toEqual(['de', 'one'])
    expect(ids(await search('child train', { ignorePlurals: ['en'] }))).toEqual(['en'])
    expect(ids(await search('child train', { ignorePlurals: ['de'] }))).toEqual([])
  })

  it('highlights the plural a singular found', async ({ server }) => {
    await notes(server, 'notes-highlight', { ignorePlurals: true, queryLanguages: ['de'] })
    const result = await server.search(
      { query: 'zug', queryType: 'prefixNone', restrictSearchableAttributes: ['text'] },
      'notes-highlight',
    )
    const de = result.hits.find((hit) => hit.objectID === 'de')
    expect(de?._highlightResult).toMatchObject({ text: { value: 'Zwei Bahnhöfe und viele <em>Züge</em>' } })
  })
})

describe('removeStopWords', () => {
  it('drops the query language’s stop words unless the query has nothing else', async ({ server }) => {
    await notes(server, 'notes-stop')
    const search = (query: string, extra: Record<string, unknown> = {}) =>
      server.search({ query, queryType: 'prefixNone', ...extra }, 'notes-stop')
    expect((await search('der zug')).nbHits).toBe(0)
    expect(ids(await search('der zug', { removeStopWords: true, queryLanguages: ['de'] }))).toEqual(['one'])
    expect(ids(await search('the trains', { removeStopWords: ['en'] }))).toEqual(['en'])
    // Only stop words: the query stays as it is.
    expect(ids(await search('ein', { removeStopWords: ['de'] }))).toEqual(['one'])
  })
})

describe('the stations’ German query language', () => {
  it('finds stations by the plural of a word in their names', async ({ server }) => {
    const singular = await server.search({ query: 'flughafen', hitsPerPage: 0 })
    const plural = await server.search({ query: 'flughäfen', hitsPerPage: 0 })
    expect(plural.nbHits).toBe(singular.nbHits)
    expect(singular.nbHits).toBeGreaterThan(3)
  })

  it('ignores German stop words between the words a traveller means', async ({ server }) => {
    const result = await server.search({ query: 'frankfurt am main flughafen', hitsPerPage: 3 })
    expect(result.hits[0]?.name).toMatch(/^Frankfurt \(Main\) Flughafen/)
  })

  it('keeps "berl" → Berlin Hauptbahnhof first, with and without the rules', async ({ server }) => {
    // A bare "BER" is the airport's code: a query rule pins the airport (see the station rules), and
    // "BER" is a whole word of its name (exact, by exactOnSingleWordQuery 'word'); the language
    // features must not push Berlin Hbf down for the prefix of Berlin.
    const textOnly = await server.search({ query: 'berl', hitsPerPage: 1, enableRules: false })
    expect(textOnly.hits[0]?.name).toBe('Berlin Hauptbahnhof')
    expect((await server.search({ query: 'berl', hitsPerPage: 1 })).hits[0]?.name).toBe('Berlin Hauptbahnhof')
    expect((await server.search({ query: 'berlin', hitsPerPage: 1 })).hits[0]?.name).toBe(
      'Berlin Hauptbahnhof',
    )
  })
})
