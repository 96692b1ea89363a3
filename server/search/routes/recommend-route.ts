// POST /1/indexes/*/recommendations: Algolia's Recommend API over our own models (related and
// looking-similar items, bought-together, trending items and facet values). Search-only and
// secured keys apply as for a search: their indexes, their forced filters, their hit limits.
import { notFound, SEARCH_BODY_LIMIT_BYTES } from '../../../search-core/index.ts'
import { executeRecommendations } from '../execution/recommend-execution.ts'
import type { EventLog } from '../insights/event-log.ts'
import { readRecommendRequest, recommendRequests } from '../protocol/recommend-request.ts'
import { multiIndexSchema } from '../protocol/route-schemas.ts'
import { Recommender } from '../recommend/recommender.ts'
import { RecommendCatalog } from '../service/recommend-catalog.ts'
import type { SearchService } from '../service/search-service.ts'
import { budgetOf, grantOf, readAuthorized } from './algolia-http.ts'
import type { RoutePlugin } from './route-plugin.ts'

const recommendationsRoute = {
  config: { acl: 'search' },
  schema: multiIndexSchema,
  bodyLimit: SEARCH_BODY_LIMIT_BYTES,
} as const

/** `trendingMinClients`: distinct clients whose events a record needs before it trends (the model's default). */
const recommendRoute: RoutePlugin<{
  service: SearchService
  events: EventLog
  trendingMinClients?: number
}> = async (app, options) => {
  const { service } = options
  const catalog = new RecommendCatalog(service)
  const recommender = new Recommender({
    catalog,
    events: options.events,
    ...(options.trendingMinClients !== undefined ? { trendingMinClients: options.trendingMinClients } : {}),
    logger: { info: (message) => app.log.info(message), debug: (message) => app.log.debug(message) },
  })
  app.addHook('onClose', async () => recommender.close())
  const recommending = { service, catalog, recommender }

  app.post(
    '/indexes/:indexName/recommendations',
    recommendationsRoute,
    async function getRecommendations(request) {
      if (request.params.indexName !== '*') throw notFound(request)
      const requests = readAuthorized(request, recommendRequests(request.body), readRecommendRequest)
      const grant = grantOf(request)
      return { results: await executeRecommendations(recommending, grant, requests, budgetOf(request)) }
    },
  )
}

export default recommendRoute
