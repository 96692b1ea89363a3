// responseFields: only the listed top-level fields of a search answer, '*' for all; Algolia never
// drops `message`, `warning`, `cursor` and `abTestVariantID`. Restricted answers leave out fields
// the OpenAPI schema requires, so they are read raw here; the full answers go through the client.
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

const keysOf = (body: unknown) => Object.keys(body as object).sort()

describe('responseFields', () => {
  it('answers only the listed fields', async ({ server }) => {
    const response = await server.request('POST', '/1/indexes/stations/query', {
      query: 'berlin',
      responseFields: ['hits', 'nbHits'],
    })
    expect(response.status).toBe(200)
    expect(keysOf(response.body)).toEqual(['hits', 'nbHits'])
    expect((response.body as { nbHits: number }).nbHits).toBeGreaterThan(10)
  })

  it('takes the list from a params string, as InstantSearch sends it', async ({ server }) => {
    const response = await server.request('POST', '/1/indexes/*/queries', {
      requests: [
        {
          indexName: 'stations',
          params: 'query=köln&facets=%5B%22federalState%22%5D&responseFields=%5B%22facets%22%5D',
        },
      ],
    })
    const [result] = (response.body as { results: Record<string, unknown>[] }).results
    expect(keysOf(result)).toEqual(['facets'])
    expect(result!.facets).toHaveProperty('federalState')
  })

  it('answers every field with *', async ({ server }) => {
    const all = await server.search({ query: 'berlin', responseFields: ['*'] })
    const plain = await server.search({ query: 'berlin' })
    expect(Object.keys(all).sort()).toEqual(Object.keys(plain).sort())
  })

  it('keeps the browse cursor even when it is not listed', async ({ server }) => {
    const response = await server.request('POST', '/1/indexes/stations/browse', {
      hitsPerPage: 10,
      responseFields: ['hits'],
    })
    expect(keysOf(response.body)).toEqual(['cursor', 'hits'])
  })

  it('applies the index setting when the query names none', async ({ server }) => {
    const client = server.client()
    const { taskID } = await client.setSettings({
      indexName: 'lines',
      indexSettings: { responseFields: ['hits', 'nbPages'] },
    })
    await client.waitForTask({ indexName: 'lines', taskID })
    const response = await server.request('POST', '/1/indexes/lines/query', { query: '' })
    expect(keysOf(response.body)).toEqual(['hits', 'nbPages'])
    const overridden = await server.request('POST', '/1/indexes/lines/query', { responseFields: ['nbHits'] })
    expect(keysOf(overridden.body)).toEqual(['nbHits'])
  })
})
