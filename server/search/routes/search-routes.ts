// Read routes: single and multi-index search, facet-value search and browse.
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  checkHitsBudget,
  executeBrowse,
  executeFacetSearch,
  executeSearch,
  type MultiQueryResponse,
  type MultiRequest,
  notFound,
  type Params,
  parseParamsString,
  parseSearchParams,
  readMultiQuery,
  requestBudget,
  SEARCH_BODY_LIMIT_BYTES,
  type SearchResponse,
} from '../../../search-core/index.ts'
import { SplicedAnswers } from '../../shared/spliced-answers.ts'
import type { SearchRecorder } from '../analytics/search-recorder.ts'
import { answerMultiQuery, type KeptReply, type RepeatedAnswers } from '../execution/repeated-multi-query.ts'
import { fillAnswer, paddedLengths, paddedTexts } from '../protocol/answer-cache.ts'
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
import { authorizeAcl, authorizeIndex, clientGone, grantOf, readAuthorized } from './algolia-http.ts'
import type { RoutePlugin } from './route-plugin.ts'
import { searchRecording } from './search-recording.ts'

/** Kept answers up to this size (UTF-16 units) go out compressed from pieces (~1–4 ms to compress once). */
const MAX_SPLICED_CHARS = 128 * 1024

/** Bodies up to this size are keyed for kept answers (the web app's are 1–3 KB). */
const MAX_KEYED_BODY_BYTES = 64 * 1024

/** A GET search carries its parameters in the query string, next to the credentials. */
function paramsFromQuery(request: FastifyRequest): Params {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '')
  for (const name of [...query.keys()]) if (name.toLowerCase().startsWith('x-algolia-')) query.delete(name)
  return parseParamsString(query.toString(), { lenient: false })
}

const searchRoutes: RoutePlugin<{
  service: SearchService
  recorder?: SearchRecorder
  /** Answers kept for repeated multi-queries (none kept without it). */
  answers?: RepeatedAnswers
}> = async (app, options) => {
  const { service, recorder, answers } = options
  // A kept answer's compressed pieces, made when it is first repeated to a client that takes their
  // coding; they go with the kept answer.
  const spliced = new SplicedAnswers()
  /**
   * The body, for the answer cache to key: only a small one with its length declared (what browsers
   * send). Writing a large body out again as the key would double what reading it cost.
   */
  const keyable = (request: FastifyRequest): unknown => {
    const length = Number(request.headers['content-length'])
    return length > 0 && length <= MAX_KEYED_BODY_BYTES ? request.body : undefined
  }
  /** A kept answer sent as JSON text or compressed bytes, which Fastify sends as they are. */
  const sendKept = (request: FastifyRequest, reply: FastifyReply, answer: KeptReply): FastifyReply => {
    const { template, times } = answer
    let body: string | Buffer | undefined
    // Not for the smallest answers (the compression plugin leaves answers under 1 KB as they are),
    // nor the largest (compressing their pieces once would hold the event loop for milliseconds: the
    // plugin compresses them per answer, the largest off the event loop), nor for a client that
    // opts out with the plugin's X-No-Compression.
    const encodings = request.headers['accept-encoding']
    if (
      answer.repeated &&
      encodings !== undefined &&
      template.length >= 1024 &&
      template.length <= MAX_SPLICED_CHARS &&
      request.headers['x-no-compression'] === undefined
    ) {
      const compressed = spliced.answer(
        template,
        template.parts,
        () => paddedLengths(template),
        () => paddedTexts(template, times),
        encodings,
      )
      if (compressed) {
        reply.header('content-encoding', compressed.coding).header('vary', 'accept-encoding')
        body = compressed.body
      }
    }
    body ??= fillAnswer(template, times)
    return reply.type('application/json; charset=utf-8').send(body)
  }

  // find-my-way reads `*` as a wildcard, so the literal `*` of Algolia's path is a parameter here.
  app.post(
    '/indexes/:indexName/queries',
    {
      config: { acl: 'search' },
      schema: multiIndexSchema,
      serializerCompiler: plainJsonSerializer,
      bodyLimit: SEARCH_BODY_LIMIT_BYTES,
    },
    async (request, reply) => {
      if (request.params.indexName !== '*') throw notFound(request)
      const answer = await answerMultiQuery(answers, {
        reader: service,
        generation: service.generation,
        grant: grantOf(request),
        body: keyable(request),
        read: () => {
          const body = readMultiQuery(request.body)
          return {
            ...body,
            requests: readAuthorized(request, body.requests, (entry) => entry as MultiRequest),
          }
        },
        authorize: (index) => authorizeIndex(request, index),
        record: searchRecording(recorder, request),
        abandoned: clientGone(request),
      })
      if (!('template' in answer)) return answer
      return sendKept(request, reply, answer) as unknown as MultiQueryResponse
    },
  )

  const singleSearch = {
    config: { acl: 'search' as const },
    schema: { params: indexParams, body: optionalObjectBody, response: { 200: searchResponse, ...errors } },
    serializerCompiler: plainJsonSerializer,
    bodyLimit: SEARCH_BODY_LIMIT_BYTES,
  }
  /** One search of the path's index, within the request's hits budget. */
  const searchOne = (request: FastifyRequest<{ Params: { indexName: string } }>, params: Params) => {
    const grant = grantOf(request)
    const indexName = request.params.indexName
    checkHitsBudget(service, grant, [{ indexName, params }])
    const budget = requestBudget(grant, clientGone(request))
    return executeSearch(service, grant, indexName, params, { budget }, searchRecording(recorder, request))
  }
  // Kept answers as for multi-queries: the map asks every visitor for the same pages of 1,000 hits.
  app.post('/indexes/:indexName/query', singleSearch, async (request, reply) => {
    const indexName = request.params.indexName
    const answer = await answerMultiQuery(answers, {
      reader: service,
      generation: service.generation,
      grant: grantOf(request),
      body: keyable(request),
      single: { indexName },
      read: () => ({
        requests: [{ indexName, type: 'default', params: parseSearchParams(request.body) }],
        strategy: 'none',
      }),
      authorize: (index) => authorizeIndex(request, index),
      record: searchRecording(recorder, request),
      abandoned: clientGone(request),
    })
    if (!('template' in answer)) return answer.results[0] as Partial<SearchResponse>
    return sendKept(request, reply, answer) as unknown as Partial<SearchResponse>
  })
  const getSearch = {
    config: { acl: 'search' as const },
    schema: {
      params: indexParams,
      querystring: queryString({}),
      response: { 200: searchResponse, ...errors },
    },
    serializerCompiler: plainJsonSerializer,
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
      bodyLimit: SEARCH_BODY_LIMIT_BYTES,
    },
    async (request) => {
      const grant = grantOf(request)
      return executeFacetSearch(
        service,
        grant,
        request.params.indexName,
        request.params.facetName,
        parseSearchParams(request.body),
        requestBudget(grant, clientGone(request)),
      )
    },
  )

  app.post(
    '/indexes/:indexName/browse',
    {
      config: { acl: 'browse' },
      schema: { params: indexParams, body: optionalObjectBody, response: { 200: searchResponse, ...errors } },
      bodyLimit: SEARCH_BODY_LIMIT_BYTES,
    },
    async (request) => {
      authorizeAcl(request, 'browse')
      const grant = grantOf(request)
      return executeBrowse(
        service,
        grant,
        request.params.indexName,
        parseSearchParams(request.body),
        requestBudget(grant, clientGone(request)),
      )
    },
  )
}

export default searchRoutes
