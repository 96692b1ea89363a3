// Replays the official clients' request fixtures (../shared/algolia-api/cts) against the server:
// each request must reach its route and parse; the indexes the fixtures name exist with a few
// records, so searches, settings and writes really run.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect } from 'vitest'
import { readEvents } from '../../server/search/insights/event-validation.ts'
import { documentedSupport } from '../helpers/parameter-audit.ts'
import { it } from './fixture.ts'
import { responseProblems } from './openapi.ts'

const CTS_DIR = fileURLToPath(new URL('../../../shared/algolia-api/cts/', import.meta.url))

interface Fixture {
  testName?: string
  request: { path: string; method: string; body?: unknown; queryParameters?: Record<string, string> }
  response?: { statusCode: number; body?: unknown }
}

/** Every fixture file is replayed: search, insights and recommend. */
const files = readdirSync(CTS_DIR).filter((file) => file.endsWith('.json'))

/**
 * Fixtures whose placeholder values are not valid for Algolia either: they must still reach their
 * route and fail as a 400 that names the problem, never a crash. All-parameters fixtures with such
 * values are in REPLAY_WITHOUT instead: they must pass once those parameters are left out.
 */
const EXPECTED_400: Record<string, RegExp> = {
  // Batch placeholders without an objectID for actions that need one.
  'search.batch.json/deleteObject': /objectID/,
  'search.batch.json/partialUpdateObject': /objectID/,
  'search.batch.json/partialUpdateObjectNoCreate': /objectID/,
  'search.batch.json/updateObject': /objectID/,
  // "mySearch:filters" is no numeric comparison.
  'search.search.json/search filters accept all of the possible shapes': /numericFilters|numeric/i,
  // The browse cursor "test" was not issued by this server.
  'search.browse.json/browse allow a cursor in parameters': /cursor/,
  'search.browse.json/browse with query string': /cursor/,
  // Malformed in Algolia too: the inner quotes end the string early.
  'search.searchSingleIndex.json/escape_double_quotes': /filters/,
}

/** The parameters whose placeholder values an all-parameters fixture's 400s name, one at a time. */
const REPLAY_WITHOUT: Record<string, string[]> = {
  // "bar" names no attribute.
  'search.searchForFacetValues.json/get searchForFacetValues results with all parameters': ['facetFilters'],
  // "algolia" is no language for decompoundedAttributes, nor an asc()/desc() customRanking.
  'search.setSettings.json/everything': ['decompoundedAttributes', 'customRanking'],
}

it.beforeAll(async ({ server }) => {
  const names = new Set<string>()
  for (const file of files) {
    for (const fixture of JSON.parse(readFileSync(`${CTS_DIR}${file}`, 'utf8')) as Fixture[]) {
      const match = /^\/1\/indexes\/([^/]+)/.exec(fixture.request.path)
      if (match && match[1] !== '*') names.add(decodeURIComponent(match[1]!))
      for (const request of (fixture.request.body as { requests?: { indexName?: string }[] })?.requests ??
        []) {
        if (request.indexName) names.add(request.indexName)
      }
    }
  }
  const client = server.client()
  for (const indexName of names) {
    await client.saveObjects({
      indexName,
      objects: [
        {
          objectID: '1',
          editor: 'visual studio',
          title: 'batman mask of the phantasm',
          price: 5,
          tags: ['algolia'],
        },
        { objectID: '2', editor: 'neovim', title: 'vim', price: 15, _tags: ['non-fiction'] },
      ],
    })
    // The facet names the fixtures search in (facet-value search needs searchable()).
    const attributesForFaceting = ['editor', 'author', 'genre', 'theFacet', 'facetName'].map(
      (a) => `searchable(${a})`,
    )
    await client.setSettings({ indexName, indexSettings: { attributesForFaceting } })
  }
})

