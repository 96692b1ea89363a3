import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib'
import { describe, expect } from 'vitest'
import { it } from '../tests/helpers/app-fixture.ts'
import { COLOGNE, liftsFromPackage, platformsFromPackage } from '../tests/helpers/station-site.ts'
import { parseConfig } from '../web/shared/config.ts'

describe('health and start-up', () => {
  it('answers 503 until the store is loaded, then 200 ok', async ({ app }) => {
    const before = await app.inject('/healthz')
    expect(before.statusCode).toBe(503)
    await app.context.warmUp()
    const after = await app.inject('/healthz')
    expect(after.statusCode).toBe(200)
    expect(after.json()).toEqual({ status: 'ok' })
    // An empty DATA_DIR was filled by the start-up import.
    expect(app.context.store.recordCount('stations')).toBe(5388)
  })
})

describe('GET /config.json', () => {
  it('gives the web app the search-only key and this origin, never the admin key', async ({ app }) => {
    const response = await app.inject({ url: '/config.json', headers: { host: 'bahnhof.example:8080' } })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    const { credentials } = app.context
    expect(body.search).toEqual({
      appId: 'bahnhofsfinder',
      apiKey: credentials.searchKey,
      indexName: 'stations',
      hosts: [{ url: 'bahnhof.example:8080', protocol: 'http' }],
      insightsHost: 'http://bahnhof.example:8080',
    })
    expect(body.content).toEqual({ url: 'http://bahnhof.example:8080/graphql', token: null })
    expect(response.body).not.toContain(credentials.adminKey)
    // The web app reads it with the same schema the server answers with.
    expect(parseConfig(body)).toEqual(body)
  })

  it('believes forwarded protocol and host only from a trusted proxy', async ({ app, restart }) => {
    const headers = {
      host: '127.0.0.1:3000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'bahnhof.example',
      'x-forwarded-for': '203.0.113.7',
    }
    const direct = (await app.inject({ url: '/config.json', headers })).json()
    expect(direct.content.url).toBe('http://127.0.0.1:3000/graphql')
    // The proxy on this machine (inject answers from 127.0.0.1) forwards a TLS request.
    for (const TRUST_PROXY of ['loopback', '1']) {
      const proxied = await restart({ TRUST_PROXY })
      const body = (await proxied.inject({ url: '/config.json', headers })).json()
      expect(body.search.hosts).toEqual([{ url: 'bahnhof.example', protocol: 'https' }])
      expect(body.content.url).toBe('https://bahnhof.example/graphql')
    }
  })

  it('points the web app at Algolia when an external application is configured', async ({ restart }) => {
    const algolia = await restart({
      PUBLIC_SEARCH_APP_ID: 'LATENCY',
      PUBLIC_SEARCH_API_KEY: '6be0576ff61c053d5f9a3225e2a90f76',
      PUBLIC_CONTENT_URL: 'https://graphql.contentful.com/content/v1/spaces/abc/environments/master',
      PUBLIC_CONTENT_TOKEN: 'delivery-token',
    })
    const body = (await algolia.inject('/config.json')).json()
    expect(body.search).toEqual({
      appId: 'LATENCY',
      apiKey: '6be0576ff61c053d5f9a3225e2a90f76',
      indexName: 'stations',
      hosts: null,
      insightsHost: null,
    })
    expect(body.content).toEqual({
      url: 'https://graphql.contentful.com/content/v1/spaces/abc/environments/master',
      token: 'delivery-token',
    })
  })
})

describe('credentials', () => {
  it('generates strong keys once and keeps them in DATA_DIR', ({ app, dataDir }) => {
    const { adminKey, searchKey } = app.context.credentials
    expect(adminKey).toMatch(/^[0-9a-f]{32}$/)
    expect(searchKey).toMatch(/^[0-9a-f]{32}$/)
    expect(adminKey).not.toBe(searchKey)
    const stored = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8'))
    expect(stored).toEqual({ adminKey, searchKey })
  })

  it('reuses the stored keys on the next start, and lets the environment override them', async ({
    app,
    restart,
  }) => {
    const again = await restart()
    expect(again.context.credentials).toEqual(app.context.credentials)
    const key = 'operator-chosen-key-0001'
    const overridden = await restart({ SEARCH_API_KEY: key })
    expect(overridden.context.credentials.searchKey).toBe(key)
  })
})

