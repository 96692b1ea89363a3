import { describe, expect } from 'vitest'
import { it } from '../../tests/helpers/app-fixture.ts'
import { Metrics } from './metrics.ts'

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\.)*)"(,|$)/y

/** Reads the text exposition format strictly: every line a comment or `name{labels} value`. */
function parse(text: string): Sample[] {
  expect(text.endsWith('\n')).toBe(true)
  const samples: Sample[] = []
  for (const line of text.slice(0, -1).split('\n')) {
    if (/^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* \S/.test(line)) continue
    const match = SAMPLE.exec(line)
    if (!match) throw new Error(`not a sample line: ${line}`)
    const labels: Record<string, string> = {}
    const body = match[2] ?? ''
    LABEL.lastIndex = 0
    while (LABEL.lastIndex < body.length) {
      const label = LABEL.exec(body)
      if (!label) throw new Error(`bad labels in: ${line}`)
      labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c))
    }
    const value = match[3] === '+Inf' ? Number.POSITIVE_INFINITY : Number(match[3])
    if (match[3] !== 'NaN' && Number.isNaN(value)) throw new Error(`bad value in: ${line}`)
    samples.push({ name: match[1]!, labels, value })
  }
  return samples
}

function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample | undefined {
  return samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )
}

const TOKEN = 'metrics-token-0123456789'

