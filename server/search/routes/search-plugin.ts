// The Algolia-compatible REST protocol under /1/: HTTP conventions (content types, credentials,
// CORS, errors) for the whole prefix, then one plugin per group of routes. The stores and the
// service are built by the app and handed in: routes never reach into the store.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Params } from '../../../search-core/index.ts'
import type { SearchAnalytics } from '../analytics/search-analytics.ts'
import type { SearchRecorder } from '../analytics/search-recorder.ts'
import type { RepeatedAnswers } from '../execution/repeated-multi-query.ts'
import type { EventLog } from '../insights/event-log.ts'
import type { ApiKeys } from '../keys/api-keys.ts'
import { KeyRateLimits, type RateCounter } from '../keys/rate-limits.ts'
import type { SearchService } from '../service/search-service.ts'
import algoliaHttp from './algolia-http.ts'
import analyticsRoutes from './analytics-routes.ts'
import eventsRoute from './events-route.ts'
import indexRoutes from './index-routes.ts'
import keyRoutes from './key-routes.ts'
import objectRoutes from './object-routes.ts'
import recommendRoute from './recommend-route.ts'
import ruleRoutes from './rule-routes.ts'
import searchRoutes from './search-routes.ts'
import snapshotRoute from './snapshot-route.ts'
import synonymRoutes from './synonym-routes.ts'

export interface SearchPluginOptions {
  service: SearchService
  keys: ApiKeys<Params>
  events: EventLog
  bodyLimit: number
  /** Records searches for analytics (none recorded without it). */
  recorder?: SearchRecorder
  /** Answers the Analytics API under /2/ (not served without it). */
  analytics?: SearchAnalytics
  /** Where keys' per-IP limits are counted (default: in this process; /1/ and /2/ share it). */
  rateLimits?: RateCounter
  /** Answers kept for repeated multi-queries (none kept without it). */
  answers?: RepeatedAnswers
  /** Takes a request with any key but the admin key from its client's budget (none without it). */
  addressBudget?: (request: FastifyRequest) => number
  /** Distinct clients whose events a record needs before it trends (default: the model's). */
  trendingMinClients?: number
}

export default async function searchPlugin(
  app: FastifyInstance,
  options: SearchPluginOptions,
): Promise<void> {
  const { service, keys, events, bodyLimit, recorder, analytics, answers, addressBudget } = options
  const rateLimits = options.rateLimits ?? new KeyRateLimits()
  const http = { keys, bodyLimit, rateLimits, ...(addressBudget ? { addressBudget } : {}) }
  await app.register(
    async (api) => {
      await api.register(algoliaHttp, http)
      await api.register(searchRoutes, { service, recorder, ...(answers ? { answers } : {}) })
      await api.register(objectRoutes, { service })
      await api.register(indexRoutes, { service })
      await api.register(synonymRoutes, { service })
      await api.register(ruleRoutes, { service })
      await api.register(keyRoutes, { keys })
      await api.register(eventsRoute, { events, ...(recorder ? { recorder } : {}) })
      await api.register(recommendRoute, {
        service,
        events,
        ...(options.trendingMinClients !== undefined
          ? { trendingMinClients: options.trendingMinClients }
          : {}),
      })
    },
    { prefix: '/1' },
  )
  // The offline search's snapshot: our own route, so outside Algolia's /1/ (snapshot-route.ts).
  await app.register(
    async (api) => {
      await api.register(algoliaHttp, http)
      await api.register(snapshotRoute, { service })
    },
    { prefix: '/offline/1' },
  )
  // Algolia's Analytics API lives on its own host; here it shares the server, under /2/.
  if (analytics) {
    await app.register(
      async (api) => {
        await api.register(algoliaHttp, http)
        await api.register(analyticsRoutes, { analytics })
      },
      { prefix: '/2' },
    )
  }
}
