// Read routes: single and multi-index search, facet-value search and browse.
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  executeBrowse,
  executeFacetSearch,
  notFound,
  type Params,
  parseParamsString,
  parseSearchParams,
  SEARCH_BODY_LIMIT_BYTES,
} from '../../../search-core/index.ts'
import type { SearchRecorder } from '../analytics/search-recorder.ts'
import type { RepeatedAnswers } from '../execution/repeated-multi-query.ts'
import {
  errors,
  facetSearchResponse,
  indexParams,
  multiIndexSchema,
  optionalObjectBody,
  plainJsonSerializer,
  queryString,
  searchResponse,
} from '../protocol/route-schemas.ts'
import type { SearchService } from '../service/search-service.ts'
import { authorizeAcl, budgetOf, grantOf } from './algolia-http.ts'
import type { RoutePlugin } from './route-plugin.ts'
import searchAnswers from './search-answers.ts'

/** A GET search carries its parameters in the query string, next to the credentials. */
function paramsFromQuery(request: FastifyRequest): Params {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '')
  for (const name of [...query.keys()]) if (name.toLowerCase().startsWith('x-algolia-')) query.delete(name)
  return parseParamsString(query.toString(), { lenient: false })
}

const multiSearchRoute = {
  config: { acl: 'search' },
  schema: multiIndexSchema,
  serializerCompiler: plainJsonSerializer,
  bodyLimit: SEARCH_BODY_LIMIT_BYTES,
} as const

const searchRoute = {
  config: { acl: 'search' },
  schema: { params: indexParams, body: optionalObjectBody, response: { 200: searchResponse, ...errors } },
  serializerCompiler: plainJsonSerializer,
  bodyLimit: SEARCH_BODY_LIMIT_BYTES,
} as const

const searchByGetRoute = {
  config: { acl: 'search' },
  schema: { params: indexParams, querystring: queryString({}), response: { 200: searchResponse, ...errors } },
  serializerCompiler: plainJsonSerializer,
} as const

const facetSearchRoute = {
  config: { acl: 'search' },
  schema: {
    params: {
      type: 'object',
      properties: { indexName: { type: 'string' }, facetName: { type: 'string' } },
      required: ['indexName', 'facetName'],
    },
    body: optionalObjectBody,
    response: { 200: facetSearchResponse, ...errors },
  },
  bodyLimit: SEARCH_BODY_LIMIT_BYTES,
} as const

const browseRoute = {
  config: { acl: 'browse' },
  schema: { params: indexParams, body: optionalObjectBody, response: { 200: searchResponse, ...errors } },
  bodyLimit: SEARCH_BODY_LIMIT_BYTES,
} as const

const searchRoutes: RoutePlugin<{
  service: SearchService
  recorder?: SearchRecorder
  /** Answers kept for repeated multi-queries (none kept without it). */
  answers?: RepeatedAnswers
}> = async (app, options) => {
  const { service } = options
  await app.register(searchAnswers, options)

  // find-my-way reads `*` as a wildcard, so the literal `*` of Algolia's path is a parameter here.
  app.post('/indexes/:indexName/queries', multiSearchRoute, async function searchMany(request, reply) {
    if (request.params.indexName !== '*') throw notFound(request)
    return reply.sendSearches()
  })

  app.post('/indexes/:indexName/query', searchRoute, async function searchOne(request, reply) {
    return reply.sendSearches({
      indexName: request.params.indexName,
      params: parseSearchParams(request.body),
    })
  })

  app.get('/indexes/:indexName/query', searchByGetRoute, searchOneByGet)
  // The oldest clients search with GET /1/indexes/{indexName}?query=...
  app.get('/indexes/:indexName', searchByGetRoute, searchOneByGet)

  app.post(
    '/indexes/:indexName/facets/:facetName/query',
    facetSearchRoute,
    async function searchForFacetValues(request) {
      const { indexName, facetName } = request.params
      const params = parseSearchParams(request.body)
      return executeFacetSearch(service, grantOf(request), indexName, facetName, params, budgetOf(request))
    },
  )

  app.post('/indexes/:indexName/browse', browseRoute, async function browse(request) {
    authorizeAcl(request, 'browse')
    const params = parseSearchParams(request.body)
    return executeBrowse(service, grantOf(request), request.params.indexName, params, budgetOf(request))
  })
}

async function searchOneByGet(
  request: FastifyRequest<{ Params: { indexName: string } }>,
  reply: FastifyReply,
) {
  return reply.sendSearches({ indexName: request.params.indexName, params: paramsFromQuery(request) })
}

export default searchRoutes