describe('GET /metrics', () => {
  it('answers 401 without credentials, with the search-only key or a wrong admin key', async ({ app }) => {
    const { appId, searchKey } = app.context.credentials
    const attempts: Record<string, string>[] = [
      {},
      { 'x-algolia-application-id': appId, 'x-algolia-api-key': searchKey },
      { 'x-algolia-application-id': appId, 'x-algolia-api-key': 'not-the-admin-key-at-all' },
      // No METRICS_TOKEN is set: no bearer token opens it.
      { authorization: `Bearer ${TOKEN}` },
    ]
    for (const headers of attempts) {
      const response = await app.inject({ url: '/metrics', headers })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ message: expect.any(String), status: 401 })
    }
  })

  it('answers the admin key with every sample line in the exposition format', async ({ app }) => {
    const { appId, adminKey } = app.context.credentials
    await app.context.warmUp()
    const response = await app.inject({
      url: '/metrics',
      headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': adminKey },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
    const samples = parse(response.body)
    expect(find(samples, 'bahnhofsfinder_search_index_records', { index: 'stations' })?.value).toBe(5388)
    // Sort replicas hold their primary's records: only primaries are listed.
    expect(
      samples.filter((s) => s.name === 'bahnhofsfinder_search_index_records').map((s) => s.labels.index),
    ).toEqual(
      app.context.search
        .listIndexes()
        .filter((index) => !index.settings.primary)
        .map((index) => index.name),
    )
    expect(find(samples, 'bahnhofsfinder_search_tasks_pending')?.value).toBe(0)
    expect(find(samples, 'nodejs_heap_size_used_bytes')?.value).toBeGreaterThan(0)
    expect(find(samples, 'process_resident_memory_bytes')?.value).toBeGreaterThan(0)
    const started = find(samples, 'process_start_time_seconds')?.value ?? 0
    expect(started).toBeLessThanOrEqual(Date.now() / 1000)
    expect(started).toBeGreaterThan(Date.now() / 1000 - 3600)
    for (const name of ['mean', 'p50', 'p99', 'max']) {
      expect(find(samples, `nodejs_eventloop_lag_${name}_seconds`)).toBeDefined()
    }
  })

  it('counts requests by route pattern and status, never by the raw URL', async ({ app }) => {
    const { appId, adminKey, searchKey } = app.context.credentials
    const admin = { 'x-algolia-application-id': appId, 'x-algolia-api-key': adminKey }
    const scrape = async () => parse((await app.inject({ url: '/metrics', headers: admin })).body)
    const count = (samples: Sample[], route: string, status: string) =>
      find(samples, 'bahnhofsfinder_http_requests_total', { method: 'POST', route, status })?.value ?? 0

    const before = await scrape()
    for (const query of ['freiburg', 'köln']) {
      const response = await app.inject({
        method: 'POST',
        url: '/1/indexes/stations/query',
        headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': searchKey },
        payload: { query },
      })
      expect(response.statusCode).toBe(200)
    }
    await app.inject({ method: 'POST', url: '/1/indexes/stations/query', payload: { query: 'x' } })
    const after = await scrape()

    const route = '/1/indexes/:indexName/query'
    expect(count(after, route, '200') - count(before, route, '200')).toBe(2)
    expect(count(after, route, '403') - count(before, route, '403')).toBe(1)
    const text = (await app.inject({ url: '/metrics', headers: admin })).body
    expect(text).not.toContain('/1/indexes/stations/query')
    const histogram = { method: 'POST', route }
    const buckets = after.filter(
      (s) => s.name === 'bahnhofsfinder_http_request_duration_seconds_bucket' && s.labels.route === route,
    )
    expect(buckets.at(-1)?.labels.le).toBe('+Inf')
    expect(buckets.at(-1)?.value).toBe(
      find(after, 'bahnhofsfinder_http_request_duration_seconds_count', histogram)?.value,
    )
    // The app's pages by their route; unknown paths no route matched share one label.
    await app.inject('/bahnhof/8000207')
    const pages = find(await scrape(), 'bahnhofsfinder_http_requests_total', {
      method: 'GET',
      route: '/bahnhof/:id',
    })
    expect(pages?.value).toBeGreaterThanOrEqual(1)
    await app.inject('/gibt-es-nicht.js')
    const unmatched = find(await scrape(), 'bahnhofsfinder_http_requests_total', {
      method: 'GET',
      route: '(no route)',
      status: '404',
    })
    expect(unmatched?.value).toBeGreaterThanOrEqual(1)
  })

  it('shows acknowledged writes that wait to be applied as the task queue depth', async ({ restart }) => {
    const app = await restart({ METRICS_TOKEN: TOKEN, SEARCH_TASK_DELAY_MS: '600000' })
    await app.context.search.load()
    const { appId, adminKey } = app.context.credentials
    const write = await app.inject({
      method: 'POST',
      url: '/1/indexes/metrics_probe/batch',
      headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': adminKey },
      payload: { requests: [{ action: 'addObject', body: { objectID: 'a' } }] },
    })
    expect(write.statusCode).toBe(200)
    const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(find(parse(response.body), 'bahnhofsfinder_search_tasks_pending')?.value).toBe(1)
  })

  it('answers the admin key as a bearer, as its 401 promises; not the search key', async ({ app }) => {
    const { adminKey, searchKey } = app.context.credentials
    const admin = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${adminKey}` } })
    expect(admin.statusCode).toBe(200)
    const search = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${searchKey}` } })
    expect(search.statusCode).toBe(401)
    // The admin key without its app ID in the Algolia headers stays refused, as on the admin routes.
    const headerOnly = await app.inject({ url: '/metrics', headers: { 'x-algolia-api-key': adminKey } })
    expect(headerOnly.statusCode).toBe(401)
  })

  it('answers the metrics token as a bearer when METRICS_TOKEN is set', async ({ restart }) => {
    const app = await restart({ METRICS_TOKEN: TOKEN })
    const ok = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(ok.statusCode).toBe(200)
    expect(parse(ok.body).length).toBeGreaterThan(0)
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })
    expect(wrong.statusCode).toBe(401)
    const { appId, adminKey } = app.context.credentials
    const admin = await app.inject({
      url: '/metrics',
      headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': adminKey },
    })
    expect(admin.statusCode).toBe(200)
  })
})

describe('Metrics', () => {
  it('renders cumulative latency buckets and escapes label values', ({ expect }) => {
    const metrics = new Metrics({ indexRecords: () => [['a"b\\c', 3]], pendingTasks: () => 2 })
    try {
      const series = metrics.series('GET', '/x')
      series.observe(200, 0.5)
      series.observe(200, 30)
      series.observe(500, 20_000)
      const samples = parse(metrics.render())
      const bucket = (le: string) =>
        find(samples, 'bahnhofsfinder_http_request_duration_seconds_bucket', { route: '/x', le })?.value
      expect([bucket('0.001'), bucket('0.05'), bucket('10'), bucket('+Inf')]).toEqual([1, 2, 2, 3])
      expect(find(samples, 'bahnhofsfinder_http_request_duration_seconds_sum')?.value).toBeCloseTo(20.0305)
      expect(find(samples, 'bahnhofsfinder_http_requests_total', { status: '500' })?.value).toBe(1)
      expect(find(samples, 'bahnhofsfinder_search_index_records')?.labels.index).toBe('a"b\\c')
      expect(find(samples, 'bahnhofsfinder_search_tasks_pending')?.value).toBe(2)
    } finally {
      metrics.close()
    }
  })
})
