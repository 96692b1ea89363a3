// Builds the Fastify app (no listen): search API, content API, web app, health and run-time config.
import type { FastifyInstance } from 'fastify'
import { BODY_LIMIT_BYTES } from '../search-core/index.ts'
import {
  addressBudgets,
  analyticsParts,
  apiKeys,
  appMetrics,
  type BuildOptions,
  keptPages,
  openContent,
  type PartLog,
  registerWebApp,
  searchService,
  warmUp,
} from './app-parts.ts'
import type { Config } from './config.ts'
import contentPlugin from './content/routes/content-plugin.ts'
import type { ContentStore } from './content/source/content-store.ts'
import { closeDatabase, type Database, openDatabase } from './db/database.ts'
import { createFastify, registerDelivery } from './http-stack.ts'
import type { Metrics } from './ops/metrics.ts'
import type { QuerySuggestions } from './search/analytics/query-suggestions.ts'
import type { SearchAnalytics } from './search/analytics/search-analytics.ts'
import type { SearchRecorder } from './search/analytics/search-recorder.ts'
import { type Credentials, loadCredentials } from './search/credentials.ts'
import { RepeatedAnswers } from './search/execution/repeated-multi-query.ts'
import type { EventLog } from './search/insights/event-log.ts'
import searchPlugin from './search/routes/search-plugin.ts'
import type { SearchService } from './search/service/search-service.ts'
import { SearchStore } from './search/store/search-store.ts'
import { FALLBACK_CHECKPOINT_PAGES } from './wal-checkpoints.ts'
import publicConfigRoute from './web/public-config.ts'
import { RenderUsage } from './web/render-thread.ts'

interface AppContext {
  config: Config
  db: Database
  store: SearchStore
  search: SearchService
  credentials: Credentials
  /** The CMS content (pages, notices, assets), reloaded when its files change. */
  content: ContentStore
  /** Search analytics: the Analytics API's reports over recorded searches and insights events. */
  analytics: SearchAnalytics
  /** The query suggestions index (`stations_query_suggestions`), rebuilt on a schedule. */
  querySuggestions: QuerySuggestions
  /** Insights events (other processes' events are heard here). */
  events: EventLog
  /** Searches waiting to be written for analytics. */
  recorder: SearchRecorder
  /** This process's request counts and gauges (GET /metrics). */
  metrics: Metrics
  /** Imports the stations into an empty store, then loads the search indexes. Health turns ok after it. */
  warmUp(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext
  }
}

/**
 * Builds the app in named steps: the content, the search service with its keys, analytics and
 * metrics, then the routes (delivery, search, content, config, health) and the web app.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = createFastify(config, options.logger !== false)
  const log: PartLog = {
    info: (message) => app.log.info(message),
    error: (error, message) => app.log.error({ err: error }, message),
  }
  const content = await openContent(app, config, options)
  const db = openDatabase(
    config.DATA_DIR,
    options.peers ? { checkpointPages: FALLBACK_CHECKPOINT_PAGES } : {},
  )
  const store = new SearchStore(db)
  const credentials = loadCredentials(config)
  const search = searchService(app, config, db, store, options.peers)
  const keys = apiKeys(config, db, credentials)
  const { schedule, ...insights } = analyticsParts(config, db, search, log, options.peers)
  const answers =
    config.SEARCH_ANSWER_CACHE_MB > 0
      ? new RepeatedAnswers(config.SEARCH_ANSWER_CACHE_MB * 1024 * 1024)
      : undefined
  const pages = keptPages(config, search, content)
  const renders = new RenderUsage()
  const metrics = appMetrics(search, answers, pages, renders)

  app.decorate('context', {
    config,
    db,
    store,
    search,
    credentials,
    content,
    ...insights,
    metrics,
    warmUp: () => warmUp(app, store, search, schedule, options.peers),
  } satisfies AppContext)
  app.addHook('onClose', async () => {
    // Unapplied writes stay in the task log; the next start applies them.
    search.close()
    schedule.stop()
    // Searches still queued for analytics are written before the database closes.
    insights.recorder.close()
    closeDatabase(db)
  })

  await registerDelivery(app, config, {
    metrics,
    ...(options.peers ? { expositions: options.peers.expositions } : {}),
    isAdminKey: (appId, apiKey) => keys.resolve(appId ?? keys.appId, apiKey)?.admin === true,
    token: config.METRICS_TOKEN,
  })
  const budgets = addressBudgets(app, config)
  await app.register(searchPlugin, {
    service: search,
    keys,
    events: insights.events,
    bodyLimit: BODY_LIMIT_BYTES,
    recorder: insights.recorder,
    analytics: insights.analytics,
    ...(options.peers ? { rateLimits: options.peers.rateLimits } : {}),
    ...(answers ? { answers } : {}),
    ...(budgets.search ? { addressBudget: budgets.search } : {}),
    trendingMinClients: config.TRENDING_MIN_CLIENTS,
  })
  await app.register(contentPlugin, { store: content, token: config.CONTENT_TOKEN })
  await app.register(publicConfigRoute, { config, credentials })
  app.get('/healthz', async (_request, reply) => {
    if (!search.ready) return reply.code(503).send({ status: 'starting' })
    return { status: 'ok' }
  })
  await registerWebApp(app, config, options, {
    store,
    search,
    content,
    credentials,
    pageBudget: budgets.page,
    keptPages: pages,
    renders,
  })
  return app
}
