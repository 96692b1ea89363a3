// Bad input on every endpoint: malformed JSON, wrong types, unknown index, bad filters and
// over-limit values all answer 4xx in Algolia's shape, and the server keeps serving unharmed.
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

it.afterAll(async ({ server }) => {
  // Nothing above changed the stations or stopped the server.
  const after = await server.search({ hitsPerPage: 0 })
  expect(after.nbHits).toBe(5388)
})

const BODY_ROUTES: [string, string][] = [
  ['POST', '/1/indexes/*/queries'],
  ['POST', '/1/indexes/stations/query'],
  ['POST', '/1/indexes/stations/facets/federalState/query'],
  ['POST', '/1/indexes/stations/browse'],
  ['POST', '/1/indexes/*/objects'],
  ['POST', '/1/indexes/stations'],
  ['POST', '/1/indexes/stations/batch'],
  ['POST', '/1/indexes/*/batch'],
  ['PUT', '/1/indexes/stations/8000105'],
  ['POST', '/1/indexes/stations/8000105/partial'],
  ['POST', '/1/indexes/stations/deleteByQuery'],
  ['PUT', '/1/indexes/stations/settings'],
  ['POST', '/1/indexes/stations/operation'],
  ['POST', '/1/indexes/stations/synonyms/batch'],
  ['POST', '/1/keys'],
  ['POST', '/1/events'],
]

function expectAlgoliaError(response: { status: number; body: unknown }, status: number, message?: RegExp) {
  expect(response.status).toBe(status)
  expect(response.body).toEqual({ status, message: expect.any(String) })
  if (message) expect((response.body as { message: string }).message).toMatch(message)
}

