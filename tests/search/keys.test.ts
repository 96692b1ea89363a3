// API keys as Algolia checks them: admin, search-only, keys created with ACLs and restrictions,
// and secured API keys from the official client's generateSecuredApiKey.
import { describe, expect } from 'vitest'
import { allStations } from '../helpers/stations.ts'
import { it } from './fixture.ts'

const stations = await allStations()

const INVALID = { status: 403, body: { message: 'Invalid Application-ID or API key', status: 403 } }
const NOT_ALLOWED = { status: 403, body: { message: 'Method not allowed with this API key', status: 403 } }
const INDEX_NOT_ALLOWED = {
  status: 403,
  body: { message: 'Index not allowed with this API key', status: 403 },
}

function asKey(key: string, appId?: string): Record<string, string> {
  return { 'x-algolia-api-key': key, ...(appId ? { 'x-algolia-application-id': appId } : {}) }
}

describe('keys', () => {
  it('refuses a missing or wrong key and a wrong application ID', async ({ server }) => {
    const search = ['POST', '/1/indexes/stations/query', {}] as const
    expect(await server.request(...search, asKey('wrong-key-0123456789'))).toMatchObject(INVALID)
    expect(await server.request(...search, asKey(server.searchKey, 'other-app'))).toMatchObject(INVALID)
    const response = await fetch(`${server.url}/1/indexes/stations/query`, { method: 'POST', body: '{}' })
    expect(response.status).toBe(403)
  })

  it('lets the search-only key search and read records, nothing else', async ({ server }) => {
    const key = server.searchKey
    expect((await server.search({ query: 'ulm' }, 'stations', key)).nbHits).toBeGreaterThan(0)
    expect((await server.request('GET', '/1/indexes/stations/8000105', undefined, asKey(key))).status).toBe(
      200,
    )
    expect(await server.request('POST', '/1/indexes/stations', { name: 'x' }, asKey(key))).toMatchObject(
      NOT_ALLOWED,
    )
    expect(await server.request('GET', '/1/indexes/stations/settings', undefined, asKey(key))).toMatchObject(
      NOT_ALLOWED,
    )
    expect(await server.request('POST', '/1/indexes/stations/browse', {}, asKey(key))).toMatchObject(
      NOT_ALLOWED,
    )
    expect(await server.request('GET', '/1/keys', undefined, asKey(key))).toMatchObject(NOT_ALLOWED)
  })

  it('creates a key with an ACL, index patterns and maxHitsPerQuery, and honours them', async ({
    server,
  }) => {
    const client = server.client()
    const { key } = await client.addApiKey({
      acl: ['search'],
      indexes: ['stations_*'],
      maxHitsPerQuery: 3,
      description: 'Sortierte Listen',
    })
    await client.waitForApiKey({ key, operation: 'add' })
    const result = await server.search({ hitsPerPage: 50 }, 'stations_name_asc', key)
    expect(result.hits).toHaveLength(3)
    expect(await server.request('POST', '/1/indexes/stations/query', {}, asKey(key))).toMatchObject(
      INDEX_NOT_ALLOWED,
    )
    const described = await client.getApiKey({ key })
    expect(described).toMatchObject({
      value: key,
      acl: ['search'],
      indexes: ['stations_*'],
      maxHitsPerQuery: 3,
    })
    expect((await client.listApiKeys()).keys.map((k) => k.value)).toContain(key)
  })

  it('answers 429 once a key used its maxQueriesPerIPPerHour', async ({ server }) => {
    const { key } = await server.client().addApiKey({ acl: ['search'], maxQueriesPerIPPerHour: 2 })
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      statuses.push((await server.request('POST', '/1/indexes/stations/query', {}, asKey(key))).status)
    }
    expect(statuses).toEqual([200, 200, 429])
  })

  it('forces a key’s queryParameters on its searches', async ({ server }) => {
    const client = server.client()
    const { key } = await client.addApiKey({ acl: ['search'], queryParameters: 'filters=category%3A1' })
    const result = await server.search({ hitsPerPage: 100 }, 'stations', key)
    expect(result.nbHits).toBe(stations.filter((s) => s.category === 1).length)
  })

  it('updates, deletes and restores a key', async ({ server }) => {
    const client = server.client()
    const { key } = await client.addApiKey({ acl: ['search'] })
    await client.updateApiKey({ key, apiKey: { acl: ['search', 'browse'] } })
    await client.waitForApiKey({ key, operation: 'update', apiKey: { acl: ['search', 'browse'] } })
    expect(
      (await server.request('POST', '/1/indexes/stations/browse', { hitsPerPage: 1 }, asKey(key))).status,
    ).toBe(200)
    await client.deleteApiKey({ key })
    await client.waitForApiKey({ key, operation: 'delete' })
    expect(await server.request('POST', '/1/indexes/stations/query', {}, asKey(key))).toMatchObject(INVALID)
    await client.restoreApiKey({ key })
    expect((await server.request('POST', '/1/indexes/stations/query', {}, asKey(key))).status).toBe(200)
  })
})

