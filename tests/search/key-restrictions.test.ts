// Keys that cannot be widened: a secured key's restrictSources and referers are enforced, a key's
// referers too, and a rate limit counts one key however it is spelled. Without TRUST_PROXY the
// client's address is the socket's: X-Forwarded-For changes nothing.
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

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
