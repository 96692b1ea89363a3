// The server's metrics in Prometheus' text exposition format (version 0.0.4). Requests are counted
// on the request path, so that part stays cheap: every route owns its series, made once when the
// route is added, and a response costs one map lookup (its status) and a few additions. Everything
// else (records, tasks, memory, event-loop lag) is read when the metrics are scraped.
import { type ELDHistogram, monitorEventLoopDelay } from 'node:perf_hooks'

/** Upper bounds (seconds) of the request latency histogram's buckets; +Inf follows. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const

/** The route label of requests no route matched (web app pages served by the fallback, and 404s). */
export const NO_ROUTE = '(no route)'

/** What the metrics read at scrape time. */
export interface MetricSources {
  /** Records per index (replicas hold their primary's records and are left out). */
  indexRecords(): Iterable<readonly [index: string, records: number]>
  /** Writes acknowledged and logged but not applied yet. */
  pendingTasks(): number
  /** The kept answers of this process, when answers are kept. */
  answerCache?(): CacheCounts
  /** The kept rendered pages of this process, when pages are kept. */
  pageCache?(): CacheCounts
  /** Pages this process rendered, and the CPU time its render threads took for them. */
  pageRenders?(): { renders: number; cpuSeconds: number }
}

interface CacheCounts {
  hits: number
  misses: number
  bytes: number
  entries: number
}

/** The requests of one route and method: counts by status and a latency histogram. */
export class RouteSeries {
  readonly method: string
  readonly route: string
  readonly statuses = new Map<number, number>()
  /** Per bucket, not cumulative; the last one is +Inf. */
  readonly buckets = new Float64Array(LATENCY_BUCKETS.length + 1)
  sumSeconds = 0
  count = 0

  constructor(method: string, route: string) {
    this.method = method
    this.route = route
  }

  observe(status: number, milliseconds: number): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1)
    const seconds = milliseconds / 1000
    let bucket = 0
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket++
    this.buckets[bucket]!++
    this.sumSeconds += seconds
    this.count++
  }
}

const PREFIX = 'bahnhofsfinder_'

export class Metrics {
  readonly #sources: MetricSources
  readonly #series = new Map<string, RouteSeries>()
  readonly #loopDelay: ELDHistogram

  constructor(sources: MetricSources) {
    this.#sources = sources
    // Sampled every 10 ms; reset at every scrape, so each scrape reports the lag since the last one.
    this.#loopDelay = monitorEventLoopDelay({ resolution: 10 })
    this.#loopDelay.enable()
  }

  /** The series of a route and method (made on first use: when the route is added, not per request). */
  series(method: string, route: string): RouteSeries {
    const key = `${method} ${route}`
    let series = this.#series.get(key)
    if (!series) {
      series = new RouteSeries(method, route)
      this.#series.set(key, series)
    }
    return series
  }

  /** Stops sampling the event loop (the app is closing). */
  close(): void {
    this.#loopDelay.disable()
  }

