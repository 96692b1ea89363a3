// Keys that cannot be widened: a secured key's restrictSources and referers are enforced, a key's
// referers too; a secured key narrows its parent's restrictions and never widens them, counts
// against its parent's rate limit however it is spelled, and its user token is the one recorded;
// a key reads no record outside its filters or indexes, by objectID either.
// Without TRUST_PROXY the client's address is the socket's: X-Forwarded-For changes nothing.
import type { ApiKey, SecuredApiKeyRestrictions } from 'algoliasearch'
import { describe, expect, vi } from 'vitest'
import { allStations } from '../helpers/stations.ts'
import { it, type SearchServer } from './fixture.ts'

const stations = await allStations()
const BERLIN_HBF_ID = '8011160'

const inFuture = () => Math.floor(Date.now() / 1000) + 3600
const asKey = (key: string, extra: Record<string, string> = {}) => ({ 'x-algolia-api-key': key, ...extra })
const search = ['POST', '/1/indexes/stations/query', { hitsPerPage: 1 }] as const

describe('restrictSources of secured keys', () => {
  it('answers only from the addresses the key names (IPv4 and IPv6, CIDR ranges)', async ({ server }) => {
    const client = server.client()
    const keyFor = (restrictSources: string) =>
      client.generateSecuredApiKey({
        parentApiKey: server.searchKey,
        restrictions: { restrictSources, validUntil: inFuture() },
      })
    const elsewhere = await server.request(...search, asKey(keyFor('10.0.0.0/8;2001:db8::/32')))
    expect(elsewhere.status).toBe(403)
    expect((elsewhere.body as { message: string }).message).toMatch(/restrictSources/)
    expect((await server.request(...search, asKey(keyFor('10.0.0.0/8;127.0.0.0/8')))).status).toBe(200)
    expect((await server.request(...search, asKey(keyFor('127.0.0.1')))).status).toBe(200)
  })

  it('believes no X-Forwarded-For without a trusted proxy', async ({ server }) => {
    const key = server.client().generateSecuredApiKey({
      parentApiKey: server.searchKey,
      restrictions: { restrictSources: '203.0.113.0/24', validUntil: inFuture() },
    })
    const forged = await server.request(...search, asKey(key, { 'x-forwarded-for': '203.0.113.7' }))
    expect(forged.status).toBe(403)
  })

  it('a key whose restrictSources cannot be read is no key at all', async ({ server }) => {
    const key = server.client().generateSecuredApiKey({
      parentApiKey: server.searchKey,
      restrictions: { restrictSources: 'everywhere', validUntil: inFuture() },
    })
    expect((await server.request(...search, asKey(key))).status).toBe(403)
  })
})

describe('referers', () => {
  it('a key with referers answers only requests from them', async ({ server }) => {
    const { key } = await server
      .client()
      .addApiKey({ acl: ['search'], referers: ['https://bahnhof.example/*'] })
    await expect.poll(async () => (await server.request('GET', `/1/keys/${key}`)).status).toBe(200)
    expect((await server.request(...search, asKey(key))).status).toBe(403)
    expect((await server.request(...search, asKey(key, { referer: 'https://evil.example/' }))).status).toBe(
      403,
    )
    expect(
      (await server.request(...search, asKey(key, { referer: 'https://bahnhof.example/suche' }))).status,
    ).toBe(200)
  })

  it('a secured key’s referers are enforced as a stored key’s', async ({ server }) => {
    const key = server.client().generateSecuredApiKey({
      parentApiKey: server.searchKey,
      restrictions: { referers: ['https://good.example/*'] } as SecuredApiKeyRestrictions,
    })
    expect((await server.request(...search, asKey(key))).status).toBe(403)
    expect((await server.request(...search, asKey(key, { referer: 'https://evil.example/' }))).status).toBe(
      403,
    )
    expect(
      (await server.request(...search, asKey(key, { referer: 'https://good.example/suche' }))).status,
    ).toBe(200)
  })
})

describe('rate limits count the key, not its spelling', () => {
  it('a secured key with "=" or "A" appended shares its budget, and 429 says when to retry', async ({
    server,
  }) => {
    const client = server.client()
    const { key: parent } = await client.addApiKey({ acl: ['search'], maxQueriesPerIPPerHour: 3 })
    await expect.poll(async () => (await server.request('GET', `/1/keys/${parent}`)).status).toBe(200)
    const secured = client.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { validUntil: inFuture() },
    })
    const statuses: number[] = []
    for (const spelling of [secured, `${secured}=`, `${secured}A`, `${secured}==`]) {
      statuses.push((await server.request(...search, asKey(spelling))).status)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    const limited = await server.request(...search, asKey(secured))
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(3500)
    expect(retryAfter).toBeLessThanOrEqual(3600)
  })
})

