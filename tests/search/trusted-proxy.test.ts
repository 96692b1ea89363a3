// Behind a trusted proxy (TRUST_PROXY), the client's address comes from X-Forwarded-For, for
// restrictSources and for rate limits; and the public search key can carry a per-address limit.
import { describe, expect } from 'vitest'
import { testWithEnv } from './fixture.ts'

const it = testWithEnv({ TRUST_PROXY: '127.0.0.1', SEARCH_API_KEY_MAX_QUERIES_PER_IP_PER_HOUR: '3' })
const search = ['POST', '/1/indexes/stations/query', { hitsPerPage: 1 }] as const

describe('behind a trusted proxy', () => {
  it('restrictSources reads the address the proxy forwards', async ({ server }) => {
    const key = server.client().generateSecuredApiKey({
      parentApiKey: server.searchKey,
      restrictions: { restrictSources: '203.0.113.0/24', validUntil: Math.floor(Date.now() / 1000) + 3600 },
    })
    const from = (address: string) =>
      server.request(...search, { 'x-algolia-api-key': key, 'x-forwarded-for': address })
    expect((await from('203.0.113.7')).status).toBe(200)
    expect((await from('198.51.100.1')).status).toBe(403)
  })

  it('the public search key’s per-address limit counts each forwarded address on its own', async ({
    server,
  }) => {
    const from = (address: string) =>
      server.request(...search, { 'x-algolia-api-key': server.searchKey, 'x-forwarded-for': address })
    const first: number[] = []
    for (let i = 0; i < 4; i++) first.push((await from('192.0.2.1')).status)
    expect(first).toEqual([200, 200, 200, 429])
    expect((await from('192.0.2.2')).status).toBe(200)
    expect((await server.request(...search, { 'x-algolia-api-key': server.adminKey })).status).toBe(200)
  })
})