  /** Every metric, in the text exposition format. */
  render(): string {
    const out: string[] = []
    const routes = [...this.#series.values()]
      .filter((series) => series.count > 0)
      .sort((a, b) => compare(a.route, b.route) || compare(a.method, b.method))

    header(
      out,
      `${PREFIX}http_requests_total`,
      'counter',
      'HTTP requests answered, by route pattern and status.',
    )
    for (const series of routes) {
      for (const status of [...series.statuses.keys()].sort((a, b) => a - b)) {
        sample(
          out,
          `${PREFIX}http_requests_total`,
          { method: series.method, route: series.route, status: String(status) },
          series.statuses.get(status)!,
        )
      }
    }

    const duration = `${PREFIX}http_request_duration_seconds`
    header(
      out,
      duration,
      'histogram',
      'Time from receiving a request to sending its answer, by route pattern.',
    )
    for (const series of routes) {
      const labels = { method: series.method, route: series.route }
      let cumulative = 0
      for (let bucket = 0; bucket < series.buckets.length; bucket++) {
        cumulative += series.buckets[bucket]!
        const le = bucket < LATENCY_BUCKETS.length ? String(LATENCY_BUCKETS[bucket]) : '+Inf'
        sample(out, `${duration}_bucket`, { ...labels, le }, cumulative)
      }
      sample(out, `${duration}_sum`, labels, series.sumSeconds)
      sample(out, `${duration}_count`, labels, series.count)
    }

    header(out, `${PREFIX}search_index_records`, 'gauge', 'Records in each search index.')
    for (const [index, records] of this.#sources.indexRecords()) {
      sample(out, `${PREFIX}search_index_records`, { index }, records)
    }
    header(
      out,
      `${PREFIX}search_tasks_pending`,
      'gauge',
      'Search writes acknowledged but not applied yet (the task queue depth).',
    )
    sample(out, `${PREFIX}search_tasks_pending`, {}, this.#sources.pendingTasks())
    renderCache(out, 'search_answer_cache', this.#sources.answerCache?.(), {
      hits: 'Searches answered again from a kept answer.',
      misses: 'Searches searched (no kept answer, or a stale one).',
      bytes: 'Bytes of the kept answers and their keys.',
      entries: 'Kept answers.',
    })
    renderCache(out, 'page_cache', this.#sources.pageCache?.(), {
      hits: 'Pages sent from a kept copy, without a render.',
      misses: 'Pages asked for that had no kept copy, or a stale one.',
      bytes: 'Bytes of the kept pages (their HTML, room for their compressed pieces) and their keys.',
      entries: 'Kept pages.',
    })

    const renders = this.#sources.pageRenders?.()
    if (renders) {
      header(out, `${PREFIX}page_renders_total`, 'counter', 'Pages rendered (not sent from a kept copy).')
      sample(out, `${PREFIX}page_renders_total`, {}, renders.renders)
      header(
        out,
        `${PREFIX}page_render_cpu_seconds_total`,
        'counter',
        'CPU time of the render threads (loading the renderer included).',
      )
      sample(out, `${PREFIX}page_render_cpu_seconds_total`, {}, renders.cpuSeconds)
    }

    this.#renderEventLoop(out)

    const memory = process.memoryUsage()
    header(out, 'nodejs_heap_size_used_bytes', 'gauge', 'V8 heap in use.')
    sample(out, 'nodejs_heap_size_used_bytes', {}, memory.heapUsed)
    header(out, 'process_resident_memory_bytes', 'gauge', 'Resident set size of the process.')
    sample(out, 'process_resident_memory_bytes', {}, memory.rss)
    header(out, 'process_start_time_seconds', 'gauge', 'Start time of the process, in Unix seconds.')
    sample(out, 'process_start_time_seconds', {}, Math.round(performance.timeOrigin) / 1000)
    return `${out.join('\n')}\n`
  }

  #renderEventLoop(out: string[]): void {
    const delay = this.#loopDelay
    // Without a sample since the last scrape the histogram has no values: NaN, not a made-up zero.
    const empty = delay.count === 0
    const seconds = (nanoseconds: number) => (empty ? Number.NaN : nanoseconds / 1e9)
    const gauges: [string, number, string][] = [
      ['mean', seconds(delay.mean), 'Mean event-loop lag'],
      ['p50', seconds(delay.percentile(50)), 'Median event-loop lag'],
      ['p99', seconds(delay.percentile(99)), '99th percentile of the event-loop lag'],
      ['max', seconds(delay.max), 'Largest event-loop lag'],
    ]
    for (const [name, value, help] of gauges) {
      const metric = `nodejs_eventloop_lag_${name}_seconds`
      header(out, metric, 'gauge', `${help} since the previous scrape.`)
      sample(out, metric, {}, value)
    }
    delay.reset()
  }
}

/** A kept store's counts, as four metrics named after it. */
function renderCache(
  out: string[],
  name: string,
  counts: CacheCounts | undefined,
  help: Record<keyof CacheCounts, string>,
): void {
  if (!counts) return
  const metric = `${PREFIX}${name}`
  header(out, `${metric}_hits_total`, 'counter', help.hits)
  sample(out, `${metric}_hits_total`, {}, counts.hits)
  header(out, `${metric}_misses_total`, 'counter', help.misses)
  sample(out, `${metric}_misses_total`, {}, counts.misses)
  header(out, `${metric}_bytes`, 'gauge', help.bytes)
  sample(out, `${metric}_bytes`, {}, counts.bytes)
  header(out, `${metric}_entries`, 'gauge', help.entries)
  sample(out, `${metric}_entries`, {}, counts.entries)
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function header(out: string[], name: string, type: 'counter' | 'gauge' | 'histogram', help: string): void {
  out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`)
}

function sample(out: string[], name: string, labels: Record<string, string>, value: number): void {
  const pairs = Object.entries(labels).map(([label, text]) => `${label}="${escapeLabel(text)}"`)
  out.push(`${name}${pairs.length > 0 ? `{${pairs.join(',')}}` : ''} ${formatValue(value)}`)
}

function escapeLabel(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN'
  if (value === Number.POSITIVE_INFINITY) return '+Inf'
  if (value === Number.NEGATIVE_INFINITY) return '-Inf'
  return String(value)
}
