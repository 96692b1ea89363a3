// Kept pages with a renderer of the test's own that counts its renders: a page asked for again is
// sent without a render until the indexes or the content change, the minute ends, or it was not
// rendered whole; a results page's queryID is every visitor's own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, vi } from 'vitest'
import { it } from '../../tests/helpers/app-fixture.ts'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'

/**
 * Writes how many pages it rendered; `?search` asks our search service with the page's key for a
 * search with a queryID and carries it as InstantSearch's server state does; `?error` reports a
 * render error; `?unanswered` asks a host that does not answer; `?wait=<ms>` takes that long.
 */
const RENDERER = `
let renders = 0
export async function prepareRender() {}
export function pageModules() { return [] }
export async function renderPage({ url, origin, config, fetch }) {
  renders += 1
  const query = new URL(url, origin).searchParams
  let search = null
  if (query.has('search')) {
    const response = await fetch(origin + '/1/indexes/*/queries', {
      method: 'POST',
      headers: { 'x-algolia-application-id': config.search.appId, 'x-algolia-api-key': config.search.apiKey },
      body: JSON.stringify({ requests: [{ indexName: 'stations', params: 'query=k%C3%B6ln&hitsPerPage=1&clickAnalytics=true' }] }),
    })
    search = { initialResults: { stations: { results: (await response.json()).results } } }
  }
  if (query.has('unanswered')) await fetch('http://127.0.0.1:9/').catch(() => undefined)
  await new Promise((resolve) => setTimeout(resolve, Number(query.get('wait') ?? 0)))
  const data = JSON.stringify({ config, renderedAt: Date.now(), preloaded: {}, content: {}, search })
  return { html: '<p id="rendered">render ' + renders + '</p>', data, errors: query.has('error') ? ['failed'] : [] }
}
`

const rendered = (body: string) => /render (\d+)/.exec(body)?.[1]
const queryIDs = (body: string) => [...body.matchAll(/"queryID":"(\w+)"/g)].map((match) => match[1])

