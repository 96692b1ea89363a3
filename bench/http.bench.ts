// `npm run bench:http`: throughput of the search API under load, over loopback only.
// The server is the production entry point (`node server/main.ts`) in its own process with a fresh
// DATA_DIR; autocannon drives it from this process, so the two never share an event loop (they do
// share the machine's cores: the table reports both processes' CPU). Each scenario gets a short
// unmeasured warm-up, then runs for a fixed time (or until a request cap) and stops by itself.
// Before the first scenario the server warms up once on every scenario's requests: a serving
// process fresh from its start collects its whole heap several times in its first half minute
// under load (V8 sizes the old generation up step by step), and the first scenario measured
// right after start paid for that (as-you-type p99 16–20 ms measured first, 10–12 ms when the
// same scenario ran again last).
// Any connection error, timeout or non-2xx answer fails the run after the table is printed.
// The server runs as it runs in production: WORKERS processes (default: one per core; WORKERS=1
// for a single process). Before the load, this process times the engine alone on each search
// scenario's queries (the same index, settings and records, no HTTP, no protocol; the median of
// seven rounds after a second's warm-up): the share of
// the engine's limit is requests/s ÷ (cores ÷ engine time per request), 1.0 being every core busy
// with nothing but the engine. Each search scenario also runs with its answers compressed (zstd, br
// and gzip each alone, then all four as browsers ask). A kept answer goes out compressed from
// pieces made once (brotli 10, gzip 9, zstd 6, in the client's coding; browsers get brotli); an
// answer searched now is compressed per answer (zstd 3, brotli 1, gzip 1). Beside each figure, what
// this benchmark printed before searches ran on every core.
// The search scenarios repeat their bodies, as visitors do (every first request is the same but
// for the visitor's user token), so the server answers nearly all of them from the answers it
// keeps; SEARCH_ANSWER_CACHE_MB=0 (passed to the server like every variable) measures every
// request searched.
// The page scenarios "each rendered" ask for a different page every time (a results page per
// station's name, every station's page), so each is rendered; the "kept" ones ask four pages again
// and again, sent from their kept copies. Searches beside pages run beside rendered results pages.
// After the server has stopped, the uncompressed search scenarios run once more against each of three
// floors: the same requests answered with the bytes the server answered them with, on as many
// processes, with the same load generator, by a bare node:http server (bench/transport-floor.ts),
// by Fastify with no plugins (bench/fastify-floor.ts) and by the server's own Fastify stack with
// no route work (bench/stack-floor.ts).
//   BENCH_HTTP_SECONDS (10)  BENCH_HTTP_CONNECTIONS (10)  BENCH_HTTP_WARMUP_SECONDS (2)
//   BENCH_HTTP_SERVER_WARMUP_SECONDS (30, once before the first scenario)
//   BENCH_HTTP_MAX_REQUESTS (2000000 per scenario)  LOG_LEVEL is passed to the server (default info).
//   BENCH_HTTP_ONLY: run only the scenarios whose name contains this text (and their compressed
//   runs), e.g. BENCH_HTTP_ONLY=as-you-type; the worst-request figures run only without it, and the
//   costly searches beside /healthz without it or with BENCH_HTTP_ONLY=costly.
import { spawn } from 'node:child_process'
import type { EventEmitter } from 'node:events'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { SearchIndex } from '../search-core/engine/search-index.ts'
import { toEngineParams } from '../search-core/protocol/engine-params.ts'
import { parseSearchParams } from '../search-core/protocol/search-params.ts'
import { readStations, STATIONS_SETTINGS } from '../server/stations/station-records.ts'
import { type RunningServer, startServer, UNREACHED_BUDGETS } from '../tests/e2e/server-process.ts'
import { COSTLY_SEARCHES } from '../tests/helpers/costly-searches.ts'
import { healthProbe } from '../tests/helpers/health-probe.ts'
import { HIT_CARD_ATTRIBUTES } from '../web/stations/hit-card-attributes.ts'

const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 10)
const connections = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 10)
const warmupSeconds = Number(process.env.BENCH_HTTP_WARMUP_SECONDS ?? 2)
const serverWarmupSeconds = Number(process.env.BENCH_HTTP_SERVER_WARMUP_SECONDS ?? 30)
const maxRequests = Number(process.env.BENCH_HTTP_MAX_REQUESTS ?? 2_000_000)
const logLevel = process.env.LOG_LEVEL ?? 'info'
const only = process.env.BENCH_HTTP_ONLY

// --- autocannon (CommonJS, no bundled types): the part of its API used here --------------------

interface LoadRequest {
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
  /** autocannon's hook, called before each request is sent: may change it. */
  setupRequest?: (request: LoadRequest) => LoadRequest
}

interface LoadOptions {
  url: string
  connections: number
  duration: number
  maxOverallRequests: number
  timeout: number
  requests: LoadRequest[]
}

interface LoadResult {
  duration: number
  errors: number
  timeouts: number
  non2xx: number
  mismatches: number
  statusCodeStats: Record<string, { count: number }>
}

type Autocannon = (
  options: LoadOptions,
  done: (error: Error | null, result: LoadResult) => void,
) => EventEmitter

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

// --- the server in its own process ---------------------------------------------------------------

/**
 * Request logs (LOG_LEVEL=info, the production default) go to /dev/null: the server pays for
 * writing them, as in production, and this process does not pay for reading them.
 */
function startBenchServer(): Promise<RunningServer> {
  return startServer({
    env: { LOG_LEVEL: logLevel, METRICS_TOKEN, ...UNREACHED_BUDGETS },
    stdout: 'ignore',
  })
}

/** Opens /metrics to this benchmark (the serving processes' own event-loop lag, among the rest). */
const METRICS_TOKEN = 'bench-http-metrics-token'

