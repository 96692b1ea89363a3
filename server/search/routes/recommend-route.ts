// POST /1/indexes/*/recommendations: Algolia's Recommend API over our own models (related and
// looking-similar items, bought-together, trending items and facet values). Search-only and
// secured keys apply as for a search: their indexes, their forced filters, their hit limits.

import {
  invalidValue,
  MAX_RECOMMEND_REQUESTS_PER_CALL as MAX_REQUESTS,
  notFound,
  requestBudget,
  SEARCH_BODY_LIMIT_BYTES,
  turns,
} from '../../../search-core/index.ts'
import { executeRecommend } from '../execution/recommend-execution.ts'
import type { EventLog } from '../insights/event-log.ts'
import { readRecommendRequest } from '../protocol/recommend-request.ts'
import { multiIndexSchema } from '../protocol/route-schemas.ts'
import { Recommender } from '../recommend/recommender.ts'
import { RecommendCatalog } from '../service/recommend-catalog.ts'
import type { SearchService } from '../service/search-service.ts'
import { clientGone, grantOf, readAuthorized } from './algolia-http.ts'
import type { RoutePlugin } from './route-plugin.ts'

/** `trendingMinClients`: distinct clients whose events a record needs before it trends (the model's default). */
const recommendRoute: RoutePlugin<{
  service: SearchService
  events: EventLog
  trendingMinClients?: number
}> = async (app, options) => {
  const catalog = new RecommendCatalog(options.service)
  const recommender = new Recommender({
    catalog,
    events: options.events,
    ...(options.trendingMinClients !== undefined ? { trendingMinClients: options.trendingMinClients } : {}),
    logger: { info: (message) => app.log.info(message), debug: (message) => app.log.debug(message) },
  })
  app.addHook('onClose', async () => recommender.close())

  app.post(
    '/indexes/:indexName/recommendations',
    { config: { acl: 'search' }, schema: multiIndexSchema, bodyLimit: SEARCH_BODY_LIMIT_BYTES },
    async (request) => {
      if (request.params.indexName !== '*') throw notFound(request)
      const requests = request.body?.requests
      if (!Array.isArray(requests) || requests.length === 0 || requests.length > MAX_REQUESTS) {
        throw invalidValue('requests', `array of 1 to ${MAX_REQUESTS} requests`)
      }
      const parsed = readAuthorized(request, requests, readRecommendRequest)
      const grant = grantOf(request)
      const results = []
      const turn = turns()
      // One work budget for the call; each entry is a slice of it.
      const budget = requestBudget(grant, clientGone(request))
      for (const entry of parsed) {
        // Other requests are answered between the entries of a long call.
        await turn.next()
        budget.slice()
        results.push(executeRecommend(options.service, catalog, recommender, grant, entry, budget))
      }
      return { results }
    },
  )
}

export default recommendRoute
