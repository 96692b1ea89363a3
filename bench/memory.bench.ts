// `npm run bench:memory`: the server's resident memory after start and under a soak. Starts
// `node server/main.ts` with a fresh DATA_DIR (it imports the stations), reads VmRSS from /proc
// once the server is ready, then sends the results page's searches (first request and
// as-you-type with refinements) over 127.0.0.1 for BENCH_SOAK_SECONDS (default 300), and beside
// them server-rendered results and station pages on BENCH_SOAK_PAGE_CONNECTIONS, reading VmRSS
// every 10 s. The server's processes are counted together (a supervisor and one serving process
// per core under WORKERS, each with its render thread; WORKERS=1 for one process), as resident
// memory (each process counting the pages they share: the node binary's own, ~50–60 MB each), as
// memory of their own (RssAnon) and as proportional set size (shared pages split among them); the
// targets hold against the resident memory of all of them. Linux only (/proc).
//   BENCH_SOAK_SECONDS (300)  BENCH_SOAK_CONNECTIONS (4)  BENCH_SOAK_PAGE_CONNECTIONS (1)
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { startServer, UNREACHED_BUDGETS } from '../tests/e2e/server-process.ts'
import { HIT_CARD_ATTRIBUTES } from '../web/stations/hit-card-attributes.ts'

const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 300)
const connections = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 4)
const pageConnections = Number(process.env.BENCH_SOAK_PAGE_CONNECTIONS ?? 1)
/** Targets: the whole server's resident memory after start, and its growth over the soak. */
const START_TARGET_MB = 350
const GROWTH_TARGET = 0.1

interface LoadRequest {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

type Autocannon = (
  options: { url: string; connections: number; duration: number; requests: LoadRequest[] },
  done: (
    error: Error | null,
    result: { non2xx: number; errors: number; requests: { total: number } },
  ) => void,
) => unknown

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const FACETS = ['category', 'facilities', 'federalState', 'operator', 'segment', 'steplessAccess']
const HIGHLIGHT = { highlightPostTag: '__/ais-highlight__', highlightPreTag: '__ais-highlight__' }

/** What the results page sends: the main query and one query per refined facet. */
function searchBody(query: string, refinements: Record<string, string[]>): string {
  const filters = (except?: string) =>
    Object.keys(refinements)
      .sort()
      .filter((attribute) => attribute !== except)
      .map((attribute) => (refinements[attribute] ?? []).map((value) => `${attribute}:${value}`))
  const common = { indexName: 'stations', ...HIGHLIGHT, attributesToRetrieve: HIT_CARD_ATTRIBUTES, query }
  const main = {
    ...common,
    clickAnalytics: true,
    ...(Object.keys(refinements).length > 0 ? { facetFilters: filters() } : {}),
    facets: FACETS,
    hitsPerPage: 20,
    maxValuesPerFacet: 20,
  }
  const perFacet = Object.keys(refinements)
    .sort()
    .map((attribute) => ({ ...common, facetFilters: filters(attribute), facets: attribute, hitsPerPage: 0 }))
  return JSON.stringify({ requests: [main, ...perFacet] })
}

function processRSS(pid: number, field = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 1024
}

/** Proportional set size: pages shared between processes (Node's code) split among them, in MB. */
function processPSS(pid: number): number {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
  return Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? Number.NaN) / 1024
}

/** The server's processes: the one started and its descendants (the serving processes under `WORKERS`). */
function serverProcesses(root: number): number[] {
  const parents = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // The parent's pid is the 4th field, after the command in parentheses (which may hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = [root]
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid)
  }
  return tree
}

/** Resident memory of the server's processes together, in MB. */
function rssMB(root: number): number {
  return serverProcesses(root).reduce((sum, pid) => sum + processRSS(pid), 0)
}

