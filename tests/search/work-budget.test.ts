// Searches refused for the work they would do, through the official client with the public
// search key: past Algolia's documented ceilings (filters, polygon points, the body's size) before
// any work, past the work budget (any combination of parameters) as the engine counts its work;
// each a 400 that names the parameter, never a half answer. Searches, facet-value searches,
// browse and recommendations all run under the budget; a multi-query has one budget for all its
// queries; the admin key has a larger one; a client that hangs up stops the work.
import { describe, expect } from 'vitest'
import { boxes, numericGroup, optionalPairs, polygon } from '../helpers/costly-searches.ts'
import { it, type SearchServer } from './fixture.ts'

/** What the client's search was answered with: the hits' count, or the refusal's status and message. */
async function outcome(
  search: Promise<{ hits?: unknown[] }>,
): Promise<{ status: number; message: string; hits?: number }> {
  try {
    const answer = await search
    return { status: 200, message: '', hits: answer.hits?.length ?? 0 }
  } catch (error) {
    const { status, message } = error as { status?: number; message?: string }
    return { status: status ?? 0, message: message ?? String(error) }
  }
}

const publicSearch = (server: SearchServer, params: Record<string, unknown>) =>
  outcome(server.search(params, 'stations', server.searchKey))

describe('the searches a stranger sent, answered 400 naming the parameter', () => {
  it('3,000 optionalFilters OR pairs with 1,000 hits per page, summed: 400 naming optionalFilters', async ({
    server,
  }) => {
    const optionalFilters = optionalPairs(3000)
    const refused = await publicSearch(server, {
      optionalFilters,
      hitsPerPage: 1000,
      sumOrFiltersScores: true,
    })
    expect(refused.status).toBe(400)
    expect(refused.message).toMatch(/optionalFilters/)
  })

  it('insidePolygon with 20,000 points: 400 naming insidePolygon and its limit', async ({ server }) => {
    const refused = await publicSearch(server, { insidePolygon: [polygon(20_000)] })
    expect(refused).toMatchObject({ status: 400 })
    expect(refused.message).toMatch(/"insidePolygon".*at most 10000 points/)
  })

  it('insidePolygon with 200,000 points (7 MB): 400 for the body, before it is read', async ({ server }) => {
    const body = JSON.stringify({ insidePolygon: [polygon(200_000)] })
    expect(body.length).toBeGreaterThan(6 * 1024 * 1024)
    const refused = await server.request('POST', '/1/indexes/stations/query', body, {
      'x-algolia-api-key': server.searchKey,
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ message: 'Request body exceeds the limit of 2 MB', status: 400 })
  })

  it('one numericFilters group of 20,000 terms: 400 naming numericFilters and the limit', async ({
    server,
  }) => {
    const refused = await publicSearch(server, { numericFilters: numericGroup(20_000) })
    expect(refused.status).toBe(400)
    expect(refused.message).toMatch(/numericFilters holds 20000 .* the limit is 1000/)
  })

  it('lists of more than 1,000 entries, and more than 10 ruleContexts, are refused before any work', async ({
    server,
  }) => {
    const tags = Array.from({ length: 1001 }, (_, i) => `tag${i}`)
    const long = await publicSearch(server, { analyticsTags: tags, hitsPerPage: 1 })
    expect(long.status).toBe(400)
    expect(long.message).toMatch(/"analyticsTags".*at most 1000 strings/)
    expect(await publicSearch(server, { analyticsTags: tags.slice(0, 1000), hitsPerPage: 1 })).toMatchObject({
      status: 200,
    })
    const contexts = Array.from({ length: 11 }, (_, i) => `context${i}`)
    const refused = await publicSearch(server, { ruleContexts: contexts })
    expect(refused.status).toBe(400)
    expect(refused.message).toMatch(/"ruleContexts".*at most 10 strings/)
  })

  it('a params string is read with the same ceilings as JSON fields', async ({ server }) => {
    const params = new URLSearchParams({ insidePolygon: JSON.stringify([polygon(20_000)]) }).toString()
    const refused = await server.request(
      'POST',
      '/1/indexes/*/queries',
      { requests: [{ indexName: 'stations', params }] },
      { 'x-algolia-api-key': server.searchKey },
    )
    expect(refused.status).toBe(400)
    expect((refused.body as { message: string }).message).toMatch(/insidePolygon/)
  })
})