describe('kept pages', () => {
  let app: FastifyInstance
  let contentDir: string
  let root: string

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'bf-kept-pages-'))
    contentDir = join(root, 'content')
    mkdirSync(join(contentDir, 'pages'), { recursive: true })
    writeFileSync(join(contentDir, 'pages', 'hilfe.md'), '---\ntitle: Hilfe\n---\n\nTippen.\n')
    const distDir = join(root, 'dist')
    mkdirSync(distDir)
    writeFileSync(
      join(distDir, 'index.html'),
      '<!doctype html>\n<html lang="de">\n<head>\n<title>Bahnhofsfinder</title>\n</head>\n<body><div id="root"></div></body>\n</html>\n',
    )
    const rendererEntry = join(distDir, 'test-renderer.mjs')
    writeFileSync(rendererEntry, RENDERER)
    const config = loadConfig({ DATA_DIR: join(root, 'data'), CONTENT_DIR: contentDir })
    app = await buildApp(config, { logger: false, distDir, rendererEntry, watchContent: false })
    await app.context.warmUp()
  }, 60_000)

  afterAll(async () => {
    await app?.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('sends a page asked for again without a render, per address and host, until a write or a content edit', async () => {
    const first = await app.inject('/bahnhof/8000207')
    const number = rendered(first.body)
    expect(number).toBeDefined()
    const again = await app.inject({ url: '/bahnhof/8000207', headers: { 'accept-encoding': 'br' } })
    expect(again.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(first.body)
    const gzip = await app.inject({ url: '/bahnhof/8000207', headers: { 'accept-encoding': 'gzip' } })
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body)
    expect(again.headers.etag).toBe(first.headers.etag)
    // Revalidated: unchanged.
    const revalidated = await app.inject({
      url: '/bahnhof/8000207',
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(revalidated.statusCode).toBe(304)

    // Another address, another query, another host: each its own render.
    expect(rendered((await app.inject('/bahnhof/8000207?x=1')).body)).not.toBe(number)
    const otherHost = await app.inject({ url: '/bahnhof/8000207', headers: { host: 'example.org' } })
    expect(rendered(otherHost.body)).not.toBe(number)
    expect(rendered((await app.inject('/bahnhof/8000207')).body)).toBe(number)

    // A write to the stations index: rendered again, then kept again.
    const { appId, adminKey } = app.context.credentials
    const write = await app.inject({
      method: 'POST',
      url: '/1/indexes/stations/8000207/partial',
      headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': adminKey },
      payload: { name: 'Köln Hbf' },
    })
    expect(write.statusCode).toBe(200)
    await app.context.search.idle()
    const afterWrite = rendered((await app.inject('/bahnhof/8000207')).body)
    expect(afterWrite).not.toBe(number)
    expect(rendered((await app.inject('/bahnhof/8000207')).body)).toBe(afterWrite)

    // A content edit: rendered again.
    writeFileSync(join(contentDir, 'pages', 'hilfe.md'), '---\ntitle: Hilfe\n---\n\nTippen und filtern.\n')
    await app.context.content.reload()
    expect(rendered((await app.inject('/bahnhof/8000207')).body)).not.toBe(afterWrite)

    const metrics = app.context.metrics.render()
    expect(metrics).toMatch(/^bahnhofsfinder_page_cache_hits_total [1-9]/m)
    expect(metrics).toMatch(/^bahnhofsfinder_page_cache_misses_total [1-9]/m)
    expect(metrics).toMatch(/^bahnhofsfinder_page_cache_entries [1-9]/m)
    expect(metrics).toMatch(/^bahnhofsfinder_page_cache_bytes [1-9]/m)
  })

  it('keeps no page with a render error or an unanswered request, and none past its minute; renders a page asked for at once once', async () => {
    for (const url of ['/?error', '/?unanswered']) {
      const first = rendered((await app.inject(url)).body)
      expect(rendered((await app.inject(url)).body)).not.toBe(first)
    }
    // Asked for at once, a page is rendered once: the others wait for its kept copy.
    const together = await Promise.all([1, 2, 3].map(() => app.inject('/info/hilfe?wait=300')))
    expect(new Set(together.map((response) => rendered(response.body))).size).toBe(1)
    // 404 pages are kept as well.
    const missing = await app.inject('/bahnhof/none')
    expect(missing.statusCode).toBe(404)
    expect(rendered((await app.inject('/bahnhof/none')).body)).toBe(rendered(missing.body))

    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2026-11-29T10:00:05Z'))
      const first = rendered((await app.inject('/meldungen')).body)
      vi.setSystemTime(new Date('2026-11-29T10:00:59Z'))
      expect(rendered((await app.inject('/meldungen')).body)).toBe(first)
      vi.setSystemTime(new Date('2026-11-29T10:01:00Z'))
      expect(rendered((await app.inject('/meldungen')).body)).not.toBe(first)
    } finally {
      vi.useRealTimers()
    }
  })

  it("keeps a page no longer than until a query rule's validity starts or ends", async () => {
    const { appId, adminKey } = app.context.credentials
    const from = Date.parse('2026-11-29T11:00:30Z') / 1000
    const rule = {
      objectID: 'kept-pages-test',
      conditions: [{ pattern: 'kept-pages-test', anchoring: 'is' }],
      consequence: { params: { hitsPerPage: 1 } },
      validity: [{ from, until: from + 10 }],
    }
    const saved = await app.inject({
      method: 'PUT',
      url: `/1/indexes/stations/rules/${rule.objectID}`,
      headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': adminKey },
      payload: rule,
    })
    expect(saved.statusCode).toBe(200)
    await app.context.search.idle()
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2026-11-29T11:00:05Z'))
      const first = rendered((await app.inject('/info/hilfe?rule')).body)
      vi.setSystemTime(new Date('2026-11-29T11:00:29Z'))
      expect(rendered((await app.inject('/info/hilfe?rule')).body)).toBe(first)
      // The rule applies from now on: the page is rendered again, and kept until the rule ends.
      vi.setSystemTime(new Date('2026-11-29T11:00:30Z'))
      const during = rendered((await app.inject('/info/hilfe?rule')).body)
      expect(during).not.toBe(first)
      vi.setSystemTime(new Date('2026-11-29T11:00:39Z'))
      expect(rendered((await app.inject('/info/hilfe?rule')).body)).toBe(during)
      vi.setSystemTime(new Date('2026-11-29T11:00:40Z'))
      expect(rendered((await app.inject('/info/hilfe?rule')).body)).not.toBe(during)
    } finally {
      vi.useRealTimers()
    }
  })

  it("asks a kept results page's searches again for each visitor, with a queryID of their own", async () => {
    const record = vi.spyOn(app.context.recorder, 'record')
    const first = await app.inject({ url: '/suche?search', remoteAddress: '192.0.2.1' })
    const [firstID] = queryIDs(first.body)
    expect(firstID).toMatch(/^[0-9a-f]{32}$/)
    const again = await app.inject({
      url: '/suche?search',
      remoteAddress: '192.0.2.2',
      headers: { 'accept-encoding': 'br' },
    })
    const page = brotliDecompressSync(again.rawPayload).toString()
    expect(rendered(page)).toBe(rendered(first.body))
    const [ownID] = queryIDs(page)
    expect(ownID).toMatch(/^[0-9a-f]{32}$/)
    expect(ownID).not.toBe(firstID)
    // The data block is JSON still.
    const data = /<script type="application\/json" id="server-data">(.*?)<\/script>/s.exec(page)?.[1]
    expect(JSON.parse(data ?? '').search.initialResults.stations.results[0].queryID).toBe(ownID)
    // Each search recorded for analytics with its visitor's queryID.
    const recorded = record.mock.calls.map(([search]) => search.queryID)
    expect(recorded).toEqual(expect.arrayContaining([firstID, ownID]))
    record.mockRestore()
  })
})
