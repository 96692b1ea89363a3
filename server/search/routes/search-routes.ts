// Read routes: single and multi-index search, facet-value search and browse.
import type { FastifyRequest } from 'fastify'
import type { SearchRecorder } from '../analytics/search-recorder.ts'
import type { FacetSearchResult } from '../engine/types.ts'
import {
  checkHitsBudget,
  executeBrowse,
  executeFacetSearch,
  executeSearch,
  type SearchResponse,
  turns,
} from '../execution/search-execution.ts'
import { badRequest, invalidValue, notFound } from '../protocol/algolia-error.ts'
import { MAX_QUERIES_PER_REQUEST } from '../protocol/request-limits.ts'
import {
  errors,
  facetSearchResponse,
  indexParams,
  multiIndexSchema,
  optionalObjectBody,
  queryString,
  searchResponse,
} from '../protocol/route-schemas.ts'
import { type Params, parseParamsString, parseSearchParams } from '../protocol/search-params.ts'
import type { SearchService } from '../service/search-service.ts'
import { authorizeAcl, grantOf, readAuthorized } from './algolia-http.ts'
import type { RoutePlugin } from './route-plugin.ts'
import { searchRecording } from './search-recording.ts'

/** A GET search carries its parameters in the query string, next to the credentials. */
function paramsFromQuery(request: FastifyRequest): Params {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '')
  for (const name of [...query.keys()]) if (name.toLowerCase().startsWith('x-algolia-')) query.delete(name)
  return parseParamsString(query.toString(), { lenient: false })
}

const MULTI_FIELDS = ['indexName', 'type', 'facet']

interface MultiRequest {
  indexName: string
  type: 'default' | 'facet'
  facet?: string
  params: Params
}

/** Reads one entry of a multi-query's `requests`. */
function readMultiRequest(raw: unknown, position: number): MultiRequest {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw invalidValue(`requests[${position}]`, 'object')
  }
  const fields = raw as Record<string, unknown>
  if (typeof fields.indexName !== 'string' || fields.indexName === '')
    throw invalidValue('indexName', 'string')
  const type = fields.type ?? 'default'
  if (type !== 'default' && type !== 'facet') throw invalidValue('type', 'one of default, facet')
  if (type === 'facet' && (typeof fields.facet !== 'string' || fields.facet === '')) {
    throw invalidValue('facet', 'string')
  }
  const params = parseSearchParams(fields, MULTI_FIELDS)
  return { indexName: fields.indexName, type, facet: fields.facet as string | undefined, params }
}

const searchRoutes: RoutePlugin<{ service: SearchService; recorder?: SearchRecorder }> = async (
  app,
  options,
) => {
  const { service, recorder } = options

  // find-my-way reads `*` as a wildcard, so the literal `*` of Algolia's path is a parameter here.
  app.post(
    '/indexes/:indexName/queries',
    { config: { acl: 'search' }, schema: multiIndexSchema },
    async (request) => {
      if (request.params.indexName !== '*') throw notFound(request)
      const { requests, strategy = 'none' } = request.body ?? {}
      if (!Array.isArray(requests)) throw invalidValue('requests', 'array')
      if (requests.length > MAX_QUERIES_PER_REQUEST) {
        throw badRequest(
          `Too many queries in multi query request: ${requests.length}, the limit is ${MAX_QUERIES_PER_REQUEST}`,
        )
      }
      if (strategy !== 'none' && strategy !== 'stopIfEnoughMatches') {
        throw invalidValue('strategy', 'one of none, stopIfEnoughMatches')
      }
      const parsed = readAuthorized(request, requests, readMultiRequest)
      const grant = grantOf(request)
      checkHitsBudget(
        service,
        grant,
        parsed.filter((query) => query.type === 'default'),
      )
      const record = searchRecording(recorder, request)
      const turn = turns()
      let enough = false
      const results: Array<Partial<SearchResponse> | FacetSearchResult> = []
      for (const query of parsed) {
        // Other requests (and /healthz) are answered between the queries of a long multi-query,
        // not after all of them.
        await turn.next()
        if (query.type === 'facet') {
          results.push(executeFacetSearch(service, grant, query.indexName, query.facet!, query.params))
          continue
        }
        // stopIfEnoughMatches: once a query filled its page, later ones are answered empty.
        const result = await executeSearch(
          service,
          grant,
          query.indexName,
          query.params,
          enough ? { hitsPerPage: 0 } : {},
          record,
        )
        if (strategy === 'stopIfEnoughMatches' && (result.nbHits ?? 0) >= (result.hitsPerPage ?? 0))
          enough = true
        results.push(result)
      }
      return { results }
    },
  )

  const singleSearch = {
    config: { acl: 'search' as const },
    schema: { params: indexParams, body: optionalObjectBody, response: { 200: searchResponse, ...errors } },
  }
  /** One search of the path's index, within the request's hits budget. */
  const searchOne = (request: FastifyRequest<{ Params: { indexName: string } }>, params: Params) => {
    const grant = grantOf(request)
    const indexName = request.params.indexName
    checkHitsBudget(service, grant, [{ indexName, params }])
    return executeSearch(service, grant, indexName, params, {}, searchRecording(recorder, request))
  }
  app.post('/indexes/:indexName/query', singleSearch, async (request) =>
    searchOne(request, parseSearchParams(request.body)),
  )
  const getSearch = {
    config: { acl: 'search' as const },
    schema: {
      params: indexParams,
      querystring: queryString({}),
      response: { 200: searchResponse, ...errors },
    },
  }
  const handleGet = async (request: FastifyRequest<{ Params: { indexName: string } }>) =>
    searchOne(request, paramsFromQuery(request))
  app.get('/indexes/:indexName/query', getSearch, handleGet)
  // The oldest clients search with GET /1/indexes/{indexName}?query=...
  app.get('/indexes/:indexName', getSearch, handleGet)

  app.post(
    '/indexes/:indexName/facets/:facetName/query',
    {
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
    },
    async (request) =>
      executeFacetSearch(
        service,
        grantOf(request),
        request.params.indexName,
        request.params.facetName,
        parseSearchParams(request.body),
      ),
  )

  app.post(
    '/indexes/:indexName/browse',
    {
      config: { acl: 'browse' },
      schema: { params: indexParams, body: optionalObjectBody, response: { 200: searchResponse, ...errors } },
    },
    async (request) => {
      authorizeAcl(request, 'browse')
      return executeBrowse(
        service,
        grantOf(request),
        request.params.indexName,
        parseSearchParams(request.body),
      )
    },
  )
}

export default searchRoutes