/** Every line of one scrape of /metrics (all serving processes). */
async function metricLines(server: RunningServer): Promise<string[]> {
  const response = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  return (await response.text()).split('\n')
}

/**
 * The longest event-loop lag of any serving process since the last scrape, in ms, as the processes
 * measure it themselves (sampled every 10 ms): what a request held a process, without the load
 * generator's own waits that a probe from outside adds.
 */
async function serverLagMax(server: RunningServer): Promise<number> {
  let worst = 0
  for (const line of await metricLines(server)) {
    const match = /^nodejs_eventloop_lag_max_seconds\{[^}]*\} (\S+)$/.exec(line)
    const seconds = Number(match?.[1])
    if (Number.isFinite(seconds)) worst = Math.max(worst, seconds * 1000)
  }
  return worst
}

/**
 * Pages rendered and the CPU time of the render threads, over every serving process, from /metrics
 * (each thread measures its own CPU time): what a render costs where it runs.
 */
async function renderCounts(server: RunningServer): Promise<{ renders: number; cpuSeconds: number }> {
  const counts = { renders: 0, cpuSeconds: 0 }
  for (const line of await metricLines(server)) {
    const match = /^bahnhofsfinder_page_render(s_total|_cpu_seconds_total)\{[^}]*\} (\S+)$/.exec(line)
    if (match?.[1] === 's_total') counts.renders += Number(match[2])
    else if (match) counts.cpuSeconds += Number(match[2])
  }
  return counts
}

/** The render threads' CPU time per page rendered between two counts, in ms. */
function renderMsPerPage(before: { renders: number; cpuSeconds: number }, after: typeof before): number {
  return ((after.cpuSeconds - before.cpuSeconds) * 1000) / (after.renders - before.renders)
}

/** The fields of /proc/<pid>/stat after the command name (Linux); undefined when unreadable. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return undefined
  }
}

/** A process and all its descendants (the server's supervisor and its workers). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const parent = Number(statFields(Number(entry))?.[1])
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
  }
  const tree = [root]
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []))
  return tree
}

/** User + system CPU time of a process and its descendants in ms, from /proc (Linux); undefined elsewhere. */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  let total = 0
  for (const member of processTree(pid)) {
    const fields = statFields(member)
    // utime and stime are fields 14 and 15 of the full line, in clock ticks (100 per second on Linux).
    if (fields) total += (Number(fields[11]) + Number(fields[12])) * 10
  }
  return pid === undefined || total === 0 ? undefined : total
}

