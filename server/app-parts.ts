// The steps buildApp (app.ts) takes: each part of the app built, wired and closed with it.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { nextRuleChange } from '../search-core/index.ts'
import { withoutLocale } from '../web/i18n/locale.ts'
import type { Config } from './config.ts'
import { ContentStore } from './content/source/content-store.ts'
import type { Database } from './db/database.ts'
import { Metrics } from './ops/metrics.ts'
import type { ProcessExposition } from './ops/metrics-merge.ts'
import { analyticsSchedule } from './search/analytics/analytics-schedule.ts'
import { QuerySuggestions } from './search/analytics/query-suggestions.ts'
import { SearchAnalytics } from './search/analytics/search-analytics.ts'
import { SearchRecorder } from './search/analytics/search-recorder.ts'
import type { Credentials } from './search/credentials.ts'
import type { RepeatedAnswers } from './search/execution/repeated-multi-query.ts'
import { EventLog } from './search/insights/event-log.ts'
import { ApiKeys } from './search/keys/api-keys.ts'
import type { RateCounter } from './search/keys/rate-limits.ts'
import { narrowKeyParams, readKeyParams } from './search/protocol/key-params.ts'
import { SearchService, type SharedLog } from './search/service/search-service.ts'
import type { StoredEvent } from './search/store/event-store.ts'
import { EventStore } from './search/store/event-store.ts'
import { KeyStore } from './search/store/key-store.ts'
import { SearchLogStore } from './search/store/search-log-store.ts'
import type { SearchStore } from './search/store/search-store.ts'
import { TaskStore } from './search/store/task-store.ts'
import { AddressBudget } from './shared/address-budget.ts'
import { importStations } from './stations/import-stations.ts'
import { upgradeConfiguration, upgradeMessage } from './stations/station-configuration.ts'
import { stationFactsOf } from './stations/station-facts.ts'
import { upgradeStationFacts } from './stations/station-facts-upgrade.ts'
import { STATIONS_INDEX, type StationRecord } from './stations/station-records.ts'
import { busiestStationCities } from './stations/suggestion-seeds.ts'
import { budgetCounters } from './web/address-budgets.ts'
import { KeptPages } from './web/kept-pages.ts'
import { type PageSources, pageHead, renderHead } from './web/page-head.ts'
import { publicConfig } from './web/public-config.ts'
import type { RenderUsage } from './web/render-thread.ts'
import { ServerRenderer } from './web/server-render.ts'
import siteIndex from './web/site-index.ts'
import staticFiles from './web/static-files.ts'
import stationFactsRoute from './web/station-facts-route.ts'

const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url))
const RENDERER_ENTRY = fileURLToPath(new URL('../dist-ssr/entry-server.js', import.meta.url))

/**
 * What a process needs from the others when several serve one DATA_DIR (server/workers.ts): one
 * writer applies the task log and passes engine changes on, the rest replay them; the rate limits,
 * the IP pseudonyms' key, the analytics buffers and the recommendation models' events are shared.
 */
export interface Peers {
  shared: SharedLog
  ipKey: Uint8Array
  rateLimits: RateCounter
  /** Every other process writes the searches it holds for analytics. */
  flushAnalytics(): Promise<void>
  /** Tells the others of events this process stored. */
  eventsRecorded(events: StoredEvent[]): void
  /** The metrics of every serving process, this one's among them, for one scrape of the whole server. */
  expositions(): Promise<ProcessExposition[]>
}

export interface BuildOptions {
  distDir?: string
  /** The server renderer (`vite build --ssr`); default dist-ssr/entry-server.js beside dist/. */
  rendererEntry?: string
  logger?: boolean
  /** Follow edits to CONTENT_DIR (default true). */
  watchContent?: boolean
  /** Set when this process is one of several serving the same DATA_DIR. */
  peers?: Peers
}

/** A log for the parts built here, written through the app's logger. */
export interface PartLog {
  info(message: string): void
  error(error: unknown, message: string): void
}

/** The CMS content; a broken content file stops the start here, with a ContentError naming file and line. */
export async function openContent(
  app: FastifyInstance,
  config: Config,
  options: BuildOptions,
): Promise<ContentStore> {
  const content = await ContentStore.open(config.CONTENT_DIR, {
    info: (message) => app.log.info(message),
    error: (message) => app.log.error(message),
  })
  if (options.watchContent !== false) content.watch()
  app.addHook('onClose', async () => content.close())
  return content
}

export function searchService(
  app: FastifyInstance,
  config: Config,
  db: Database,
  store: SearchStore,
  peers: Peers | undefined,
): SearchService {
  return new SearchService(store, new TaskStore(db), {
    applyDelayMs: config.SEARCH_TASK_DELAY_MS,
    ...(peers ? { shared: peers.shared } : {}),
    // The write was acknowledged; it is published without its changes and the queue goes on.
    onFailure: (task, error) =>
      app.log.error(
        { task, err: error },
        `task ${task.id} (${task.kind}) failed when applied; published unchanged`,
      ),
  })
}