describe('secured API keys', () => {
  const inFuture = () => Math.floor(Date.now() / 1000) + 3600

  it('applies the key’s filters to every search; a request can only narrow them', async ({ server }) => {
    const securedKey = server.client().generateSecuredApiKey({
      parentApiKey: server.searchKey,
      restrictions: { filters: 'federalState:Bayern', validUntil: inFuture() },
    })
    const bavaria = stations.filter((s) => s.federalState === 'Bayern')
    const result = await server.search({ hitsPerPage: 0 }, 'stations', securedKey)
    expect(result.nbHits).toBe(bavaria.length)
    const widened = await server.search(
      { filters: 'federalState:Berlin', hitsPerPage: 0 },
      'stations',
      securedKey,
    )
    expect(widened.nbHits).toBe(0)
    const narrowed = await server.search({ filters: 'category:1', hitsPerPage: 0 }, 'stations', securedKey)
    expect(narrowed.nbHits).toBe(bavaria.filter((s) => s.category === 1).length)
  })

  it('honours restrictIndices and other search parameters it carries', async ({ server }) => {
    const securedKey = server.client().generateSecuredApiKey({
      parentApiKey: server.searchKey,
      restrictions: { restrictIndices: ['stations'], searchParams: { hitsPerPage: 2 } },
    })
    const result = await server.search({ hitsPerPage: 50 }, 'stations', securedKey)
    expect(result.hits).toHaveLength(2)
    const other = await server.request('POST', '/1/indexes/stations_name_asc/query', {}, asKey(securedKey))
    expect(other).toMatchObject(INDEX_NOT_ALLOWED)
  })

  it('refuses an expired key, a tampered key and a key derived from the admin key', async ({ server }) => {
    const client = server.client()
    const expired = client.generateSecuredApiKey({
      parentApiKey: server.searchKey,
      restrictions: { validUntil: Math.floor(Date.now() / 1000) - 10 },
    })
    expect(await server.request('POST', '/1/indexes/stations/query', {}, asKey(expired))).toMatchObject(
      INVALID,
    )
    const valid = client.generateSecuredApiKey({
      parentApiKey: server.searchKey,
      restrictions: { filters: 'category:7' },
    })
    const decoded = Buffer.from(valid, 'base64').toString('utf8').replace('category%3A7', 'category%3A1')
    const tampered = Buffer.from(decoded).toString('base64')
    expect(await server.request('POST', '/1/indexes/stations/query', {}, asKey(tampered))).toMatchObject(
      INVALID,
    )
    const fromAdmin = client.generateSecuredApiKey({ parentApiKey: server.adminKey, restrictions: {} })
    expect(await server.request('POST', '/1/indexes/stations/query', {}, asKey(fromAdmin))).toMatchObject(
      INVALID,
    )
  })

  it('keeps the parent key’s ACL: a secured search key cannot write', async ({ server }) => {
    const securedKey = server
      .client()
      .generateSecuredApiKey({ parentApiKey: server.searchKey, restrictions: {} })
    expect(
      await server.request('POST', '/1/indexes/stations', { name: 'x' }, asKey(securedKey)),
    ).toMatchObject(NOT_ALLOWED)
  })
})
