// Pagination: page/hitsPerPage, offset/length, paginationLimitedTo, and the limits of each.
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

describe('pagination', () => {
  it('pages through results without overlap', async ({ server }) => {
    const first = await server.search({ query: 'berlin', hitsPerPage: 5, page: 0 })
    const second = await server.search({ query: 'berlin', hitsPerPage: 5, page: 1 })
    expect(first.page).toBe(0)
    expect(second.page).toBe(1)
    expect(first.nbPages).toBe(Math.ceil(first.nbHits! / 5))
    const ids = new Set([...first.hits, ...second.hits].map((hit) => hit.objectID))
    expect(ids.size).toBe(10)
  })

  it('takes offset and length instead of pages', async ({ server }) => {
    const page = await server.search({ hitsPerPage: 10 })
    const slice = await server.search({ offset: 3, length: 4 })
    expect(slice.hits.map((hit) => hit.objectID)).toEqual(page.hits.slice(3, 7).map((hit) => hit.objectID))
  })

  it('returns up to 1000 hits per page and refuses more, naming the limit', async ({ server }) => {
    const big = await server.search({ hitsPerPage: 1000 })
    expect(big.hits).toHaveLength(1000)
    const response = await server.request('POST', '/1/indexes/stations/query', { hitsPerPage: 1001 })
    expect(response).toMatchObject({
      status: 400,
      body: { status: 400, message: expect.stringMatching(/hitsPerPage.*1000/) },
    })
  })

  it('stops at paginationLimitedTo (1000 hits by default)', async ({ server }) => {
    const result = await server.search({ hitsPerPage: 100, page: 10 })
    expect(result.nbHits).toBe(5388)
    expect(result.hits).toHaveLength(0)
    expect(result.nbPages).toBe(10)
  })

  it('answers hitsPerPage 0 with counts and facets only, as InstantSearch asks', async ({ server }) => {
    const result = await server.search({ hitsPerPage: 0, facets: ['category'] })
    expect(result.hits).toEqual([])
    expect(result.nbHits).toBe(5388)
    expect(result.facets?.category).toBeDefined()
  })
})
