// How browsers reach the service: CORS for any origin with preflights answered, JSON in any
// content type (the lite client sends text/plain), credentials in headers or the query string.
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

describe('transport', () => {
  it('answers a CORS preflight from any origin', async ({ server }) => {
    const response = await fetch(`${server.url}/1/indexes/*/queries`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-algolia-api-key,x-algolia-application-id,content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-headers')).toMatch(/x-algolia-api-key/)
  })

  it('reads JSON sent as text/plain with credentials in the query string', async ({ server }) => {
    const query = new URLSearchParams({
      'x-algolia-agent': 'Algolia for JavaScript (5.0.0); Lite (5.0.0)',
      'x-algolia-api-key': server.searchKey,
      'x-algolia-application-id': server.appId,
    })
    const response = await fetch(`${server.url}/1/indexes/*/queries?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://elsewhere.example' },
      body: JSON.stringify({ requests: [{ indexName: 'stations', params: 'query=trier&hitsPerPage=1' }] }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const body = (await response.json()) as { results: { hits: { name: string }[] }[] }
    expect(body.results[0]!.hits[0]!.name).toMatch(/Trier/)
  })

  it('serves a GET search with parameters in the query string', async ({ server }) => {
    const query = new URLSearchParams({
      query: 'mainz',
      hitsPerPage: '2',
      'X-Algolia-API-Key': server.searchKey,
      'X-Algolia-Application-Id': server.appId,
    })
    const response = await fetch(`${server.url}/1/indexes/stations/query?${query}`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { hits: unknown[]; hitsPerPage: number }
    expect(body.hitsPerPage).toBe(2)
  })
})