/** The API keys: a key's forced parameters are read as a params string; a secured key's are narrowed within its parent's. */
export function apiKeys(config: Config, db: Database, credentials: Credentials): ApiKeys {
  return new ApiKeys(
    new KeyStore(db),
    credentials,
    { read: readKeyParams, narrow: narrowKeyParams },
    { searchKeyMaxQueriesPerIPPerHour: config.SEARCH_API_KEY_MAX_QUERIES_PER_IP_PER_HOUR },
  )
}

/** Insights events, the search log, the Analytics API's reports and the query suggestions with their schedule. */
export function analyticsParts(
  config: Config,
  db: Database,
  search: SearchService,
  log: PartLog,
  peers: Peers | undefined,
) {
  const events = new EventLog(new EventStore(db), peers?.eventsRecorded)
  const searchLog = new SearchLogStore(db)
  const recorder = new SearchRecorder(searchLog, {
    onError: (error) => log.error(error, 'search analytics: recording failed'),
    ...(peers ? { ipKey: peers.ipKey } : {}),
  })
  const analytics = new SearchAnalytics(searchLog, events, recorder, peers?.flushAnalytics)
  const querySuggestions = new QuerySuggestions(search, analytics, {
    sourceIndex: STATIONS_INDEX,
    indexName: `${STATIONS_INDEX}_query_suggestions`,
    facets: ['federalState'],
    // A suggestion is spelled as a station's name or its place spells it.
    spelledIn: ['name', 'city'],
    seeds: () => busiestStationCities(search),
    minUsers: config.QUERY_SUGGESTIONS_MIN_USERS,
    days: config.QUERY_SUGGESTIONS_DAYS,
    minHits: config.QUERY_SUGGESTIONS_MIN_HITS,
    minLetters: config.QUERY_SUGGESTIONS_MIN_LETTERS,
    maxSuggestions: config.QUERY_SUGGESTIONS_MAX,
    exclude: config.QUERY_SUGGESTIONS_EXCLUDE,
    banned: config.QUERY_SUGGESTIONS_BANNED,
  })
  const schedule = analyticsSchedule(recorder, querySuggestions, log, events)
  return { events, recorder, analytics, querySuggestions, schedule }
}

/** This process's metrics: the indexes' sizes, the task queue, the kept answers and pages. */
export function appMetrics(
  search: SearchService,
  answers: RepeatedAnswers | undefined,
  pages: KeptPages | undefined,
  renders: RenderUsage,
): Metrics {
  return new Metrics({
    *indexRecords() {
      for (const index of search.listIndexes()) {
        if (!index.settings.primary) yield [index.name, index.entries] as const
      }
    },
    pendingTasks: () => search.pendingTaskCount(),
    pageRenders: () => renders,
    ...(answers
      ? {
          answerCache: () => {
            const { hits, misses, bytes, size } = answers.cache
            return { hits, misses, bytes, entries: size }
          },
        }
      : {}),
    ...(pages
      ? {
          pageCache: () => {
            const { hits, misses, bytes, size } = pages.entries
            return { hits, misses, bytes, entries: size }
          },
        }
      : {}),
  })
}

/**
 * Rendered pages kept to be sent again (none with PAGE_CACHE_MB=0): each for the indexes'
 * generation and the content's version it was rendered at, until its minute ends or a query rule
 * of any index starts or stops; none while the stations are loading.
 */
export function keptPages(
  config: Config,
  search: SearchService,
  content: ContentStore,
): KeptPages | undefined {
  if (config.PAGE_CACHE_MB === 0) return undefined
  return new KeptPages(config.PAGE_CACHE_MB * 1024 * 1024, {
    version: () => (search.ready ? `${search.generation} ${content.snapshot.version}` : undefined),
    expiresAt(now) {
      let expires = (Math.floor(now / 60_000) + 1) * 60_000
      // From memory: listing the indexes reads and parses every index's settings from the store.
      for (const rules of search.ruleSets())
        expires = Math.min(expires, nextRuleChange(rules, now / 1000) * 1000)
      return expires
    },
  })
}

/**
 * Imports the stations into an empty store, loads the indexes, applies what the task log holds,
 * upgrades the stations' configuration, and starts the analytics schedule. A follower only loads
 * what the writer has imported, recovered and upgraded.
 */