describe('web app', () => {
  it('serves index.html for client routes with a CSP that forbids inline scripts', async ({ app }) => {
    const response = await app.inject('/suche?q=k%C3%B6ln')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
    expect(response.headers['cache-control']).toBe('no-cache')
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toMatch(/script-src 'self'(;|$)/)
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it("gives the APIs' answers the security headers of data, and pages those of a document", async ({
    app,
  }) => {
    await app.context.warmUp()
    const { searchKey, appId } = app.context.credentials
    const page = await app.inject('/suche?q=k%C3%B6ln')
    const answers = [
      await app.inject({
        method: 'POST',
        url: `/1/indexes/*/queries?x-algolia-api-key=${searchKey}&x-algolia-application-id=${appId}`,
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ requests: [{ indexName: 'stations', query: 'köln' }] }),
      }),
      // An error is data too, and a request without a key never reaches a route.
      await app.inject('/1/indexes/stations/query'),
      await app.inject('/2/searches'),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 403, 403])
    for (const answer of answers) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/)
      expect(answer.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin')
      expect(answer.headers['strict-transport-security']).toBe(page.headers['strict-transport-security'])
      expect(answer.headers['x-frame-options']).toBe('DENY')
      for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy'])
        expect(answer.headers[documentOnly]).toBeUndefined()
    }
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/)
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('caches hashed assets for a year', async ({ app }) => {
    const response = await app.inject('/assets/main-abc123.js')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('answers 404 with the app for unknown pages and unknown stations', async ({ app }) => {
    expect((await app.inject('/gibt-es-nicht')).statusCode).toBe(404)
    expect((await app.inject('/gibt-es-nicht')).body).toContain('Bahnhofsfinder')
    expect((await app.inject('/bahnhof/0000000')).statusCode).toBe(404)
    expect((await app.inject('/bahnhof/8011160')).statusCode).toBe(200)
  })

  it('sends assets precompressed (brotli, else gzip) when the browser accepts them, with Vary', async ({
    app,
    distDir,
  }) => {
    const original = readFileSync(join(distDir, 'assets', 'app-def456.js'))
    const brotli = await app.inject({
      url: '/assets/app-def456.js',
      // What Chromium sends: the brotli file, not zstd made per request.
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i)
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(brotli.rawPayload)).toEqual(original)
    expect(brotli.rawPayload.length).toBeLessThan(original.length / 10)
    const gzip = await app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload)).toEqual(original)
    const plain = await app.inject({
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload).toEqual(original)
  })

  it('sends pages compressed and revalidated: no-cache, an ETag, 304 while unchanged', async ({ app }) => {
    const first = await app.inject({ url: '/suche?q=ulm', headers: { 'accept-encoding': 'br' } })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain(
      '<title data-server-head>„ulm“ – Bahnhofssuche – Bahnhofsfinder</title>',
    )
    expect(first.headers['cache-control']).toBe('no-cache')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await app.inject({ url: '/suche?q=ulm', headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('compresses API answers over 1 KB per request, and leaves small ones as they are', async ({ app }) => {
    await app.context.warmUp()
    const { appId, adminKey } = app.context.credentials
    const headers = {
      'x-algolia-application-id': appId,
      'x-algolia-api-key': adminKey,
      'accept-encoding': 'br',
    }
    const results = await app.inject({
      method: 'POST',
      url: '/1/indexes/stations/query',
      headers,
      payload: { query: 'köln', hitsPerPage: 20 },
    })
    expect(results.headers['content-encoding']).toBe('br')
    expect(String(results.headers.vary)).toMatch(/accept-encoding/i)
    const body = JSON.parse(brotliDecompressSync(results.rawPayload).toString()) as { hits: unknown[] }
    expect(body.hits).toHaveLength(20)
    // Each a search not asked before: a repeated one goes out as its kept gzip (repeated-answers.test.ts).
    const searchAccepting = (acceptEncoding: string, query: string) =>
      app.inject({
        method: 'POST',
        url: '/1/indexes/stations/query',
        headers: { ...headers, 'accept-encoding': acceptEncoding },
        payload: { query },
      })
    const gzip = await searchAccepting('gzip', 'köln')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toMatchObject({ query: 'köln' })
    // What Chromium sends: zstd is preferred where the browser offers it.
    const zstd = await searchAccepting('gzip, deflate, br, zstd', 'ulm')
    expect(zstd.headers['content-encoding']).toBe('zstd')
    expect(JSON.parse(zstdDecompressSync(zstd.rawPayload).toString())).toMatchObject({ query: 'ulm' })
    // What Safari sends: gzip, whose context is kept, before brotli, whose context is made per answer.
    const safari = await searchAccepting('gzip, deflate, br', 'bonn')
    expect(safari.headers['content-encoding']).toBe('gzip')
    const small = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toEqual({ status: 'ok' })
  })

  it('answers 404 JSON for unknown files and API paths', async ({ app }) => {
    const response = await app.inject('/assets/missing-000.js')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ status: 404 })
  })
})

describe('found and previewed', () => {
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script data-server-head type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
    )

  it('a station page carries its title, description, canonical URL, preview tags and JSON-LD', async ({
    app,
  }) => {
    await app.context.warmUp()
    const response = await app.inject({ url: '/bahnhof/8000207', headers: { host: 'bahnhof.example' } })
    expect(response.statusCode).toBe(200)
    const html = response.body
    expect(html).toContain('<title data-server-head>Köln Hbf – Bahnhofsfinder</title>')
    expect(html).toMatch(
      /<meta data-server-head name="description" content="Köln Hbf \(Köln, Nordrhein-Westfalen\): /,
    )
    expect(html).toContain(
      '<link data-server-head rel="canonical" href="http://bahnhof.example/bahnhof/8000207" />',
    )
    expect(html).toContain(
      '<meta data-server-head property="og:title" content="Köln Hbf – Bahnhofsfinder" />',
    )
    expect(html).toContain('<meta data-server-head name="twitter:card" content="summary" />')
    expect(html).toContain('<html lang="de">')
    expect(html.match(/<title/g)).toHaveLength(1)
    const [station, breadcrumbs] = jsonLd(html)
    expect(station).toMatchObject({
      '@type': 'TrainStation',
      name: 'Köln Hbf',
      address: {
        '@type': 'PostalAddress',
        postalCode: '50667',
        addressLocality: 'Köln',
        addressCountry: 'DE',
      },
      geo: { '@type': 'GeoCoordinates', latitude: expect.any(Number), longitude: expect.any(Number) },
    })
    expect(station?.openingHoursSpecification).toContainEqual(
      expect.objectContaining({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: 'https://schema.org/Monday',
      }),
    )
    expect(station?.amenityFeature).toContainEqual({
      '@type': 'LocationFeatureSpecification',
      name: 'Stufenfreier Zugang',
      value: true,
    })
    // The train types, each platform height (highest first) and the number of lifts, from the packages.
    const heights = [...new Set(platformsFromPackage(COLOGNE).map((platform) => platform.height))]
    const lifts = liftsFromPackage(COLOGNE).length
    expect(heights.length).toBeGreaterThan(1)
    expect(lifts).toBeGreaterThan(0)
    expect(station?.additionalProperty).toEqual([
      ...['ICE', 'IC/EC', 'RE/RB', 'S-Bahn'].map((value) => ({
        '@type': 'PropertyValue',
        name: 'Zug',
        value,
      })),
      ...heights
        .sort((a, b) => b - a)
        .map((value) => ({
          '@type': 'PropertyValue',
          name: 'Bahnsteighöhe',
          value,
          unitCode: 'CMT',
          unitText: 'cm',
        })),
      { '@type': 'PropertyValue', name: 'Aufzüge', value: lifts },
    ])
    expect(station?.amenityFeature).toContainEqual({
      '@type': 'LocationFeatureSpecification',
      name: 'Aufzug',
      value: true,
    })
    expect(html).toMatch(
      /<meta data-server-head name="description" content="[^"]*Züge: ICE, IC\/EC, RE\/RB, S-Bahn/,
    )
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Bahnhofsfinder' },
        { position: 2, name: 'Köln' },
        { position: 3, name: 'Köln Hbf' },
      ],
    })
  })

  it('English pages under /en say so and name their German twins, which name them back', async ({ app }) => {
    await app.context.warmUp()
    const host = { host: 'bahnhof.example' }
    const english = (await app.inject({ url: '/en/bahnhof/8000207', headers: host })).body
    expect(english).toContain('<html lang="en">')
    expect(english).toMatch(
      /<meta data-server-head name="description" content="Köln Hbf \(Köln, [^)]*\): address, /,
    )
    expect(english).toContain(
      '<link data-server-head rel="canonical" href="http://bahnhof.example/en/bahnhof/8000207" />',
    )
    expect(english).toContain('<meta data-server-head property="og:locale" content="en_GB" />')
    const german = (await app.inject({ url: '/bahnhof/8000207', headers: host })).body
    for (const html of [english, german]) {
      expect(html).toContain(
        '<link data-server-head rel="alternate" hreflang="de" href="http://bahnhof.example/bahnhof/8000207" />',
      )
      expect(html).toContain(
        '<link data-server-head rel="alternate" hreflang="en" href="http://bahnhof.example/en/bahnhof/8000207" />',
      )
      expect(html).toContain(
        '<link data-server-head rel="alternate" hreflang="x-default" href="http://bahnhof.example/bahnhof/8000207" />',
      )
    }
    // A search's twin is the same search: the query and filters keep their one spelling.
    const search = (await app.inject({ url: '/en/suche?q=k%C3%B6ln&bundesland=Bayern', headers: host })).body
    expect(search).toContain('<html lang="en">')
    expect(search).toContain(
      'hreflang="de" href="http://bahnhof.example/suche?q=k%C3%B6ln&amp;bundesland=Bayern" />',
    )
    const home = await app.inject({ url: '/en', headers: host })
    expect(home.statusCode).toBe(200)
    expect(home.body).toContain(
      '<title data-server-head>Bahnhofsfinder – find railway stations in Germany</title>',
    )
    expect(home.body).toContain('hreflang="de" href="http://bahnhof.example/" />')
    // A CMS page's head in the language it was written in.
    const about = (await app.inject({ url: '/en/info/ueber', headers: host })).body
    expect(about).toContain('<title data-server-head>About Bahnhofsfinder – Bahnhofsfinder</title>')
    const missing = await app.inject({ url: '/en/bahnhof/0000000', headers: host })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('<title data-server-head>Page not found – Bahnhofsfinder</title>')
    expect(missing.body).not.toContain('hreflang')
  })

  it('result pages are noindex, follow; unknown pages stay 404 and noindex; CMS pages carry their summary', async ({
    app,
  }) => {
    const results = await app.inject('/suche?q=k%C3%B6ln')
    expect(results.body).toContain('<meta data-server-head name="robots" content="noindex, follow" />')
    expect(results.body).not.toContain('rel="canonical"')
    for (const url of ['/bahnhof/0000000', '/gibt-es-nicht', '/info/gibt-es-nicht']) {
      const missing = await app.inject(url)
      expect(missing.statusCode, url).toBe(404)
      expect(missing.body).toContain('<meta data-server-head name="robots" content="noindex" />')
    }
    const help = await app.inject('/info/hilfe')
    expect(help.body).toContain('<title data-server-head>Hilfe zur Suche – Bahnhofsfinder</title>')
    expect(help.body).toContain(
      'content="Suche beim Tippen, Tippfehler, Filter, Sortierung und die Karte – kurz erklärt."',
    )
  })

  it('a station name cannot break out of the head: text is escaped, JSON-LD has no "<"', async ({ app }) => {
    const { search } = app.context
    const { taskIDs } = search.batch([
      {
        action: 'updateObject',
        indexName: 'stations',
        body: {
          ...(search.getObject('stations', '8000207') as Record<string, unknown>),
          objectID: 'xss-1',
          name: '</script><script>alert(1)</script> "Bahnhof"',
        },
      },
    ])
    expect(taskIDs.size).toBeGreaterThan(0)
    await search.idle()
    const html = (await app.inject('/bahnhof/xss-1')).body
    expect(html).not.toContain('<script>alert(1)')
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Bahnhof&quot;')
    expect(jsonLd(html)[0]?.name).toBe('</script><script>alert(1)</script> "Bahnhof"')
  })

  it('/sitemap.xml lists every station, page and notice with its last change; /robots.txt points to it', async ({
    app,
  }) => {
    const sitemap = await app.inject({ url: '/sitemap.xml', headers: { host: 'bahnhof.example' } })
    expect(sitemap.statusCode).toBe(200)
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/)
    const stations = sitemap.body.match(
      /<loc>http:\/\/bahnhof\.example\/bahnhof\/[^<]+<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/g,
    )
    // The stations, and the one added by the test above, each in German and English.
    expect(stations?.length).toBe(5389)
    const english = sitemap.body.match(/<loc>http:\/\/bahnhof\.example\/en\/bahnhof\/[^<]+<\/loc>/g)
    expect(english?.length).toBe(5389)
    // Each page lists its twins, itself among them, German as the default.
    expect(sitemap.body).toContain('<url><loc>http://bahnhof.example/en/info/hilfe</loc>')
    const help = /<url><loc>http:\/\/bahnhof\.example\/info\/hilfe<\/loc>.*?<\/url>/.exec(sitemap.body)?.[0]
    expect(help).toContain(
      '<xhtml:link rel="alternate" hreflang="de" href="http://bahnhof.example/info/hilfe"/>',
    )
    expect(help).toContain(
      '<xhtml:link rel="alternate" hreflang="en" href="http://bahnhof.example/en/info/hilfe"/>',
    )
    expect(help).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="http://bahnhof.example/info/hilfe"/>',
    )
    expect(sitemap.body).toContain('<url><loc>http://bahnhof.example/en</loc>')
    expect(sitemap.body).toMatch(
      /<loc>http:\/\/bahnhof\.example\/info\/hilfe<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/,
    )
    expect(sitemap.body).toMatch(/<loc>http:\/\/bahnhof\.example\/meldungen\/[a-z0-9-]+<\/loc>/)
    const robots = await app.inject({ url: '/robots.txt', headers: { host: 'bahnhof.example' } })
    expect(robots.body).toContain('Sitemap: http://bahnhof.example/sitemap.xml')
    expect(robots.body).toContain('Disallow: /1/')
  })
})