describe('the work budget: within the ceilings, any combination is bounded', () => {
  it('500 optionalFilters OR pairs, summed, 1,000 hits per page: too expensive, naming optionalFilters', async ({
    server,
  }) => {
    const optionalFilters = optionalPairs(500, false)
    const refused = await publicSearch(server, {
      optionalFilters,
      hitsPerPage: 1000,
      sumOrFiltersScores: true,
    })
    expect(refused.status).toBe(400)
    expect(refused.message).toMatch(/^Search too expensive: optionalFilters /)
    // A few optional filters rank a page as before.
    const answered = await publicSearch(server, {
      optionalFilters: optionalFilters.slice(0, 3),
      hitsPerPage: 1000,
    })
    expect(answered).toMatchObject({ status: 200, hits: 1000 })
  })

  it('a polygon of 10,000 points around Germany is refused; around a city it is answered', async ({
    server,
  }) => {
    const refused = await publicSearch(server, { insidePolygon: [polygon(10_000)] })
    expect(refused.status).toBe(400)
    expect(refused.message).toMatch(/^Search too expensive: insidePolygon /)
    const city = await publicSearch(server, { insidePolygon: [polygon(10_000, 0.3)], hitsPerPage: 5 })
    expect(city).toMatchObject({ status: 200, hits: 5 })
  })

  it('1,000 numeric terms are too expensive, naming numericFilters; 100 are answered', async ({ server }) => {
    const refused = await publicSearch(server, { numericFilters: numericGroup(1000) })
    expect(refused.status).toBe(400)
    expect(refused.message).toMatch(/^Search too expensive: numericFilters /)
    expect(await publicSearch(server, { numericFilters: numericGroup(100) })).toMatchObject({ status: 200 })
  })

  it('1,000 bounding boxes over Germany: too expensive, naming insideBoundingBox', async ({ server }) => {
    const refused = await publicSearch(server, { insideBoundingBox: boxes(1000) })
    expect(refused.status).toBe(400)
    expect(refused.message).toMatch(/^Search too expensive: insideBoundingBox /)
  })

  it("a multi-query's queries share one budget: each alone is answered, together they are refused", async ({
    server,
  }) => {
    const query = { indexName: 'stations', numericFilters: numericGroup(250), hitsPerPage: 1 }
    const one = await server.lite().search({ requests: [query] })
    expect(one.results).toHaveLength(1)
    let refusal: { status?: number; message?: string } = {}
    await server
      .lite()
      .search({ requests: Array.from({ length: 20 }, () => query) })
      .catch((error: { status?: number; message?: string }) => {
        refusal = error
      })
    expect(refusal.status).toBe(400)
    expect(refusal.message).toMatch(/^Searches too expensive together: numericFilters /)
    // The admin key's budget is larger (its slices are as small).
    const admin = await server.client().search({ requests: Array.from({ length: 20 }, () => query) })
    expect(admin.results).toHaveLength(20)
  })

  it('facet-value searches, browse and recommendations run under the budget too', async ({ server }) => {
    const expensive = { insidePolygon: [polygon(10_000)] }
    const facet = await server.request(
      'POST',
      '/1/indexes/stations/facets/federalState/query',
      { facetQuery: 'b', ...expensive },
      { 'x-algolia-api-key': server.searchKey },
    )
    expect(facet.status).toBe(400)
    expect((facet.body as { message: string }).message).toMatch(/insidePolygon/)
    // Browse needs the admin key here: its budget is larger, a slice of work is not.
    const browse = await server.request('POST', '/1/indexes/stations/browse', expensive)
    expect(browse.status).toBe(400)
    expect((browse.body as { message: string }).message).toMatch(/insidePolygon/)
    const recommend = await server.request(
      'POST',
      '/1/indexes/*/recommendations',
      {
        requests: [
          { indexName: 'stations', model: 'trending-items', threshold: 0, queryParameters: expensive },
        ],
      },
      { 'x-algolia-api-key': server.searchKey },
    )
    expect(recommend.status).toBe(400)
    expect((recommend.body as { message: string }).message).toMatch(/insidePolygon/)
  })

  it('stops the work of a client that hung up', async ({ server }) => {
    const service = server.app.context.search
    const search = service.search.bind(service)
    let calls = 0
    const hangUp = new AbortController()
    service.search = (index, params) => {
      calls += 1
      if (calls === 1) hangUp.abort()
      return search(index, params)
    }
    try {
      // 40 queries of ~10 ms each with the admin key (its budget holds them all).
      const query = { indexName: 'stations', numericFilters: numericGroup(250), hitsPerPage: 1 }
      const sent = fetch(`${server.url}/1/indexes/*/queries`, {
        method: 'POST',
        headers: { 'x-algolia-application-id': server.appId, 'x-algolia-api-key': server.adminKey },
        body: JSON.stringify({ requests: Array.from({ length: 40 }, () => query) }),
        signal: hangUp.signal,
      })
      await expect(sent).rejects.toThrow()
      // The server's work goes on until the query under way ends its slice; then no further query
      // runs. Waited for by the calls, not by the clock: until 40 or none for 2 s.
      let seen = -1
      for (let waited = 0; calls < 40 && waited < 30_000 && seen !== calls; waited += 2000) {
        seen = calls
        await new Promise((resolve) => setTimeout(resolve, 2000))
      }
      expect(calls).toBeGreaterThan(0)
      expect(calls).toBeLessThan(40)
    } finally {
      service.search = search
    }
  })
})
