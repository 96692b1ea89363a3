// The security headers: a page gets every header Helmet's middleware sets, under a policy that
// allows the hosts the configuration names; the answers of the Algolia-shaped APIs get the set of
// data. Both are worked out once, when the plugin starts.
import type { IncomingMessage, ServerResponse } from 'node:http'
import Fastify from 'fastify'
import helmet from 'helmet'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import securityHeaders from './security-headers.ts'

/** The headers of the answer to `url` from an app with these headers only, configured by `env`. */
async function headersOf(url: string, env: Record<string, string> = {}) {
  const app = Fastify()
  await app.register(securityHeaders, { config: loadConfig(env) })
  app.get('/*', async () => 'ok')
  const response = await app.inject(url)
  await app.close()
  return response.headers
}

/** The names of the headers Helmet's middleware sets with its defaults. */
function helmetDefaults(): string[] {
  const names: string[] = []
  const response = { setHeader: (name: string) => names.push(name.toLowerCase()), removeHeader: () => {} }
  helmet()({} as IncomingMessage, response as unknown as ServerResponse, () => {})
  return names
}

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1)

describe('security headers', () => {
  it("give a page every header Helmet's middleware sets, with a CSP that forbids inline scripts", async () => {
    const page = await headersOf('/suche')
    const defaults = helmetDefaults()
    expect(defaults.length).toBeGreaterThan(10)
    for (const name of defaults) expect(page[name], name).toBeDefined()
    expect(directive(page['content-security-policy'], 'script-src')).toEqual(["'self'"])
    expect(page['cross-origin-resource-policy']).toBe('cross-origin')
  })

  it("allow in a page's policy the hosts the configuration names: search, content and map tiles", async () => {
    const page = await headersOf('/suche', {
      PUBLIC_SEARCH_URL: 'https://suche.example.org/api',
      PUBLIC_CONTENT_URL: 'https://cms.example.org/graphql',
      MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
    })
    const csp = page['content-security-policy']
    expect(directive(csp, 'connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://suche.example.org', 'https://cms.example.org']),
    )
    expect(directive(csp, 'img-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://*.tile.example.org']),
    )
    expect(directive((await headersOf('/suche'))['content-security-policy'], 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
    ])
  })

  it('give the answers of /1/, /2/ and /offline/1/ the headers of data, without those of a document', async () => {
    for (const url of ['/1/indexes/stations/query', '/2/searches', '/offline/1/stations']) {
      const answer = await headersOf(url)
      expect(answer['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'")
      expect(answer['x-content-type-options']).toBe('nosniff')
      expect(answer['x-frame-options']).toBe('DENY')
      expect(answer['strict-transport-security']).toBeDefined()
      for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy'])
        expect(answer[documentOnly], `${url}: ${documentOnly}`).toBeUndefined()
    }
  })
})
