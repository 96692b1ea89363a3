// The per-address budget of the server-rendered pages: an address that asks for pages faster than
// its bucket refills gets a short German page with 429 and Retry-After; other addresses, the web
// app's files and the APIs are not affected.
import { describe, expect } from 'vitest'
import { it } from '../../tests/helpers/app-fixture.ts'

// 5 pages at once, then one a minute: a test can empty the bucket without waiting for the clock.
const BUDGET = { TRUST_PROXY: 'loopback', PAGES_PER_IP_PER_MINUTE: '1', PAGE_BURST_PER_IP: '5' }

describe('the per-address page budget', () => {
  it('answers a flooding address 429 with Retry-After and a short page; others get their pages', async ({
    restart,
  }) => {
    const app = await restart(BUDGET)
    const page = (address: string, url = '/suche?q=zufall') =>
      app.inject({ url, headers: { 'x-forwarded-for': address, accept: 'text/html' } })
    const statuses: number[] = []
    for (let n = 0; n < 8; n++) statuses.push((await page('203.0.113.9', `/bahnhof/${n}`)).statusCode)
    expect(statuses.filter((status) => status === 429)).toHaveLength(3)
    const refused = await page('203.0.113.9')
    expect(refused.statusCode).toBe(429)
    const wait = Number(refused.headers['retry-after'])
    expect(wait).toBeGreaterThanOrEqual(1)
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(refused.headers['cache-control']).toBe('no-store')
    expect(refused.body).toContain('<html lang="de">')
    expect(refused.body).toContain('Zu viele Anfragen')
    expect(refused.body).toContain(`in ${wait} Sekunden erneut`)
    // Nothing of the request comes back in the page.
    expect(refused.body).not.toContain('zufall')

    expect((await page('198.51.100.4')).statusCode).toBe(200)
    expect((await page('2001:db8:7:7::1', '/')).statusCode).toBe(200)
    // The app's files and its configuration are not pages.
    const files = await app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    })
    expect(files.statusCode).toBe(200)
    const config = await app.inject({ url: '/config.json', headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(config.statusCode).toBe(200)
  })

  it('takes PAGES_PER_IP_PER_MINUTE=0 as no budget', async ({ restart }) => {
    const app = await restart({ ...BUDGET, PAGES_PER_IP_PER_MINUTE: '0' })
    for (let n = 0; n < 12; n++) {
      const response = await app.inject({ url: '/', headers: { 'x-forwarded-for': '203.0.113.9' } })
      expect(response.statusCode).toBe(200)
    }
  })
})
