// German decompounding through the official client: decompoundedAttributes splits compounds
// at index time, decompoundQuery (with queryLanguages de) splits the query's compounds.
import { describe, expect } from 'vitest'
import { it, type SearchServer } from './fixture.ts'

async function places(server: SearchServer, settings: Record<string, unknown>): Promise<void> {
  const client = server.client()
  const saved = await client.saveObjects({
    indexName: 'places',
    objects: [
      { objectID: 'hbf', name: 'Musterstadt Hauptbahnhof' },
      { objectID: 'sued', name: 'Musterstadt Südbahnhof' },
      { objectID: 'split', name: 'Haupt Bahnhof Musterdorf' },
    ],
  })
  for (const response of saved) await client.waitForTask({ indexName: 'places', taskID: response.taskID })
  const set = await client.setSettings({
    indexName: 'places',
    indexSettings: { searchableAttributes: ['name'], ...settings },
  })
  await client.waitForTask({ indexName: 'places', taskID: set.taskID })
}

const ids = (result: { hits: { objectID: string }[] }): string[] => result.hits.map((h) => h.objectID).sort()

describe('decompounding', () => {
  it('finds compounds by their parts only in decompounded attributes', async ({ server }) => {
    await places(server, {})
    const search = () => server.search({ query: 'bahnhof', queryType: 'prefixNone' }, 'places')
    expect(ids(await search())).toEqual(['split'])
    await places(server, { decompoundedAttributes: { de: ['name'] } })
    expect(ids(await search())).toEqual(['hbf', 'split', 'sued'])
    expect(ids(await server.search({ query: 'haupt bahnhof' }, 'places'))).toEqual(['hbf', 'split'])
  })

  it('splits a compound in the query with queryLanguages de, unless decompoundQuery is false', async ({
    server,
  }) => {
    await places(server, { queryLanguages: ['de'] })
    expect(ids(await server.search({ query: 'hauptbahnhof' }, 'places'))).toEqual(['hbf', 'split'])
    expect(ids(await server.search({ query: 'hauptbahnhof', decompoundQuery: false }, 'places'))).toEqual([
      'hbf',
    ])
  })

  it('lets travellers find "Berlin Hauptbahnhof" by "haupt bahnhof" and by "bahnhof"', async ({ server }) => {
    const parts = await server.search({ query: 'berlin haupt bahnhof', hitsPerPage: 1 })
    expect(parts.hits[0]?.name).toBe('Berlin Hauptbahnhof')
    const bahnhof = await server.search({ query: 'bahnhof', queryType: 'prefixNone', hitsPerPage: 1000 })
    expect(bahnhof.hits.map((hit) => hit.name)).toContain('Berlin Hauptbahnhof')
  })

  it('refuses decompoundedAttributes that do not map languages to attribute lists', async ({ server }) => {
    const response = await server.request('PUT', '/1/indexes/places/settings', {
      decompoundedAttributes: { de: 'name' },
    })
    expect(response.status).toBe(400)
    expect(JSON.stringify(response.body)).toContain('decompoundedAttributes')
  })
})