export async function warmUp(
  app: FastifyInstance,
  store: SearchStore,
  search: SearchService,
  schedule: ReturnType<typeof analyticsSchedule>,
  peers: Peers | undefined,
): Promise<void> {
  if (peers?.shared.role === 'follower') {
    await search.load()
    return
  }
  const fresh = !store.hasIndex(STATIONS_INDEX)
  if (fresh) {
    const summary = await importStations(store)
    app.log.info(summary, `imported ${summary.records} stations into an empty store`)
  }
  const recovered = await search.load()
  if (recovered > 0) app.log.info(`applied ${recovered} logged writes left unapplied by the last run`)
  // After recovery, so that the comparison sees every acknowledged write; published before health.
  if (!fresh) {
    const upgrade = upgradeMessage(upgradeConfiguration(store, search))
    if (upgrade) app.log[upgrade.level](upgrade.message)
    const facts = upgradeStationFacts(store, search)
    if ('taskID' in facts)
      app.log.info(
        `station facts: adding trains, platform heights and lifts to ${facts.updated} stations stored before them (task ${facts.taskID})`,
      )
  }
  schedule.start()
  // On a fresh install the first query suggestions are written at start: published before warm-up ends.
  await search.idle()
}

/**
 * The per-address budgets for searches and pages. Per process, as the connections per address are:
 * a flood spread over WORKERS processes meets each one's budget (docs/operations.md).
 */
export function addressBudgets(app: FastifyInstance, config: Config) {
  const created: AddressBudget[] = []
  const counter = budgetCounters(config.TRUST_PROXY, (message) => app.log.warn(message))
  const budget = (perMinute: number, burst: number) => {
    if (perMinute === 0) return undefined
    const made = new AddressBudget({ perMinute, burst })
    created.push(made)
    return counter(made)
  }
  app.addHook('onClose', async () => {
    for (const made of created) made.close()
  })
  return {
    search: budget(config.SEARCHES_PER_IP_PER_MINUTE, config.SEARCH_BURST_PER_IP),
    page: budget(config.PAGES_PER_IP_PER_MINUTE, config.PAGE_BURST_PER_IP),
  }
}

/** The sitemap, the server renderer and the app's files and pages. */
export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  options: BuildOptions,
  parts: {
    store: SearchStore
    search: SearchService
    content: ContentStore
    credentials: Credentials
    pageBudget: ReturnType<typeof addressBudgets>['page']
    keptPages: KeptPages | undefined
    renders: RenderUsage
  },
): Promise<void> {
  const { store, search, content, credentials, pageBudget, keptPages, renders } = parts
  const pageSources: PageSources = {
    station: (id) =>
      search.ready ? (search.getObject(STATIONS_INDEX, id) as StationRecord | undefined) : undefined,
    stationFacts: stationFactsOf,
    entry: (type, slug) =>
      [...content.snapshot.entries.values()].find(
        (entry) => entry.contentType === type && entry.fields.slug === slug,
      ),
  }
  await app.register(siteIndex, {
    stations: () => ({
      ids: (function* () {
        for (const record of store.records(STATIONS_INDEX)) yield record.objectID
      })(),
      updatedAt: store.getIndex(STATIONS_INDEX)?.updatedAt,
    }),
    content: () =>
      [...content.snapshot.entries.values()]
        .filter((entry) => entry.contentType === 'page' || entry.contentType === 'notice')
        .map((entry) => ({
          section: entry.contentType === 'page' ? ('info' as const) : ('meldungen' as const),
          slug: String(entry.fields.slug),
          publishedAt: entry.sys.publishedAt,
        })),
    version: () => `${store.getIndex(STATIONS_INDEX)?.updatedAt ?? ''} ${content.snapshot.version}`,
  })
  await app.register(stationFactsRoute)
  const distDir = options.distDir ?? DIST_DIR
  const renderer = new ServerRenderer(app, {
    entry:
      options.rendererEntry ??
      (options.distDir ? join(options.distDir, '..', 'dist-ssr', 'entry-server.js') : RENDERER_ENTRY),
    distDir,
    config: (request) => publicConfig(config, credentials, request),
    usage: renders,
  })
  // Starts the render thread, which loads the renderer and its chunks, in the background once the
  // server is up (never holding up its start: a busy machine takes seconds), so the first visitor
  // rarely waits for it.
  app.addHook('onReady', async () => {
    void renderer.prepare()
  })
  app.addHook('onClose', () => renderer.close())
  await app.register(staticFiles, {
    distDir,
    render: (request) => renderer.render(request),
    ...(pageBudget ? { pageBudget } : {}),
    ...(keptPages ? { keptPages } : {}),
    page(path, query, origin) {
      const head = pageHead(path, query, origin, pageSources)
      // Before the stations are loaded a station cannot be told from an unknown one: served as found.
      const starting = !search.ready && withoutLocale(path).startsWith('/bahnhof/')
      return { status: starting ? 200 : head.status, head: renderHead(head) }
    },
  })
}
