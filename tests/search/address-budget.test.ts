// The per-address budget of the search API: every client address (behind TRUST_PROXY the one its
// proxy forwards, an IPv6 address by its /64) has a token bucket for requests made with any key but
// the admin key. One address that floods is answered 429 with Retry-After, in Algolia's error
// shape; every other address goes on searching as before.
import { describe, expect } from 'vitest'
import { testWithEnv } from './fixture.ts'

// A small bucket, so that a test can empty it: 10 at once, then one a minute.
const it = testWithEnv({
  TRUST_PROXY: '127.0.0.1',
  SEARCHES_PER_IP_PER_MINUTE: '1',
  SEARCH_BURST_PER_IP: '10',
})
const query = ['POST', '/1/indexes/stations/query', { query: 'köln', hitsPerPage: 1 }] as const

describe('the per-address search budget', () => {
  it('answers a flooding address 429 with Retry-After while another address’s searches answer 200', async ({
    server,
  }) => {
    const from = (address: string, key = server.searchKey) =>
      server.request(...query, { 'x-algolia-api-key': key, 'x-forwarded-for': address })
    const flood = await Promise.all(Array.from({ length: 30 }, () => from('203.0.113.9')))
    const statuses = flood.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(20)
    const refused = flood.find((response) => response.status === 429)!
    expect(refused.body).toEqual({
      message: expect.stringMatching(/too many requests/i),
      status: 429,
    })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)

    // Another visitor, with the official client, meanwhile.
    const other = await server
      .client(server.searchKey)
      .searchSingleIndex(
        { indexName: 'stations', searchParams: { query: 'köln', hitsPerPage: 1 } },
        { headers: { 'x-forwarded-for': '198.51.100.4' } },
      )
    expect(other.nbHits).toBeGreaterThan(0)
    expect((await from('198.51.100.4')).status).toBe(200)
    // The admin key is the operator's: never counted.
    expect((await from('203.0.113.9', server.adminKey)).status).toBe(200)
    expect((await from('203.0.113.9')).status).toBe(429)
  })

  it('counts the IPv6 addresses of one /64 in one bucket, another /64 in its own', async ({ server }) => {
    const from = (address: string) =>
      server.request(...query, { 'x-algolia-api-key': server.searchKey, 'x-forwarded-for': address })
    const statuses: number[] = []
    for (let n = 0; n < 12; n++) statuses.push((await from(`2001:db8:1:2::${(n + 1).toString(16)}`)).status)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200))
    expect(statuses.slice(10)).toEqual([429, 429])
    expect((await from('2001:db8:1:2:ffff:ffff:ffff:fffe')).status).toBe(429)
    expect((await from('2001:db8:1:3::1')).status).toBe(200)
  })
})

const off = testWithEnv({
  TRUST_PROXY: '127.0.0.1',
  SEARCHES_PER_IP_PER_MINUTE: '0',
  SEARCH_BURST_PER_IP: '1',
})

describe('the per-address search budget, turned off', () => {
  off('lets one address search as often as it likes', async ({ server }) => {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.request(...query, { 'x-algolia-api-key': server.searchKey, 'x-forwarded-for': '203.0.113.9' }),
      ),
    )
    expect(statuses.map((response) => response.status)).toEqual(Array(20).fill(200))
  })
})
