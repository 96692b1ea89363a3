// A seeded fuzz run of hostile requests across every route the app serves (fast-check): whatever
// a stranger sends, the server answers without a 5xx, in JSON on its APIs, a refused write changes
// nothing, and /healthz answers throughout. Among them, requests built to cost (long parameter
// lists, huge polygons, many boxes, floods of insights events), which also run two at a time over
// real connections beside a /healthz probe on a thread of its own: no request may keep /healthz
// waiting for long. FUZZ_SEED replays a run (the seed is printed when one fails); FUZZ_RUNS sets
// the count (default 25,000, about 10 s), COSTLY_RUNS the costly pairs (default 60).
import * as fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect } from 'vitest'
import { COSTLY_SEARCHES, eventFlood } from '../helpers/costly-searches.ts'
import { type HealthProbe, healthProbe } from '../helpers/health-probe.ts'
import { it, type SearchServer } from './fixture.ts'

const RUNS = Number(process.env.FUZZ_RUNS ?? 25_000)
const COSTLY_RUNS = Number(process.env.COSTLY_RUNS ?? 60)
const SEED = process.env.FUZZ_SEED === undefined ? Date.now() % 2_147_483_647 : Number(process.env.FUZZ_SEED)

/**
 * How long /healthz may wait beside the costly requests. Generous, as timings on a shared machine
 * must be (an idle server's probe here waits up to ~300 ms at a load average of 27); before the
 * work budget one of these requests kept it waiting 1–85 s. The run prints what it measured.
 */
const HEALTH_WAIT_MS = 2000

/** The costly searches as bodies (built once: the largest is 7 MB of JSON). */
const COSTLY_BODIES = Object.values(COSTLY_SEARCHES).map((params) => JSON.stringify(params))
const COSTLY_MULTI = Object.values(COSTLY_SEARCHES).map((params) =>
  JSON.stringify({
    requests: [
      { indexName: 'stations', ...params },
      { indexName: 'stations', ...params },
    ],
  }),
)
const EVENT_FLOOD = JSON.stringify(eventFlood('stations'))
/** Those the random requests carry to any route (the 7 MB one only goes to the search routes). */
const COSTLY_ANYWHERE = [...COSTLY_BODIES, ...COSTLY_MULTI, EVENT_FLOOD].filter((body) => body.length < 1e6)

interface Route {
  path: string
  methods: string[]
}

/** Every route of the app, read from Fastify's own route tree (`printRoutes`). */
function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = []
  const stack: Array<{ depth: number; path: string }> = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)(?:[└├]── )?(\S+) \(([^)]+)\)$/.exec(line.trimEnd())
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    const segment = match[2] ?? ''
    while (stack.length > 0 && (stack.at(-1)?.depth ?? 0) >= depth) stack.pop()
    const parent = stack.at(-1)?.path ?? ''
    const path =
      segment.startsWith('/') || parent.endsWith('/') ? `${parent}${segment}` : `${parent}/${segment}`
    stack.push({ depth, path })
    routes.push({ path, methods: (match[3] ?? '').split(', ').filter((method) => method !== 'HEAD') })
  }
  return routes
}

/** A chain of objects and arrays, as JSON text (JSON.stringify itself fails at such depths). */
function nestedJson(depth: number): string {
  const open: string[] = []
  const close: string[] = []
  for (let level = 0; level < depth; level++) {
    open.push(level % 2 === 0 ? '{"a":' : '[')
    close.push(level % 2 === 0 ? '}' : ']')
  }
  return `${open.reverse().join('')}1${close.join('')}`
}

const SEARCH_ROUTES =
  /\/(query|queries|browse|facets\/[^/]+\/query|objects|recommendations|search)$|^\/1\/events$/