/** A key made through /1/keys, once it answers (keys are written in the background). */
async function addKey(server: SearchServer, apiKey: ApiKey): Promise<string> {
  const { key } = await server.client().addApiKey(apiKey)
  await expect.poll(async () => (await server.request('GET', `/1/keys/${key}`)).status).toBe(200)
  return key
}

/** A secured key as the official client makes it; `restrictions` may name what its types do not. */
function securedKey(server: SearchServer, parentApiKey: string, restrictions: Record<string, unknown>) {
  return server
    .client()
    .generateSecuredApiKey({ parentApiKey, restrictions: restrictions as SecuredApiKeyRestrictions })
}

const nbHitsWith = async (server: SearchServer, key: string, path = '/1/indexes/stations/query') => {
  const answer = await server.request('POST', path, { hitsPerPage: 0 }, asKey(key))
  expect(answer.status).toBe(200)
  return (answer.body as { nbHits: number }).nbHits
}

describe('a secured key narrows its parent key, never widens it', () => {
  it('ANDs its filters with the parent’s, an empty `filters=` included, in searches and browse', async ({
    server,
  }) => {
    const bavaria = stations.filter((station) => station.federalState === 'Bayern')
    const parent = await addKey(server, {
      acl: ['search', 'browse'],
      queryParameters: 'filters=federalState%3ABayern',
    })
    const emptied = securedKey(server, parent, { filters: '' })
    expect(await nbHitsWith(server, emptied)).toBe(bavaria.length)
    expect(await nbHitsWith(server, emptied, '/1/indexes/stations/browse')).toBe(bavaria.length)
    expect(await nbHitsWith(server, securedKey(server, parent, { filters: 'federalState:Berlin' }))).toBe(0)
    const facetFilters = securedKey(server, parent, {
      searchParams: { facetFilters: ['federalState:Berlin'] },
    })
    expect(await nbHitsWith(server, facetFilters)).toBe(0)
    expect(await nbHitsWith(server, securedKey(server, parent, { filters: 'category:1' }))).toBe(
      bavaria.filter((station) => station.category === 1).length,
    )
  })

  it('keeps the smaller of two hit limits and the parent’s other forced parameters', async ({ server }) => {
    const parent = await addKey(server, {
      acl: ['search'],
      queryParameters: 'hitsPerPage=5&attributesToRetrieve=%5B%22name%22%5D',
    })
    const wider = securedKey(server, parent, {
      searchParams: { hitsPerPage: 50, attributesToRetrieve: ['*'] },
    })
    const { hits } = await server.search({ query: 'hbf' }, 'stations', wider)
    expect(hits).toHaveLength(5)
    expect(Object.keys(hits[0] ?? {}).sort()).toEqual(['_highlightResult', 'name', 'objectID'])
    const narrower = securedKey(server, parent, { searchParams: { hitsPerPage: 2 } })
    expect((await server.search({ query: 'hbf' }, 'stations', narrower)).hits).toHaveLength(2)
  })
})

describe('the children of a key share its rate limit', () => {
  it('a secured key counts against its parent’s budget, whatever else it says', async ({ server }) => {
    const parent = await addKey(server, { acl: ['search'], maxQueriesPerIPPerHour: 3 })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await server.request(...search, asKey(parent))).status)
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
    const children: number[] = []
    for (let i = 0; i < 20; i++) {
      const child = securedKey(server, parent, { analyticsTags: [`t${i}`], validUntil: inFuture() })
      children.push((await server.request(...search, asKey(child))).status)
    }
    expect(new Set(children)).toEqual(new Set([429]))
  })

  it('children spend the budget their parent then finds used', async ({ server }) => {
    const parent = await addKey(server, { acl: ['search'], maxQueriesPerIPPerHour: 3 })
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const child = securedKey(server, parent, { userToken: `user-${i}` })
      statuses.push((await server.request(...search, asKey(child))).status)
    }
    statuses.push((await server.request(...search, asKey(parent))).status)
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
  })
})