describe('bad input', () => {
  it.for(BODY_ROUTES)('%s %s: malformed JSON is a 400', async ([method, path], { server }) => {
    expectAlgoliaError(await server.request(method, path, '{"query": '), 400, /JSON/)
  })

  it.for([
    ['POST', '/1/indexes/*/queries', { requests: 'all' }, /requests/],
    ['POST', '/1/indexes/*/queries', { requests: [{ indexName: 'stations', query: 42 }] }, /query/],
    ['POST', '/1/indexes/*/queries', { requests: [{ indexName: 'stations', type: 'facet' }] }, /facet/],
    ['POST', '/1/indexes/stations/query', { hitsPerPage: 'many' }, /hitsPerPage/],
    ['POST', '/1/indexes/stations/query', { facets: { a: 1 } }, /facets/],
    ['POST', '/1/indexes/stations/query', { getRankingInfo: 'yes' }, /getRankingInfo/],
    ['POST', '/1/indexes/stations/query', { bogus: true }, /Unknown parameter: bogus/],
    ['POST', '/1/indexes/stations/query', { params: 'hitsPerPage=ten' }, /hitsPerPage/],
    ['POST', '/1/indexes/stations', [1, 2], /body/],
    ['POST', '/1/indexes/stations/batch', { requests: [{ action: 'explode', body: {} }] }, /action/],
    ['PUT', '/1/indexes/stations/settings', { hitsPerPage: 'many' }, /hitsPerPage/],
    ['POST', '/1/indexes/stations/operation', { operation: 'rename', destination: 'x' }, /operation/],
    [
      'POST',
      '/1/indexes/stations/synonyms/batch',
      [{ objectID: 's', type: 'synonym', synonyms: 'a' }],
      /synonyms/,
    ],
    ['POST', '/1/keys', { acl: ['fly'] }, /acl/],
  ] as const)('%s %s with %j: wrong types are a 400', async ([method, path, body, message], { server }) => {
    expectAlgoliaError(await server.request(method, path, body), 400, message)
  })

  it('answers wrong insights events with 422', async ({ server }) => {
    expectAlgoliaError(await server.request('POST', '/1/events', { events: 'click' }), 422, /events/)
  })

  it.for([
    ['POST', '/1/indexes/nope/query', {}],
    ['GET', '/1/indexes/nope/query', undefined],
    ['POST', '/1/indexes/nope/browse', {}],
    ['POST', '/1/indexes/nope/facets/x/query', {}],
    ['GET', '/1/indexes/nope/1', undefined],
    ['GET', '/1/indexes/nope/settings', undefined],
    ['POST', '/1/indexes/nope/clear', undefined],
    ['POST', '/1/indexes/nope/deleteByQuery', { filters: 'a:b' }],
    ['POST', '/1/indexes/nope/operation', { operation: 'copy', destination: 'elsewhere' }],
    ['POST', '/1/indexes/*/queries', { requests: [{ indexName: 'nope' }] }],
  ] as const)('%s %s: an unknown index is a 404', async ([method, path, body], { server }) => {
    expectAlgoliaError(await server.request(method, path, body), 404, /^Index does not exist$/)
  })

  it('answers an unknown record and an unknown route with 404', async ({ server }) => {
    expectAlgoliaError(
      await server.request('GET', '/1/indexes/stations/nope'),
      404,
      /ObjectID does not exist/,
    )
    expectAlgoliaError(await server.request('GET', '/1/nothing/here'), 404)
  })

  it.for([
    ['filters', 'category:1 AND'],
    ['filters', 'category < abc'],
    ['numericFilters', ['category>>1']],
    ['facetFilters', ['novalue']],
  ] as const)('a bad %s (%j) is a 400 naming it', async ([name, value], { server }) => {
    expectAlgoliaError(
      await server.request('POST', '/1/indexes/stations/query', { [name]: value }),
      400,
      new RegExp(name),
    )
  })

  it.for([
    [{ query: 'x'.repeat(513) }, /query.*512 bytes/],
    [{ query: 'ü'.repeat(257) }, /query.*512 bytes/],
    [{ filters: `category:${'9'.repeat(600)}` }, /filters.*512 bytes/],
    [{ hitsPerPage: 1001 }, /hitsPerPage.*1000/],
    [{ length: 1001 }, /length.*1000/],
    [{ maxValuesPerFacet: 1001 }, /maxValuesPerFacet.*1000/],
  ] as const)('%j over its limit is a 400 naming the limit', async ([body, message], { server }) => {
    expectAlgoliaError(await server.request('POST', '/1/indexes/stations/query', body), 400, message)
  })

  it.for([
    ['POST', '/1/indexes/stations/query', { page: 1e20 }, 400, /page/],
    ['POST', '/1/indexes/stations/query', { params: 'page=100000000000000000000' }, 400, /page/],
    ['POST', '/1/indexes/stations/query', { offset: 1e20, length: 1 }, 400, /offset/],
    ['POST', '/1/keys', { acl: ['search'], maxHitsPerQuery: 1e20 }, 400, /maxHitsPerQuery/],
    [
      'POST',
      '/1/events',
      {
        events: [
          {
            eventType: 'view',
            eventName: 'Bahnhof angesehen',
            index: 'stations',
            userToken: 'user-1',
            objectIDs: ['8000105'],
            timestamp: 1e300,
          },
        ],
      },
      422,
      /int64/,
    ],
  ] as const)(
    '%s %s with %j: an integer no number holds exactly is refused',
    async ([method, path, body, status, message], { server }) => {
      expectAlgoliaError(await server.request(method, path, body), status, message)
      // Nothing of it reached the analytics log, whose report still answers.
      expect((await server.request('GET', '/2/searches/noResults?index=stations')).status).toBe(200)
    },
  )

  it('refuses more than 100 facet hits', async ({ server }) => {
    const response = await server.request('POST', '/1/indexes/stations/facets/federalState/query', {
      maxFacetHits: 101,
    })
    expectAlgoliaError(response, 400, /maxFacetHits.*100/)
  })

  it('refuses a write body over 10 MB, naming the limit', async ({ server }) => {
    const big = { requests: [{ action: 'addObject', body: { text: 'x'.repeat(10 * 1024 * 1024) } }] }
    expectAlgoliaError(await server.request('POST', '/1/indexes/stations/batch', big), 400, /10 MB/)
  })

  it('rolls a failing batch back entirely', async ({ server }) => {
    const response = await server.request('POST', '/1/indexes/stations/batch', {
      requests: [
        { action: 'deleteObject', body: { objectID: '8000105' } },
        {
          action: 'partialUpdateObject',
          body: { objectID: '8000207', weight: { _operation: 'Teleport', value: 1 } },
        },
      ],
    })
    expectAlgoliaError(response, 400, /Teleport/)
    expect((await server.request('GET', '/1/indexes/stations/8000105')).status).toBe(200)
  })
})