const texts = fc.oneof(
  fc.constantFrom(
    'köln',
    '',
    ' ',
    '*',
    '"',
    "'",
    '\\',
    '%',
    '%00',
    '\u202Eabc',
    'a'.repeat(600),
    '🚆',
    '__proto__',
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
)

const paramNames = fc.constantFrom(
  'query',
  'filters',
  'facetFilters',
  'numericFilters',
  'optionalFilters',
  'hitsPerPage',
  'page',
  'length',
  'offset',
  'facets',
  'maxValuesPerFacet',
  'attributesToRetrieve',
  'attributesToHighlight',
  'attributesToSnippet',
  'aroundLatLng',
  'aroundRadius',
  'insideBoundingBox',
  'insidePolygon',
  'getRankingInfo',
  'distinct',
  'typoTolerance',
  'ruleContexts',
  'cursor',
  'facetQuery',
  'maxFacetHits',
  'responseFields',
  'removeWordsIfNoResults',
  'optionalWords',
  'similarQuery',
  '__proto__',
  'constructor',
)

const paramValues = fc.oneof(
  texts,
  fc.integer({ min: -5, max: 5000 }),
  fc.constantFrom(1e308, -0, Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(texts, fc.array(texts, { maxLength: 3 })), { maxLength: 4 }),
)

const searchParams = fc.dictionary(paramNames, paramValues, { maxKeys: 6 })

const searchRequest = fc.record(
  {
    indexName: fc.constantFrom('stations', 'fuzz', '*', '', 'stations_query_suggestions'),
    type: fc.constantFrom('default', 'facet', 'browse', 'x'),
    facet: fc.constantFrom('federalState', 'category', 'x'),
    params: fc.oneof(searchParams, texts),
    query: texts,
    hitsPerPage: fc.integer({ min: 0, max: 1000 }),
  },
  { requiredKeys: ['indexName'] },
)

const record = fc.record(
  { objectID: fc.oneof(texts, fc.integer()), name: texts, tags: fc.array(texts, { maxLength: 3 }) },
  { requiredKeys: [] },
)

const bodies = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 2 },
  { arbitrary: searchParams.map((params) => JSON.stringify(params)), weight: 3 },
  {
    arbitrary: fc
      .record({
        requests: fc.array(searchRequest, { maxLength: 60 }),
        strategy: fc.constantFrom('none', 'stopIfEnoughMatches', 'x'),
      })
      .map((body) => JSON.stringify(body)),
    weight: 4,
  },
  {
    arbitrary: fc
      .array(
        fc.record({
          action: fc.constantFrom(
            'addObject',
            'updateObject',
            'partialUpdateObject',
            'deleteObject',
            'clear',
            'x',
          ),
          body: record,
          indexName: fc.constantFrom('fuzz', 'fuzz_2', ''),
        }),
        { maxLength: 5 },
      )
      .map((requests) => JSON.stringify({ requests })),
    weight: 2,
  },
  { arbitrary: record.map((value) => JSON.stringify(value)), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)), weight: 2 },
  { arbitrary: fc.integer({ min: 65, max: 20_000 }).map(nestedJson), weight: 1 },
  { arbitrary: fc.constantFrom(...COSTLY_ANYWHERE), weight: 1 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '{"requests":[{"indexName":"stations","params":"hitsPerPage=1000&facets=*"}]}',
      '{"query":"{ __typename }","variables":"{not json"}',
      '{"query":"query { entryCollection(limit: 1000) { items { sys { id } } } }"}',
      `{"query":"${'{ a '.repeat(200)}"}`,
      '[]',
      'null',
      '{',
    ),
    weight: 1,
  },
)

interface Identity {
  appId?: string
  apiKey?: string
}