describe('records outside a key’s filters or indexes', () => {
  const BERLIN_HBF = '8011160'
  const MUENCHEN_HBF = '8000261'
  const getObject = (server: SearchServer, key: string, index: string, objectID: string) =>
    server.request('GET', `/1/indexes/${index}/${objectID}`, undefined, asKey(key))
  const getObjects = (
    server: SearchServer,
    key: string,
    requests: { indexName: string; objectID: string }[],
  ) => server.request('POST', '/1/indexes/*/objects', { requests }, asKey(key))

  it('a key with filters reads only the records it can find, also on a replica', async ({ server }) => {
    const bavaria = await addKey(server, {
      acl: ['search'],
      queryParameters: 'filters=federalState%3ABayern',
    })
    expect(await getObject(server, bavaria, 'stations', BERLIN_HBF)).toMatchObject({
      status: 404,
      body: { message: 'ObjectID does not exist', status: 404 },
    })
    expect((await getObject(server, bavaria, 'stations_name_asc', BERLIN_HBF)).status).toBe(404)
    expect(await getObject(server, bavaria, 'stations', MUENCHEN_HBF)).toMatchObject({
      status: 200,
      body: { objectID: MUENCHEN_HBF },
    })
    const berlin = securedKey(server, server.searchKey, { filters: 'federalState:Berlin' })
    const both = await getObjects(server, berlin, [
      { indexName: 'stations', objectID: BERLIN_HBF },
      { indexName: 'stations', objectID: MUENCHEN_HBF },
    ])
    expect(both.status).toBe(200)
    const results = (both.body as { results: ({ objectID: string } | null)[] }).results
    expect(results.map((record) => record?.objectID ?? null)).toEqual([BERLIN_HBF, null])
    // A child of the Bavarian key limited to Berlin reads neither.
    const none = securedKey(server, bavaria, { filters: 'federalState:Berlin' })
    expect((await getObject(server, none, 'stations', MUENCHEN_HBF)).status).toBe(404)
    expect((await getObject(server, none, 'stations', BERLIN_HBF)).status).toBe(404)
  })

  it('a key that forces attributesToRetrieve reads no other attribute of a record', async ({ server }) => {
    const names = await addKey(server, {
      acl: ['search'],
      queryParameters: 'attributesToRetrieve=%5B%22name%22%5D',
    })
    const asked = '?attributesToRetrieve=name,city,federalState'
    expect((await getObject(server, names, 'stations', `${MUENCHEN_HBF}${asked}`)).body).toEqual({
      objectID: MUENCHEN_HBF,
      name: 'München Hbf',
    })
    const many = await getObjects(server, names, [{ indexName: 'stations', objectID: BERLIN_HBF }])
    expect(many.body).toEqual({ results: [{ objectID: BERLIN_HBF, name: 'Berlin Hauptbahnhof' }] })
  })

  it('a key limited to some indexes reads no record of another', async ({ server }) => {
    const only = securedKey(server, server.searchKey, { restrictIndices: ['stations'] })
    expect(await getObject(server, only, 'stations_name_asc', BERLIN_HBF)).toMatchObject({
      status: 403,
      body: { message: 'Index not allowed with this API key' },
    })
    const refused = await getObjects(server, only, [
      { indexName: 'stations', objectID: BERLIN_HBF },
      { indexName: 'stations_name_asc', objectID: BERLIN_HBF },
    ])
    expect(refused.status).toBe(403)
  })
})

describe('the user token of a secured key', () => {
  it('is the one analytics records, whatever the request says', async ({ server }) => {
    const alice = securedKey(server, server.searchKey, { userToken: 'alice' })
    const record = vi.spyOn(server.app.context.recorder, 'record')
    try {
      const body = { query: 'ulm', userToken: 'bob', analytics: true }
      const headers = asKey(alice, { 'x-algolia-usertoken': 'bob' })
      expect((await server.request('POST', '/1/indexes/stations/query', body, headers)).status).toBe(200)
      const multi = { requests: [{ indexName: 'stations', ...body }] }
      // Twice: the second is answered from the kept answer of the first.
      for (let i = 0; i < 2; i++)
        expect((await server.request('POST', '/1/indexes/*/queries', multi, headers)).status).toBe(200)
      expect(record.mock.calls.map(([search]) => search.userToken)).toEqual(['alice', 'alice', 'alice'])
    } finally {
      record.mockRestore()
    }
  })

  it('is the one events are recorded for', async ({ server }) => {
    const alice = securedKey(server, server.searchKey, { userToken: 'alice' })
    const event = {
      eventType: 'view',
      eventName: 'Bahnhof angesehen',
      index: 'stations',
      userToken: 'bob',
      authenticatedUserToken: 'carol',
      objectIDs: [BERLIN_HBF_ID],
    }
    const answer = await server.request('POST', '/1/events', { events: [event] }, asKey(alice))
    expect(answer.status).toBe(200)
    const stored = server.app.context.events.list('stations').filter((e) => e.eventName === event.eventName)
    expect(stored.map((e) => [e.userToken, e.authenticatedUserToken])).toEqual([['alice', undefined]])
  })
})