/** The fixtures' `${{nowRounded}}` placeholder (a CTS template, not a JS one) becomes now. */
const NOW_PLACEHOLDER = ['"$', '{{nowRounded}}"'].join('')
function withNow(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null).replaceAll(NOW_PLACEHOLDER, String(Date.now())))
}

/** The request without a parameter, wherever it appears (top level, multi-query items, `params` strings). */
function withoutParameter(value: unknown, name: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutParameter(item, name))
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    if (key === name) continue
    if (key === 'params' && typeof item === 'string') {
      const params = new URLSearchParams(item)
      params.delete(name)
      out[key] = params.toString()
    } else out[key] = withoutParameter(item, name)
  }
  return out
}

/** Parameters the service refused in some fixture (each must be marked refused by the audit). */
const refusedSeen = new Set<string>()

describe.each(files)('%s', (file) => {
  const fixtures = JSON.parse(readFileSync(`${CTS_DIR}${file}`, 'utf8')) as Fixture[]
  it.for(fixtures.map((fixture, i) => [fixture.testName ?? `#${i}`, fixture] as const))(
    '%s',
    async ([name, fixture], { server }) => {
      const { path, method, body, queryParameters } = fixture.request
      if (path === '/1/events') {
        // Event timestamps in the fixtures are years old: Algolia would refuse them at ingestion,
        // so only the parsing is checked here.
        expect(readEvents(withNow(body)).length).toBeGreaterThan(0)
        return
      }
      const query = queryParameters ? `?${new URLSearchParams(queryParameters)}` : ''
      let sent = body === undefined ? undefined : withNow(body)
      let response = await server.request(method, `${path}${query}`, sent)
      let message = (response.body as { message?: string }).message ?? ''
      // A parameter the service refuses by design answers a 400 naming it (see the parameter audit);
      // so does the placeholder value an all-parameters fixture is expected to fail on. The request
      // goes again without it, so that every other parameter of the fixture is parsed.
      const key = `${file}/${name}`
      const placeholders = REPLAY_WITHOUT[key] ?? []
      const dropped = new Set<string>()
      for (;;) {
        const refused = /^Unsupported parameter: (\w+)/.exec(message)?.[1]
        let drop: string
        if (refused !== undefined) {
          expect(response.status).toBe(400)
          expect(documentedSupport().get(refused), refused).toBe('refused')
          expect(refusedSeen.has(`${key}/${refused}`), `${refused} refused twice`).toBe(false)
          refusedSeen.add(`${key}/${refused}`)
          drop = refused
        } else {
          const placeholder = placeholders.find((p) => !dropped.has(p) && message.includes(p))
          if (response.status !== 400 || placeholder === undefined) break
          dropped.add(placeholder)
          drop = placeholder
        }
        sent = withoutParameter(sent, drop)
        response = await server.request(method, `${path}${query}`, sent)
        message = (response.body as { message?: string }).message ?? ''
      }
      expect(message, 'reaches a route').not.toMatch(/^Cannot (GET|POST|PUT|DELETE) \//)
      expect([...dropped], 'fails on each placeholder').toEqual(placeholders)
      const expected400 = EXPECTED_400[key]
      if (expected400) {
        expect(response.status).toBe(400)
        expect(message).toMatch(expected400)
        return
      }
      expect({ status: response.status, message }).toMatchObject({ status: expect.any(Number) })
      expect(response.status, message).toBeLessThan(300)
      expect(responseProblems(method, path, response.body)).toEqual([])
      if (name === 'search filters end to end') {
        // Algolia's own end-to-end fixture records its answer on the same two records: quoted
        // values in both syntaxes, and groups nested three deep, give the same counts here.
        const recorded = (fixture.response!.body as { results: { nbHits: number }[] }).results
        const ours = (response.body as { results: { nbHits: number }[] }).results
        expect(ours.map((r) => r.nbHits)).toEqual(recorded.map((r) => r.nbHits))
      }
    },
  )
})
