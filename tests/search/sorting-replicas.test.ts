// Sorting through replicas: standard replicas share the primary's records and follow its writes;
// writing to a replica is refused like Algolia does.
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

const collator = new Intl.Collator('de')

describe('sorting replicas', () => {
  it('sorts by name ascending and descending, and by category', async ({ server }) => {
    const asc = await server.search({ hitsPerPage: 50 }, 'stations_name_asc')
    const names = asc.hits.map((hit) => hit.name)
    expect(names[0]).toBe('Aachen Hbf')
    expect(asc.nbHits).toBe(5388)
    const desc = await server.search({ hitsPerPage: 5 }, 'stations_name_desc')
    expect(desc.hits[0]!.name.localeCompare(desc.hits[4]!.name, 'de')).toBeGreaterThan(0)
    const byCategory = await server.search({ hitsPerPage: 200 }, 'stations_category_asc')
    const categories = byCategory.hits.map((hit) => hit.category ?? 99)
    expect(categories).toEqual([...categories].sort((a, b) => a - b))
    expect(collator.compare(String(names[0]), String(names[1]))).toBeLessThanOrEqual(0)
  })

  it('keeps the query relevance second: a sorted replica still filters by the query', async ({ server }) => {
    const result = await server.search({ query: 'hamburg' }, 'stations_name_desc')
    expect(result.nbHits).toBe((await server.search({ query: 'hamburg' })).nbHits)
  })

  it('shows a record written to the primary in every replica', async ({ server }) => {
    const client = server.client()
    await client
      .saveObject({
        indexName: 'stations',
        body: { objectID: 'test-aaa', name: 'AAA Testbahnhof', category: 1, weight: 0, facilities: [] },
      })
      .then(({ taskID }) => client.waitForTask({ indexName: 'stations', taskID }))
    const asc = await server.search({ hitsPerPage: 1 }, 'stations_name_asc')
    expect(asc.hits[0]!.objectID).toBe('test-aaa')
    await client
      .deleteObject({ indexName: 'stations', objectID: 'test-aaa' })
      .then(({ taskID }) => client.waitForTask({ indexName: 'stations', taskID }))
    const after = await server.search({ hitsPerPage: 1 }, 'stations_name_asc')
    expect(after.hits[0]!.name).toBe('Aachen Hbf')
  })

  it('refuses writes to a replica', async ({ server }) => {
    const response = await server.request('POST', '/1/indexes/stations_name_asc/batch', {
      requests: [{ action: 'addObject', body: { name: 'x' } }],
    })
    expect(response).toMatchObject({ status: 400, body: { message: expect.stringMatching(/replica/) } })
  })

  it('lists replicas and primaries in listIndices', async ({ server }) => {
    const { items } = await server.client().listIndices()
    const primary = items.find((item) => item.name === 'stations')!
    expect(primary.replicas).toEqual(['stations_name_asc', 'stations_name_desc', 'stations_category_asc'])
    expect(items.find((item) => item.name === 'stations_name_asc')).toMatchObject({
      primary: 'stations',
      entries: 5388,
    })
  })
})