function fuzzRequest(routes: Route[]) {
  return fc.record({
    route: fc.constantFrom(...routes),
    method: fc.oneof(
      { arbitrary: fc.constant(''), weight: 8 },
      { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'), weight: 1 },
    ),
    name: fc.oneof(
      { arbitrary: fc.constantFrom('fuzz', 'fuzz_2', '*', 'stations'), weight: 6 },
      { arbitrary: texts.map((text) => encodeURIComponent(text) || 'x'), weight: 2 },
      { arbitrary: fc.constantFrom('..%2F..%2Fetc', '%E0%A4%A', '%00', 'a'.repeat(600)), weight: 1 },
    ),
    identity: fc.oneof(
      { arbitrary: fc.constant('admin' as const), weight: 4 },
      { arbitrary: fc.constant('search' as const), weight: 4 },
      {
        arbitrary: fc.constantFrom(
          'wrong' as const,
          'none' as const,
          'secured-junk' as const,
          'query-string' as const,
        ),
        weight: 2,
      },
    ),
    query: fc.dictionary(
      fc.oneof(paramNames, fc.constantFrom('x-algolia-api-key', 'index', 'limit')),
      texts,
      {
        maxKeys: 3,
      },
    ),
    body: bodies,
    contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
    host: fc.oneof(
      { arbitrary: fc.constant('127.0.0.1'), weight: 9 },
      {
        arbitrary: fc.constantFrom(
          '[bad',
          'a b',
          'x:99999999',
          '',
          '[:::]',
          '999.1.1.1',
          'LOCALHOST:80',
          '0x7f.1',
        ),
        weight: 1,
      },
    ),
  })
}

/** What a refused write must leave as it was: task log, keys and insights events. */
function fingerprint(server: SearchServer): string {
  const { db, search } = server.app.context
  return JSON.stringify([
    search.lastTaskID(),
    db.prepare('SELECT * FROM api_keys ORDER BY value').all(),
    db.prepare('SELECT count(*) AS events FROM insights_events').get(),
  ])
}

describe('hostile requests, fuzzed', () => {
  let probe: HealthProbe | undefined
  afterAll(async () => probe?.stop())

  // First: the random requests below may delete the stations index (the admin key is among them).
  it(`answers ${COSTLY_RUNS} pairs of costly requests at once, /healthz waiting less than ${HEALTH_WAIT_MS} ms beside them`, {
    timeout: 600_000,
  }, async ({ server }) => {
    probe = healthProbe(server.url)
    await probe.ready()
    const headers = (key: string) => ({ 'x-algolia-application-id': server.appId, 'x-algolia-api-key': key })
    const send = async (path: string, body: string, key = server.searchKey) => {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: headers(key), body })
      await response.text()
      return response.status
    }
    const names = Object.keys(COSTLY_SEARCHES)
    const costly = fc.record({
      search: fc.nat({ max: names.length - 1 }),
      route: fc.constantFrom('query', 'queries', 'facets', 'browse', 'recommendations', 'events'),
    })
    const statuses = new Map<string, number>()
    const run = async ({ search, route }: { search: number; route: string }): Promise<void> => {
      const params = COSTLY_SEARCHES[names[search]!]!
      let status: number
      switch (route) {
        case 'queries':
          status = await send('/1/indexes/*/queries', COSTLY_MULTI[search]!)
          break
        case 'facets':
          status = await send('/1/indexes/stations/facets/federalState/query', COSTLY_BODIES[search]!)
          break
        case 'browse':
          status = await send('/1/indexes/stations/browse', COSTLY_BODIES[search]!, server.adminKey)
          break
        case 'recommendations':
          status = await send(
            '/1/indexes/*/recommendations',
            JSON.stringify({
              requests: [
                { indexName: 'stations', model: 'trending-items', threshold: 0, queryParameters: params },
              ],
            }),
          )
          break
        case 'events':
          status = await send('/1/events', EVENT_FLOOD)
          break
        default:
          status = await send('/1/indexes/stations/query', COSTLY_BODIES[search]!)
      }
      const key = `${route} ${names[search]}`
      expect([200, 400], `${key}: ${status}`).toContain(status)
      statuses.set(`${status}`, (statuses.get(`${status}`) ?? 0) + 1)
    }
    await fc.assert(
      fc.asyncProperty(costly, costly, async (first, second) => {
        await Promise.all([run(first), run(second)])
      }),
      { seed: SEED, numRuns: COSTLY_RUNS, endOnFailure: true },
    )
    const health = await probe.results()
    await probe.stop()
    probe = undefined
    const worst = Math.max(...health.map((entry) => entry.ms))
    const summary = [...statuses].map(([status, n]) => `${status}×${n}`).join(' ')
    console.log(
      `costly: ${COSTLY_RUNS} pairs (seed ${SEED}), statuses ${summary}; /healthz ${health.length} probes, worst ${worst.toFixed(1)} ms`,
    )
    expect(health.filter((entry) => entry.status !== 200)).toEqual([])
    expect(worst).toBeLessThan(HEALTH_WAIT_MS)
  })

  it(`answers ${RUNS.toLocaleString('en-US')} hostile requests without a 5xx, in JSON, changing nothing it refuses`, {
    timeout: 240_000,
  }, async ({ server }) => {
    probe = healthProbe(server.url)
    await probe.ready()
    const routes = routesOf(server.app)
    expect(routes.length).toBeGreaterThan(40)
    const keys: Record<string, Identity> = {
      admin: { appId: server.appId, apiKey: server.adminKey },
      search: { appId: server.appId, apiKey: server.searchKey },
      wrong: { appId: server.appId, apiKey: 'x'.repeat(32) },
      none: {},
      'secured-junk': {
        appId: server.appId,
        apiKey: `${Buffer.from(`${'0'.repeat(64)}filters=x`).toString('base64')}==A`,
      },
    }
    const statuses = new Map<number, number>()
    let count = 0
    await fc.assert(
      fc.asyncProperty(fuzzRequest(routes), async (request) => {
        const methods = request.route.methods
        const method = request.method || methods[count % methods.length] || 'GET'
        count += 1
        const path = request.route.path.replace(/:[A-Za-z]+/g, () => request.name)
        const query = new URLSearchParams()
        for (const [name, value] of Object.entries(request.query)) query.append(name, value)
        const identity = request.identity === 'query-string' ? {} : (keys[request.identity] ?? {})
        if (request.identity === 'query-string') {
          query.set('x-algolia-application-id', server.appId)
          query.set('x-algolia-api-key', server.searchKey)
        }
        const headers: Record<string, string> = { host: request.host }
        if (identity.appId) headers['x-algolia-application-id'] = identity.appId
        if (identity.apiKey) headers['x-algolia-api-key'] = identity.apiKey
        if (request.contentType && request.body !== undefined) headers['content-type'] = request.contentType
        const isWrite =
          method !== 'GET' && path.startsWith('/1/') && !SEARCH_ROUTES.test(path.split('?')[0] ?? '')
        const before = isWrite ? fingerprint(server) : ''
        const search = query.toString()
        const response = await server.app.inject({
          method: method as 'GET',
          url: search ? `${path}?${search}` : path,
          headers,
          ...(request.body !== undefined && method !== 'GET' ? { payload: request.body } : {}),
        })
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
        const where = `${method} ${path}?${search} ${String(request.body).slice(0, 300)}`
        const api = /^\/(1|2|graphql|config\.json|healthz|metrics)(\/|$|\?)/.test(path)
        // Unit tests run before the web app is built: its pages then say so (503), which is no fault.
        const unbuilt = !api && response.statusCode === 503 && response.body.startsWith('Web app not built')
        if (!unbuilt)
          expect(response.statusCode, `${where} → ${response.body.slice(0, 300)}`).toBeLessThan(500)
        // Prometheus's text format is the one answer of an API path that is not JSON.
        const metrics = path.startsWith('/metrics') && response.statusCode === 200
        if (
          api &&
          !metrics &&
          method !== 'OPTIONS' &&
          response.statusCode !== 204 &&
          response.statusCode !== 304
        ) {
          expect(response.headers['content-type'], where).toMatch(/^application\/json/)
          expect(() => JSON.parse(response.body), where).not.toThrow()
          expect(response.body, where).not.toMatch(/Maximum call stack|at [\w.]+ \(.*:\d+:\d+\)/)
        }
        if (isWrite && response.statusCode >= 400)
          expect(fingerprint(server), `${where}: a refused write changed state`).toBe(before)
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    )
    // The health probe answered throughout, and every one of its answers was ok.
    const health = await probe.results()
    await probe.stop()
    probe = undefined
    const sorted = health.map((entry) => entry.ms).sort((a, b) => a - b)
    const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`)
    console.log(
      `fuzz: ${count} requests (seed ${SEED}), statuses ${summary.join(' ')}; /healthz ${health.length} probes, ` +
        `p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
    )
    expect(count).toBe(RUNS)
    expect(health.length).toBeGreaterThan(10)
    expect(health.filter((entry) => entry.status !== 200)).toEqual([])
    expect(sorted.at(-1)).toBeLessThan(HEALTH_WAIT_MS)
  })
})