const server = await startServer({ env: { LOG_LEVEL: 'info', ...UNREACHED_BUDGETS } })
const pid = server.process.pid
if (pid === undefined) throw new Error('the server has no pid')
try {
  // /healthz answers once the writer is ready; the other serving processes load after it.
  const serving = Number(process.env.WORKERS ?? availableParallelism())
  while (server.readyProcesses() < serving) {
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  // Then until resident memory settles (V8 gives back what a process's catching up used within ~10 s).
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const readySince = performance.now()
  let previous = rssMB(pid)
  for (;;) {
    await sleep(3000)
    const now = rssMB(pid)
    const settled = Math.abs(now - previous) <= previous * 0.01
    previous = now
    if (settled || performance.now() - readySince > 30_000) break
  }
  const settleSeconds = (performance.now() - readySince) / 1000
  const atStart = rssMB(pid)
  const processes = serverProcesses(pid)
  const perProcess = processes.map((each) => Math.round(processRSS(each)))
  const ownPerProcess = processes.map((each) => Math.round(processRSS(each, 'RssAnon')))
  const pss = processes.reduce((sum, each) => sum + processPSS(each), 0)
  const config = (await (await fetch(`${server.url}/config.json`)).json()) as {
    search: { appId: string; apiKey: string }
  }
  const query = new URLSearchParams({
    'x-algolia-api-key': config.search.apiKey,
    'x-algolia-application-id': config.search.appId,
  })
  const post = (body: string): LoadRequest => ({
    method: 'POST',
    path: `/1/indexes/*/queries?${query}`,
    headers: { 'content-type': 'text/plain', origin: server.url },
    body,
  })
  const refinements = { federalState: ['Berlin', 'Brandenburg'], steplessAccess: ['ja'] }
  const requests = [
    post(searchBody('', {})),
    ...['b', 'be', 'ber', 'berl', 'berli', 'berlin', 'k', 'kö', 'köln'].map((q) =>
      post(searchBody(q, refinements)),
    ),
  ]
  const page = (path: string): LoadRequest => ({ method: 'GET', path, headers: { accept: 'text/html' } })
  // Results pages for queries that differ from one round to the next, and station pages.
  const pages = [
    ...['berlin', 'hamburg', 'k%C3%B6ln', 'm%C3%BCnchen', 'bonn', 'essen'].map((q) => page(`/suche?q=${q}`)),
    ...['8000207', '8000261', '8011160', '8000105'].map((id) => page(`/bahnhof/${id}`)),
  ]
  const samples: number[] = []
  const sampler = setInterval(() => samples.push(rssMB(pid)), 10_000)
  const run = (clients: number, list: LoadRequest[]) =>
    new Promise<{ non2xx: number; errors: number; requests: { total: number } }>((resolve, reject) =>
      autocannon({ url: server.url, connections: clients, duration: seconds, requests: list }, (error, r) =>
        error ? reject(error) : resolve(r),
      ),
    )
  const [result, paged] = await Promise.all([
    run(connections, requests),
    pageConnections > 0 ? run(pageConnections, pages) : undefined,
  ])
  clearInterval(sampler)
  const atEnd = rssMB(pid)
  const endProcesses = serverProcesses(pid)
  const endPerProcess = endProcesses.map((each) => Math.round(processRSS(each)))
  const endOwnPerProcess = endProcesses.map((each) => Math.round(processRSS(each, 'RssAnon')))
  // Growth from the first sample under load, and after the first minute (once the heap settled).
  const first = samples[0] ?? atEnd
  const growth = (atEnd - first) / first
  const settled = samples[5] ?? first
  const settledGrowth = (atEnd - settled) / settled
  const mb = (v: number) => `${Math.round(v)} MB`
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
  console.log(
    `Node ${process.version}. Server RSS after start (stations imported, every process ready, settled after ` +
      `${settleSeconds.toFixed(0)} s; supervisor first, then each serving process with its render thread: ` +
      `${perProcess.join(' + ')} MB): ${mb(atStart)} (target ≤ ${START_TARGET_MB} MB: ` +
      `${atStart <= START_TARGET_MB ? 'holds' : 'missed'}). Their own memory (RssAnon, without the node binary's ` +
      `pages every process maps): ${ownPerProcess.join(' + ')} = ${sum(ownPerProcess)} MB; proportional (PSS: ` +
      `shared pages counted once) ${mb(pss)}.\n` +
      `Soak: ${seconds} s, ${connections} search connections, ${result.requests.total} searches ` +
      `(${result.non2xx} non-2xx, ${result.errors} errors)` +
      (paged
        ? `; ${pageConnections} page connection(s), ${paged.requests.total} pages (${paged.non2xx} non-2xx, ${paged.errors} errors)`
        : '') +
      `. RSS every 10 s: ${samples.map(Math.round).join(', ')} MB.\n` +
      `RSS first sample under load ${mb(first)}, max ${mb(Math.max(...samples, atEnd))}, end ${mb(atEnd)}: ` +
      `growth ${(growth * 100).toFixed(1)} % (target ≤ ${GROWTH_TARGET * 100} %: ${growth <= GROWTH_TARGET ? 'holds' : 'missed'}); ` +
      `from ${mb(settled)} after the first minute: ${(settledGrowth * 100).toFixed(1)} %; ` +
      `end ÷ after start: ${((atEnd / atStart - 1) * 100).toFixed(1)} %.\n` +
      `At the end, per process: ${endPerProcess.join(' + ')} MB (own: ${endOwnPerProcess.join(' + ')} MB).`,
  )
  const failures = result.non2xx + result.errors + (paged ? paged.non2xx + paged.errors : 0)
  if (failures > 0) process.exitCode = 1
} finally {
  await server.stop()
}