/** Resident memory (MB) of each process of the server, the supervisor first. */
function residentMB(pid: number | undefined): number[] {
  if (pid === undefined) return []
  return processTree(pid).map((member) => {
    try {
      const status = readFileSync(`/proc/${member}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
    } catch {
      return 0
    }
  })
}

// --- the request shapes --------------------------------------------------------------------------

// What the browser sends: React InstantSearch 7 + algoliasearch-helper 3 through the v5 lite client,
// which puts the credentials in the query string and sends text/plain (no CORS preflight). Bodies
// follow the helper's key order and sorting (captured from the helper with the lite client).
const FACETS = ['category', 'facilities', 'federalState', 'operator', 'segment', 'steplessAccess']
const INDEX = 'stations'
const AGENT =
  'Algolia for JavaScript (5.64.0); Lite (5.64.0); Browser; instantsearch.js (4.118.1); react-instantsearch (7.50.1); react-instantsearch-core (7.50.1); JS Helper (3.30.1)'
const HIGHLIGHT = { highlightPostTag: '__/ais-highlight__', highlightPreTag: '__ais-highlight__' }

type Refinements = Record<string, string[]>

function facetFilters(refinements: Refinements, except?: string): string[][] {
  return Object.keys(refinements)
    .sort()
    .filter((attribute) => attribute !== except)
    .map((attribute) => (refinements[attribute] ?? []).map((value) => `${attribute}:${value}`))
}

/** A visitor's anonymous user token, as InstantSearch's insights middleware makes one. */
function visitorToken(visitor: number): string {
  return `anonymous-${String(visitor).padStart(8, '0')}-7d1e-4c1b-9a0b-0f6d1c2e3a41`
}

/**
 * The main query of the results page, plus one query per refined disjunctive facet, each with the
 * visitor's user token as InstantSearch sends it.
 */
function searchBody(query: string, refinements: Refinements = {}, visitor = 0): unknown {
  const userToken = visitorToken(visitor)
  const refined = Object.keys(refinements).sort()
  const filters = facetFilters(refinements)
  const main = {
    indexName: INDEX,
    clickAnalytics: true,
    ...(filters.length > 0 ? { facetFilters: filters } : {}),
    facets: FACETS,
    ...HIGHLIGHT,
    attributesToRetrieve: HIT_CARD_ATTRIBUTES,
    hitsPerPage: 20,
    maxValuesPerFacet: 20,
    query,
    userToken,
  }
  const disjunctive = refined.map((attribute) => ({
    indexName: INDEX,
    analytics: false,
    clickAnalytics: false,
    facetFilters: facetFilters(refinements, attribute),
    facets: attribute,
    ...HIGHLIGHT,
    attributesToRetrieve: HIT_CARD_ATTRIBUTES,
    hitsPerPage: 0,
    maxValuesPerFacet: 20,
    page: 0,
    query,
    userToken,
  }))
  return { requests: [main, ...disjunctive] }
}

/** The facet-value search of a refinement list ("Bundesland suchen"), capped at 100 values. */
function facetSearchBody(facet: string, facetQuery: string): unknown {
  return {
    requests: [
      {
        type: 'facet',
        facet,
        indexName: INDEX,
        clickAnalytics: true,
        facetQuery,
        facets: FACETS,
        ...HIGHLIGHT,
        attributesToRetrieve: HIT_CARD_ATTRIBUTES,
        hitsPerPage: 20,
        maxFacetHits: 100,
        maxValuesPerFacet: 20,
        query: '',
      },
    ],
  }
}

interface Scenario {
  name: string
  requests: LoadRequest[]
  /** A search scenario: its queries are timed on the engine alone, and it also runs compressed. */
  search?: boolean
  /** What this benchmark measured for it before searches ran on every core (requests/s). */
  baseline?: number
  /** The compressed run of this scenario (by name). */
  compressedOf?: string
  /** Checked once before the load: the answers must be real results, not just 200s. */
  check: (body: unknown) => string | undefined
  /** The answer is a page (HTML), checked as text. */
  page?: boolean
}

/** A server-rendered page must hold its content, not only the shell. */
function checkPage(expected: string) {
  return (body: unknown): string | undefined =>
    typeof body === 'string' && body.includes(expected) && body.includes('id="server-data"')
      ? undefined
      : `the page does not hold "${expected}" rendered by the server (is dist-ssr/ built? npm run build)`
}

function pageRequest(path: string, encoding?: string): LoadRequest {
  return {
    method: 'GET',
    path,
    headers: { accept: 'text/html', ...(encoding ? { 'accept-encoding': encoding } : {}) },
  }
}

/**
 * A page request that asks for the next of `paths` each time it is sent, whichever connection sends
 * it (autocannon starts every connection at the first of its requests: ten connections would ask
 * for the same pages, and all but the first would get the kept copy or wait for its render).
 */
function eachPageOnce(paths: readonly string[], encoding?: string): LoadRequest {
  let next = 0
  return {
    ...pageRequest(paths[0] ?? '/', encoding),
    setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? '/' }),
  }
}

/** Every station in an order that mixes cities, small stations and states (fixed: the same each run). */
const stations: { id: string; name: string }[] = []
for await (const record of readStations()) stations.push({ id: record.objectID, name: record.name })
let seed = 17
for (let i = stations.length - 1; i > 0; i--) {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  const j = seed % (i + 1)
  ;[stations[i], stations[j]] = [stations[j]!, stations[i]!]
}
/**
 * Pages that are each rendered: a results page per station's name as typed (5,388 queries) and
 * every station's page. They come round again only after thousands of others, long after their kept
 * copies made way for newer pages (PAGE_CACHE_MB).
 */
const RENDERED_RESULTS = stations.map(({ name }) => `/suche?q=${encodeURIComponent(name.toLowerCase())}`)
const RENDERED_STATIONS = stations.map(({ id }) => `/bahnhof/${id}`)

interface Credentials {
  appId: string
  apiKey: string
}

function queriesRequest(origin: string, credentials: Credentials, body: unknown): LoadRequest {
  const params = new URLSearchParams({
    'x-algolia-agent': AGENT,
    'x-algolia-api-key': credentials.apiKey,
    'x-algolia-application-id': credentials.appId,
  })
  return {
    method: 'POST',
    path: `/1/indexes/*/queries?${params}`,
    headers: { accept: 'application/json', 'content-type': 'text/plain', origin },
    body: JSON.stringify(body),
  }
}

type Result = { nbHits?: number; facetHits?: unknown[] }

function checkSearch(expected: number) {
  return (body: unknown): string | undefined => {
    const results = (body as { results?: Result[] }).results
    if (!Array.isArray(results) || results.length !== expected) return `expected ${expected} results`
    if (!((results[0]?.nbHits ?? 0) > 0)) return 'the main query found nothing'
    return undefined
  }
}

function checkFacetSearch(body: unknown): string | undefined {
  const results = (body as { results?: Result[] }).results
  if (!Array.isArray(results) || results.length !== 1) return 'expected 1 result'
  if (!Array.isArray(results[0]?.facetHits) || results[0].facetHits.length === 0) return 'no facet hits'
  return undefined
}

function scenarios(origin: string, credentials: Credentials, all = false): Scenario[] {
  const post = (body: unknown) => queriesRequest(origin, credentials, body)
  const refinements = { federalState: ['Berlin', 'Brandenburg'], steplessAccess: ['ja'] }
  const list: Scenario[] = [
    {
      name: 'first request: query "", 6 facets',
      // Ten visitors, each with their own user token.
      requests: Array.from({ length: 10 }, (_, visitor) => post(searchBody('', {}, visitor))),
      check: checkSearch(1),
      search: true,
      baseline: 1489,
    },
    {
      name: 'as-you-type b…berlin, 2 refinements (3 queries/request)',
      requests: ['b', 'be', 'ber', 'berl', 'berli', 'berlin'].flatMap((query) =>
        [1, 2].map((visitor) => post(searchBody(query, refinements, visitor))),
      ),
      check: checkSearch(3),
      search: true,
      baseline: 857,
    },
    {
      search: true,
      name: 'facet-value search (type: facet)',
      requests: [
        ['federalState', 'sa'],
        ['federalState', 'b'],
        ['operator', 'v'],
        ['operator', 'n'],
        ['facilities', 'w'],
      ].map(([facet, query]) => post(facetSearchBody(facet as string, query as string))),
      check: checkFacetSearch,
    },
    {
      name: 'server-rendered station page /bahnhof/:id, each rendered',
      requests: [eachPageOnce(RENDERED_STATIONS)],
      check: checkPage('bahnhof-name'),
      page: true,
    },
    {
      name: 'server-rendered station page, each rendered, compressed (br)',
      requests: [eachPageOnce(RENDERED_STATIONS, 'br')],
      check: checkPage('bahnhof-name'),
      page: true,
    },
    {
      name: 'kept station pages (4 asked again), compressed (br)',
      requests: ['8000207', '8000261', '8011160', '8000105'].map((id) => pageRequest(`/bahnhof/${id}`, 'br')),
      check: checkPage('bahnhof-name'),
      page: true,
    },
    {
      name: 'server-rendered results /suche?q=…, each rendered',
      requests: [eachPageOnce(RENDERED_RESULTS)],
      check: checkPage('ais-Hits-item'),
      page: true,
    },
    {
      name: 'server-rendered results, each rendered, compressed (br)',
      requests: [eachPageOnce(RENDERED_RESULTS, 'br')],
      check: checkPage('ais-Hits-item'),
      page: true,
    },
    {
      name: 'kept results pages (4 asked again), compressed (br)',
      requests: ['k%C3%B6ln', 'berlin', 'hamburg', 'm%C3%BCnchen'].map((q) =>
        pageRequest(`/suche?q=${q}`, 'br'),
      ),
      check: checkPage('ais-Hits-item'),
      page: true,
    },
    {
      name: 'GET /healthz (framework floor)',
      requests: [{ method: 'GET', path: '/healthz', headers: { accept: 'application/json' } }],
      check: (body) => ((body as { status?: string }).status === 'ok' ? undefined : 'not ok'),
      baseline: 20917,
    },
  ]
  return list
    .filter((scenario) => all || only === undefined || scenario.name.includes(only))
    .flatMap((scenario) =>
      scenario.search
        ? [
            scenario,
            compressed(scenario, 'zstd', 'zstd only'),
            compressed(scenario, 'br', 'br only'),
            compressed(scenario, 'gzip', 'gzip only'),
            compressed(scenario, 'gzip, deflate, br, zstd', 'as browsers ask: gzip, deflate, br, zstd'),
          ]
        : [scenario],
    )
}

/** The same requests asking for a compressed answer (answers under 1 KB are sent as they are). */
function compressed(scenario: Scenario, encoding: string, label: string): Scenario {
  return {
    name: `… compressed (${label})`,
    requests: scenario.requests.map((request) => ({
      ...request,
      headers: { ...request.headers, 'accept-encoding': encoding },
    })),
    check: scenario.check,
    search: true,
    compressedOf: scenario.name,
  }
}

// --- the engine alone ----------------------------------------------------------------------------

type EngineCall = (index: SearchIndex) => void

/** Each query of a request body as the engine gets it (parsed and converted outside the timing). */
function engineCalls(request: LoadRequest): EngineCall[] {
  const body = JSON.parse(request.body ?? '{}') as { requests?: Record<string, unknown>[] }
  return (body.requests ?? []).map((query) => {
    const { indexName: _index, type, facet, facetQuery, maxFacetHits, ...rest } = query
    const params = toEngineParams(parseSearchParams(rest))
    if (type === 'facet') {
      return (index) =>
        index.searchForFacetValues(String(facet), String(facetQuery), {
          ...params,
          maxFacetHits: Number(maxFacetHits),
        })
    }
    return (index) => index.search(params)
  })
}

/**
 * Engine time of one request of the scenario (its queries in turn), in ms: after a second of
 * warm-up, the median of seven rounds' means. One round's mean right after the index was built
 * moved by ±12 % from run to run (the build's garbage collected in some rounds, not in others).
 */
function engineMsPerRequest(index: SearchIndex, scenario: Scenario): number {
  const requests = scenario.requests.map(engineCalls)
  let done = 0
  const run = (): void => {
    for (const call of requests[done++ % requests.length]!) call(index)
  }
  const round = (ms: number): number => {
    const started = performance.now()
    const first = done
    while (performance.now() - started < ms || done - first < 100) run()
    return (performance.now() - started) / (done - first)
  }
  round(1000)
  const rounds = Array.from({ length: 7 }, () => round(300)).sort((a, b) => a - b)
  return rounds[3]!
}

async function stationsIndex(): Promise<SearchIndex> {
  const index = new SearchIndex(STATIONS_SETTINGS)
  const records = []
  for await (const record of readStations()) records.push(record)
  index.save(records as never[])
  return index
}

/** A request and the bytes the server answered it with, for the floors. */
interface Answer {
  key: string
  type: string
  body: string
}

const answerKey = (request: LoadRequest): string => `${request.method} ${request.path}\n${request.body ?? ''}`

/**
 * One request of each shape through fetch: a 200 with real results, or the run stops here. The
 * answers of uncompressed search scenarios are kept for the floors.
 */
async function preflight(url: string, scenario: Scenario, answers: Map<Scenario, Answer[]>): Promise<void> {
  const keep = scenario.search === true && scenario.compressedOf === undefined
  for (const request of scenario.requests) {
    const response = await fetch(`${url}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    })
    const bytes = Buffer.from(await response.arrayBuffer())
    const text = bytes.toString()
    if (keep) {
      const kept = answers.get(scenario) ?? []
      kept.push({
        key: answerKey(request),
        type: response.headers.get('content-type') ?? 'application/json',
        body: bytes.toString('base64'),
      })
      answers.set(scenario, kept)
    }
    const problem =
      response.status !== 200
        ? `HTTP ${response.status}`
        : scenario.check(scenario.page ? text : (JSON.parse(text) as unknown))
    if (problem) {
      throw new Error(
        `${scenario.name}: ${problem}\n  ${request.method} ${request.path}\n  ${request.body ?? ''}\n  → ${text.slice(0, 500)}`,
      )
    }
  }
}

// --- load ----------------------------------------------------------------------------------------

interface Measured {
  name: string
  scenario: Scenario
  /** Engine time per request in this process (ms), for search scenarios. */
  engineMs?: number
  requests: number
  perSecond: number
  p50: number
  p99: number
  failures: number
  failureDetail: string
  serverCpu?: number
  loaderCpu: number
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!
}

function load(
  url: string,
  requests: LoadRequest[],
  duration: number,
  latencies?: number[],
  clients = connections,
) {
  return new Promise<LoadResult>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: clients, duration, maxOverallRequests: maxRequests, timeout: 10, requests },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
    // autocannon's own histogram has 1 ms resolution; keep the exact times of 2xx answers instead.
    if (latencies) {
      instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
        if (status >= 200 && status < 300) latencies.push(ms)
      })
    }
  })
}

async function measure(
  server: Pick<RunningServer, 'url' | 'process'>,
  scenario: Scenario,
): Promise<Measured> {
  if (warmupSeconds > 0) await load(server.url, scenario.requests, warmupSeconds)
  const latencies: number[] = []
  const serverBefore = processCpuMs(server.process.pid)
  const loaderBefore = process.cpuUsage()
  const started = performance.now()
  const result = await load(server.url, scenario.requests, seconds, latencies)
  const elapsed = performance.now() - started
  const loader = process.cpuUsage(loaderBefore)
  const serverAfter = processCpuMs(server.process.pid)
  const sorted = Float64Array.from(latencies).sort()
  const failures = result.errors + result.timeouts + result.non2xx + result.mismatches
  const statuses = Object.entries(result.statusCodeStats)
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${count}× HTTP ${status}`)
  return {
    name: scenario.name,
    scenario,
    requests: latencies.length,
    perSecond: latencies.length / (elapsed / 1000),
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    failures,
    failureDetail: [
      result.errors ? `${result.errors} connection errors` : '',
      result.timeouts ? `${result.timeouts} timeouts` : '',
      ...statuses,
    ]
      .filter(Boolean)
      .join(', '),
    serverCpu:
      serverBefore !== undefined && serverAfter !== undefined
        ? (serverAfter - serverBefore) / elapsed
        : undefined,
    loaderCpu: (loader.user + loader.system) / 1000 / elapsed,
  }
}

/**
 * The largest multi-query a public search key may send (50 queries asking 20 hits each, every
 * facet with up to 1,000 values, typos, highlighting and snippets of every attribute, ranking
 * info), sent in a loop on one connection while another asks /healthz again and again: the
 * health probe's latencies show how long the worst allowed request holds the event loop.
 */
/** Every costly parameter a public key may set on a query. */
const HEAVIEST = {
  indexName: 'stations',
  facets: ['*'],
  maxValuesPerFacet: 1000,
  attributesToHighlight: ['*'],
  attributesToSnippet: ['*:20'],
  getRankingInfo: true,
  aroundLatLng: '50.1,8.6',
  aroundRadius: 'all',
}

function worstAllowedBody(): unknown {
  const queries = ['frnkfurt hauptbahnhof', 'münchen ost', 'b', 'köln messe deutz', 'hamburg', 'sa', 'lein']
  return {
    requests: Array.from({ length: 50 }, (_, i) => ({
      ...HEAVIEST,
      query: queries[i % queries.length],
      hitsPerPage: 20,
      page: i % 3,
    })),
  }
}

/** The other extreme: one query of 1,000 hits, every attribute highlighted and snippeted. */
function longestPageBody(): unknown {
  return { requests: [{ ...HEAVIEST, query: 'b', hitsPerPage: 1000 }] }
}

async function worstBesideHealthz(server: RunningServer, credentials: Credentials): Promise<void> {
  await besideHealthz(
    server,
    queriesRequest(server.url, credentials, worstAllowedBody()),
    '50 queries × 20 hits',
  )
  await besideHealthz(
    server,
    queriesRequest(server.url, credentials, longestPageBody()),
    '1 query × 1,000 hits',
  )
}

async function besideHealthz(server: RunningServer, worst: LoadRequest, shape: string): Promise<void> {
  const response = await fetch(`${server.url}${worst.path}`, {
    method: 'POST',
    headers: worst.headers,
    body: worst.body,
  })
  const bytes = (await response.arrayBuffer()).byteLength
  if (response.status !== 200) throw new Error(`worst allowed request: HTTP ${response.status}`)
  const health: number[] = []
  const worstLatencies: number[] = []
  const healthz: LoadRequest = { method: 'GET', path: '/healthz', headers: { accept: 'application/json' } }
  const [worstResult] = await Promise.all([
    load(server.url, [worst], seconds, worstLatencies, 1),
    load(server.url, [healthz], seconds, health, 1),
  ])
  const sortedHealth = Float64Array.from(health).sort()
  const sortedWorst = Float64Array.from(worstLatencies).sort()
  console.log(
    `Worst allowed request (${shape}, facets *, 1,000 values, highlight and snippet *, ${(bytes / 1024).toFixed(0)} KB answer) ` +
      `in a loop on 1 connection for ${seconds} s: ${(worstLatencies.length / seconds).toFixed(1)} req/s, ` +
      `p50 / p99 ${ms(percentile(sortedWorst, 0.5))} / ${ms(percentile(sortedWorst, 0.99))} ms, ${worstResult.non2xx} non-2xx. ` +
      `/healthz beside it (1 connection): ${health.length} answers, p50 / p99 / max ` +
      `${ms(percentile(sortedHealth, 0.5))} / ${ms(percentile(sortedHealth, 0.99))} / ${ms(sortedHealth[sortedHealth.length - 1] ?? Number.NaN)} ms.\n`,
  )
}

/**
 * The searches built to cost (long parameter lists, huge polygons, many boxes: the shapes a stranger
 * sent with the public key), each sent on 2 connections at once in a loop while a probe thread asks
 * /healthz: how long the work budget lets one of them hold a serving process (answered or refused).
 */
async function costlyBesideHealthz(server: RunningServer, credentials: Credentials): Promise<void> {
  const rows: string[] = []
  let worstOfAll = 0
  let worstLag = 0
  for (const [shape, params] of Object.entries(COSTLY_SEARCHES)) {
    const costly = queriesRequest(server.url, credentials, {
      requests: [{ indexName: 'stations', ...params }],
    })
    // A body over the size limit is refused before it is read: the refusal may close the connection
    // while the client still writes (EPIPE), which is a refusal too.
    const status = await fetch(`${server.url}${costly.path}`, {
      method: 'POST',
      headers: costly.headers,
      body: costly.body,
    }).then(
      async (response) => {
        await response.arrayBuffer()
        return String(response.status)
      },
      () => 'closed',
    )
    const costlyLatencies: number[] = []
    // The probe runs on a thread of its own: the load generator writing megabytes of bodies in this
    // thread would otherwise add its own waits to what the server's are.
    const probe = healthProbe(server.url, 5)
    await probe.ready()
    await serverLagMax(server)
    const costlyResult = await load(server.url, [costly], seconds, costlyLatencies, 2)
    const lag = await serverLagMax(server)
    worstLag = Math.max(worstLag, lag)
    const health = (await probe.results()).map((result) => result.ms)
    await probe.stop()
    const answered = Object.values(costlyResult.statusCodeStats).reduce((sum, stat) => sum + stat.count, 0)
    const sorted = Float64Array.from(health).sort()
    const worst = sorted[sorted.length - 1] ?? Number.NaN
    worstOfAll = Math.max(worstOfAll, worst)
    const sortedCostly = Float64Array.from(costlyLatencies).sort()
    rows.push(
      `| ${shape} | ${status} | ${(answered / seconds).toFixed(1)} | ${sortedCostly.length > 0 ? ms(percentile(sortedCostly, 0.5)) : '—'} | ` +
        `${health.length} | ${ms(percentile(sorted, 0.99))} / ${ms(worst)} | ${ms(lag)} |`,
    )
  }
  console.log(
    `Costly searches, each on 2 connections at once for ${seconds} s, /healthz asked from a thread of its own every 5 ms (public search key; 400 = refused by the work budget or a ceiling):\n` +
      '| search | status | answers/s | p50 of 200s (ms) | /healthz answers | /healthz p99 / max (ms) | server event-loop lag max (ms) |\n|---|---:|---:|---:|---:|---:|---:|\n' +
      `${rows.join('\n')}\n/healthz worst beside any of them: ${ms(worstOfAll)} ms; the serving processes' own longest event-loop lag: ${ms(worstLag)} ms ` +
      '(from /metrics: what a request held a process, without the waits of the load generator and the probe sharing its cores).\n',
  )
}

/**
 * The first request's searches on 8 connections while `pageConnections` more ask for server-rendered
 * results pages (tens of milliseconds of rendering each): what page rendering costs the searches
 * beside it.
 */
async function searchesBesidePages(
  server: RunningServer,
  searches: Scenario,
  pages: Scenario,
  pageConnections: number,
): Promise<void> {
  const searchLatencies: number[] = []
  const pageLatencies: number[] = []
  /** The searches' p99 beside pages: 10 ms beside a visitor's few, 25 ms beside a stranger's many. */
  const target = pageConnections <= 2 ? 10 : 25
  await Promise.all([
    load(server.url, searches.requests, warmupSeconds, undefined, 8),
    load(server.url, pages.requests, warmupSeconds, undefined, pageConnections),
  ])
  const rendersBefore = await renderCounts(server)
  const [searched, rendered] = await Promise.all([
    load(server.url, searches.requests, seconds, searchLatencies, 8),
    load(server.url, pages.requests, seconds, pageLatencies, pageConnections),
  ])
  const renderMs = renderMsPerPage(rendersBefore, await renderCounts(server))
  const sortedSearches = Float64Array.from(searchLatencies).sort()
  const sortedPages = Float64Array.from(pageLatencies).sort()
  console.log(
    `First requests beside pages (${searches.name} on 8 connections, ${pages.name} on ${pageConnections}, ${seconds} s): ` +
      `searches ${perSecond(searchLatencies.length / seconds)} req/s, p50 / p99 / max ` +
      `${ms(percentile(sortedSearches, 0.5))} / ${ms(percentile(sortedSearches, 0.99))} / ${ms(sortedSearches[sortedSearches.length - 1] ?? Number.NaN)} ms; ` +
      `pages ${(pageLatencies.length / seconds).toFixed(1)} req/s, p50 / p99 ${ms(percentile(sortedPages, 0.5))} / ${ms(percentile(sortedPages, 0.99))} ms, ` +
      `render CPU ${ms(renderMs)} ms per page; ` +
      `${searched.non2xx + rendered.non2xx} non-2xx. Target: search p99 ≤ ${target} ms beside ${pageConnections} page connections ` +
      `(${percentile(sortedSearches, 0.99) <= target ? 'holds' : 'missed'}).\n`,
  )
}

// --- output --------------------------------------------------------------------------------------

const ms = (v: number): string => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2))
const percent = (v: number | undefined): string => (v === undefined ? 'n/a' : `${Math.round(v * 100)} %`)

const perSecond = (v: number): string => Math.round(v).toLocaleString('en-US')

function printTable(results: Measured[], cores: number): void {
  const floor = results.find((r) => r.name.startsWith('GET /healthz'))
  const lines = [
    '| scenario | requests/s | before | engine ms/request | share of engine limit | p50 / p99 (ms) | errors / non-2xx | server CPU | load generator CPU | vs /healthz | vs uncompressed |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ]
  for (const r of results) {
    const ratio = floor && r !== floor ? `${(r.perSecond / floor.perSecond).toFixed(2)}×` : '1.00×'
    // Every core doing nothing but the engine would answer cores ÷ engine time requests per second.
    const share = r.engineMs === undefined ? '' : (r.perSecond / (cores / (r.engineMs / 1000))).toFixed(2)
    const plain = results.find((other) => other.name === r.scenario.compressedOf)
    lines.push(
      `| ${r.name} | ${perSecond(r.perSecond)} | ${r.scenario.baseline ? perSecond(r.scenario.baseline) : ''} | ` +
        `${r.engineMs === undefined ? '' : r.engineMs.toFixed(3)} | ${share} | ${ms(r.p50)} / ${ms(r.p99)} | ` +
        `${r.failures} | ${percent(r.serverCpu)} | ${percent(r.loaderCpu)} | ${ratio} | ` +
        `${plain ? `${(r.perSecond / plain.perSecond).toFixed(2)}×` : ''} |`,
    )
  }
  lines.push(
    '',
    '"before": the same benchmark on two cores before searches were served by every core (one process, ' +
      'first request p50 / p99 5.7 / 15.7 ms, as-you-type 10.5 / 23.2 ms, /healthz 0.4 / 1.3 ms). ' +
      `Share of engine limit = requests/s ÷ (${cores} cores ÷ engine time per request). Targets: the first ` +
      `request and as-you-type each ≥ ${STACK_FLOOR_TARGET}× the stack floor in a single-scenario run ` +
      '(printed after the floors) with p99 ≤ 10 ms, compressed within 15 % of uncompressed.',
    '',
  )
  console.log(lines.join('\n'))
}

// --- the floors -----------------------------------------------------------------------------------

/** The scenarios held against the stack floor, and the share of it they must reach. */
const STACK_FLOOR_TARGETS = ['first request', 'as-you-type']
const STACK_FLOOR_TARGET = 0.75
const stackRatios: { scenario: string; ratio: number }[] = []

/** A server that answers each request with the bytes the real server answered it with. */
interface Floor {
  name: string
  script: string
  about: string
}

const FLOORS: Floor[] = [
  {
    name: 'transport floor',
    script: 'transport-floor.ts',
    about:
      'a bare node:http server: no framework, no hooks, no search. Its share of the engine limit is the most any server reaches on this machine',
  },
  {
    name: 'Fastify floor',
    script: 'fastify-floor.ts',
    about:
      'Fastify with no plugins, reading the body as JSON and answering from a map: what the framework leaves of the transport floor',
  },
  {
    name: 'stack floor',
    script: 'stack-floor.ts',
    about:
      "the server's own Fastify with everything every search answer passes through (its options and request log, the request guards, compression, metrics, security headers, and Algolia's CORS, body parser and answer size guard), answering from a map: what that stack leaves of the Fastify floor; the real server ÷ it is what the key check, the answer cache and the search log leave",
  },
]

/**
 * The same requests answered with the same bytes by each floor (bench/transport-floor.ts,
 * bench/fastify-floor.ts, bench/stack-floor.ts) on as many processes, after the real server has
 * stopped: what HTTP alone, then the framework, then the server's stack around the routes, costs
 * for these bodies with this load generator on this machine.
 * The real server's requests/s ÷ a floor's is what the layers above it leave of it.
 */
async function floors(
  answers: Map<Scenario, Answer[]>,
  processes: number,
  results: Measured[],
  cores: number,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-floors-'))
  const file = join(dir, 'answers.json')
  writeFileSync(file, JSON.stringify([...answers.values()].flat()))
  const lines = [
    "| scenario | floor | floor requests/s | floor p50 / p99 (ms) | floor CPU | load generator CPU | floor's share of engine limit | server ÷ floor |",
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ]
  try {
    for (const floor of FLOORS) await runFloor(floor, file, answers, processes, results, cores, lines)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  lines.push('')
  for (const { scenario, ratio } of stackRatios) {
    lines.push(
      `Server ÷ stack floor, ${scenario}: ${ratio.toFixed(2)}× (target ≥ ${STACK_FLOOR_TARGET}× in a single-scenario run: ` +
        `${ratio >= STACK_FLOOR_TARGET ? 'holds' : 'missed'}${only === undefined ? '; this was the whole bench' : ''}).`,
    )
  }
  lines.push('')
  for (const floor of FLOORS) {
    lines.push(
      `${floor.name[0]?.toUpperCase()}${floor.name.slice(1)}: the same requests answered with the same (uncompressed) bytes by ${floor.about}. ${processes} process(es), the same load generator.`,
    )
  }
  lines.push('')
  console.log(lines.join('\n'))
}

async function runFloor(
  floor: Floor,
  file: string,
  answers: Map<Scenario, Answer[]>,
  processes: number,
  results: Measured[],
  cores: number,
  lines: string[],
): Promise<void> {
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  const child = spawn(process.execPath, [join(import.meta.dirname, floor.script)], {
    env: {
      ...process.env,
      TRANSPORT_FLOOR_ANSWERS: file,
      TRANSPORT_FLOOR_PORT: String(port),
      TRANSPORT_FLOOR_WORKERS: String(processes),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`${floor.name} exited with code ${code}`)))
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve()
      })
    })
    const server = { url: `http://127.0.0.1:${port}`, process: child }
    for (const [scenario, kept] of answers) {
      const real = results.find((r) => r.scenario === scenario)
      if (real === undefined) continue
      process.stderr.write(`${floor.name}: ${scenario.name} … `)
      const result = await measure(server, scenario)
      process.stderr.write(`${Math.round(result.perSecond)} req/s\n`)
      if (result.failures > 0) throw new Error(`${floor.name}: ${result.failureDetail || 'failures'}`)
      const bytes =
        kept.reduce((sum, answer) => sum + Buffer.from(answer.body, 'base64').length, 0) / kept.length
      const share =
        real.engineMs === undefined ? '' : (result.perSecond / (cores / (real.engineMs / 1000))).toFixed(2)
      if (floor.name === 'stack floor' && STACK_FLOOR_TARGETS.some((name) => scenario.name.startsWith(name)))
        stackRatios.push({ scenario: scenario.name, ratio: real.perSecond / result.perSecond })
      lines.push(
        `| ${scenario.name} (${(bytes / 1024).toFixed(1)} KB answers) | ${floor.name} | ${perSecond(result.perSecond)} | ${ms(result.p50)} / ${ms(result.p99)} | ` +
          `${percent(result.serverCpu)} | ${percent(result.loaderCpu)} | ${share} | ${(real.perSecond / result.perSecond).toFixed(2)}× |`,
      )
    }
  } finally {
    child.removeAllListeners('exit')
    child.kill('SIGTERM')
  }
}

// The engine alone first, while nothing else runs: the same index the server builds.
const cores = availableParallelism()
const engineIndex = await stationsIndex()
const engineMs = new Map<string, number>()
for (const scenario of scenarios('http://127.0.0.1', { appId: 'bench', apiKey: 'bench' })) {
  if (scenario.search && !scenario.compressedOf)
    engineMs.set(scenario.name, engineMsPerRequest(engineIndex, scenario))
}

const server = await startBenchServer()
const measured: Measured[] = []
const answers = new Map<Scenario, Answer[]>()
let servingProcesses = 1
try {
  // /healthz turns 200 with the first serving process; the others join once their indexes are loaded.
  const workers = Number(process.env.WORKERS ?? availableParallelism())
  const expected = workers > 1 ? workers + 1 : 1
  while (processTree(server.process.pid ?? 0).length < expected) await new Promise((r) => setTimeout(r, 250))
  await new Promise((resolve) => setTimeout(resolve, workers > 1 ? 5000 : 0))
  const memory = residentMB(server.process.pid)
  servingProcesses = Math.max(1, memory.length - 1)
  console.log(
    `Server memory after start: ${memory.map((mb) => `${Math.round(mb)} MB`).join(' + ')} = ` +
      `${Math.round(memory.reduce((a, b) => a + b, 0))} MB resident (${memory.length > 1 ? 'supervisor first, then each serving process' : 'one process'}).\n`,
  )
  const config = (await (await fetch(`${server.url}/config.json`)).json()) as { search: Credentials }
  const credentials = { appId: config.search.appId, apiKey: config.search.apiKey }
  const list = scenarios(server.url, credentials)
  for (const scenario of list) await preflight(server.url, scenario, answers)
  if (serverWarmupSeconds > 0 && list.length > 0) {
    process.stderr.write(`server warm-up on every scenario's requests, ${serverWarmupSeconds} s … `)
    await load(
      server.url,
      list.flatMap((scenario) => scenario.requests),
      serverWarmupSeconds,
    )
    process.stderr.write('done\n')
  }
  console.log(
    `Node ${process.version}, ${cpus().length} cores. Server: \`node server/main.ts\` in its own process ` +
      `(WORKERS=${process.env.WORKERS ?? 'default'}: ${Math.max(1, memory.length - 1)} serving process(es); LOG_LEVEL=${logLevel}, 5,388 stations, search-only key from /config.json); load: autocannon in this ` +
      `process, ${connections} connections over 127.0.0.1, ${serverWarmupSeconds} s warm-up of the server, then ` +
      `${warmupSeconds} s warm-up + ${seconds} s per scenario. ` +
      'CPU is the share of one core; ratios are requests/s ÷ the /healthz floor. ' +
      `Answers kept for repeated searches: SEARCH_ANSWER_CACHE_MB=${process.env.SEARCH_ANSWER_CACHE_MB ?? '8 (the default)'} ` +
      'per serving process. Each search scenario repeats a few request bodies, so with answers kept nearly every ' +
      'request is answered from kept bytes; SEARCH_ANSWER_CACHE_MB=0 measures every request searched.\n',
  )
  const renderCosts: string[] = []
  for (const scenario of list) {
    process.stderr.write(`${scenario.name} … `)
    const rendering = scenario.name.startsWith('server-rendered') && !scenario.name.includes('kept')
    const rendersBefore = rendering ? await renderCounts(server) : undefined
    const result = await measure(server, scenario)
    if (rendersBefore)
      renderCosts.push(
        `${scenario.name}: ${ms(renderMsPerPage(rendersBefore, await renderCounts(server)))} ms`,
      )
    const engine = engineMs.get(scenario.compressedOf ?? scenario.name)
    if (engine !== undefined) result.engineMs = engine
    measured.push(result)
    process.stderr.write(`${Math.round(result.perSecond)} req/s\n`)
  }
  if (measured.length > 0) printTable(measured, cores)
  if (renderCosts.length > 0)
    console.log(
      `Render CPU per rendered page (the render threads' own CPU time ÷ pages rendered, from /metrics, warm-up included): ${renderCosts.join('; ')}.\n`,
    )
  if (only === undefined) await worstBesideHealthz(server, credentials)
  if (only === undefined || only === 'costly') await costlyBesideHealthz(server, credentials)
  const first = list.find((scenario) => scenario.name.startsWith('first request') && !scenario.compressedOf)
  const results = scenarios(server.url, credentials, true).find((scenario) =>
    scenario.name.startsWith('server-rendered results /'),
  )
  // Visitors opening pages, then a stranger asking for many at once.
  if (first && results) {
    for (const pageConnections of [2, 16]) await searchesBesidePages(server, first, results, pageConnections)
  }
} finally {
  await server.stop()
}
if (answers.size > 0 && measured.length > 0) await floors(answers, servingProcesses, measured, cores)

const failed = measured.filter((r) => r.failures > 0)
if (failed.length > 0) {
  for (const r of failed) console.error(`FAILED: ${r.name}: ${r.failureDetail || `${r.failures} failures`}`)
  process.exitCode = 1
}
