// /graphql on the Fastify server: GET and POST, the content token checked as Contentful does
// (Authorization: Bearer), Contentful-shaped errors, and an ETag per (content version, query) so a
// repeated query answers 304 without being executed.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto'
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify'
import { measureJson } from '../../shared/json-measure.ts'
import { ENVIRONMENT_ID } from '../content-model.ts'
import { type ContentfulErrorCode, ERROR_STATUS, errorCode } from '../graphql/contentful-error.ts'
import { createQueryExecutor, type QueryAnswer } from '../graphql/execute-query.ts'
import type { ContentStore } from '../source/content-store.ts'

/** Contentful refuses queries over 8 KB (QUERY_TOO_BIG). */
const MAX_QUERY_BYTES = 8192
/** Objects and arrays inside each other in `variables`; the content model's inputs need 3. */
const MAX_VARIABLES_DEPTH = 16
const CACHE_ENTRIES = 500

const params = {
  type: 'object',
  properties: { environment: { type: 'string' } },
} as const

/** GET: the parameters as strings, `variables` as JSON. Others (urql's `extensions`) are ignored. */
const querystring = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    variables: { type: 'string' },
    operationName: { type: 'string' },
    access_token: { type: 'string' },
  },
  additionalProperties: true,
} as const

/** POST: `variables` is an object, or a string of JSON as some clients send it; the handler checks
 * it with Contentful's codes. Other members (`extensions`) are ignored. */
const body = {
  type: ['object', 'null'],
  properties: {
    query: { type: 'string' },
    variables: {},
    operationName: { type: ['string', 'null'] },
  },
  additionalProperties: true,
} as const

/** What the handler reads, from the query string (GET) or the body (POST). */
interface GraphqlInput {
  environment: string | undefined
  accessToken: string | undefined
  params: { query?: string; variables?: unknown; operationName?: string | null } | null
}

interface CachedAnswer {
  status: number
  body: string
  etag: string
}

interface GraphqlRouteOptions {
  store: ContentStore
  /** When set, every request needs `Authorization: Bearer <token>` (or `?access_token=`). */
  token: string | undefined
}

/** The answer's body: Contentful's error shape, each error's `requestId` still a placeholder. */
type ErrorBody = { errors: { message: string; extensions: { contentful: Record<string, unknown> } }[] }

function errorBody(code: ContentfulErrorCode, message: string, requestId: string): ErrorBody {
  return { errors: [{ message, extensions: { contentful: { code, requestId } } }] }
}

const graphqlRoute: FastifyPluginAsync<
  GraphqlRouteOptions,
  RawServerDefault,
  JsonSchemaToTsProvider
> = async (app, options) => {
  const executeQuery = createQueryExecutor()
  const cache = new Map<string, CachedAnswer>()

  // Whatever fails before the handler (a body that is no JSON, parameters of the wrong type) or
  // unforeseen is still answered in Contentful's shape, never with an internal message.
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500
    const client = status >= 400 && status < 500
    if (!client) request.log.error(error)
    const code: ContentfulErrorCode = client ? 'INVALID_QUERY_FORMAT' : 'INTERNAL_SERVER_ERROR'
    const requestId = String(reply.getHeader('x-contentful-request-id') ?? randomUUID())
    const message = client
      ? 'Query cannot be executed. The request could not be read.'
      : 'Query cannot be executed. An internal error occurred.'
    return reply
      .code(client ? 400 : 500)
      .header('x-contentful-request-id', requestId)
      .header('cache-control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(errorBody(code, message, requestId))
  })

  /** One GraphQL request, whether it came as GET or POST. */
  const respond = async (request: FastifyRequest, reply: FastifyReply, input: GraphqlInput) => {
    const requestId = randomUUID()
    reply.header('x-contentful-request-id', requestId)
    reply.header('cache-control', 'no-cache')
    if (options.token) reply.header('vary', 'Authorization')
    const fail = (code: ContentfulErrorCode, message: string) =>
      reply
        .code(ERROR_STATUS[code])
        .type('application/json; charset=utf-8')
        .send(errorBody(code, message, requestId))

    const { environment, accessToken, params } = input
    if (environment !== undefined && environment !== ENVIRONMENT_ID) {
      return fail(
        'UNKNOWN_ENVIRONMENT',
        `Query cannot be executed. The environment "${environment}" does not exist`,
      )
    }
    const tokenProblem = checkToken(request, accessToken, options.token)
    if (tokenProblem === 'missing') {
      return fail('ACCESS_TOKEN_MISSING', 'Missing access token: send "Authorization: Bearer <token>"')
    }
    if (tokenProblem === 'invalid') {
      return fail('ACCESS_TOKEN_INVALID', 'The access token you sent could not be found or is invalid.')
    }

    const query = params?.query
    if (query === undefined || query.trim() === '') {
      return fail('MISSING_QUERY', 'Query cannot be executed. The query is missing.')
    }
    if (Buffer.byteLength(query) > MAX_QUERY_BYTES) {
      return fail(
        'QUERY_TOO_BIG',
        `Query cannot be executed. The maximum allowed size for a query is ${MAX_QUERY_BYTES} bytes but it was ${Buffer.byteLength(query)} bytes`,
      )
    }
    const variables = readVariables(params?.variables)
    if (typeof variables === 'string') return fail('INVALID_VARIABLES_FORMAT', variables)
    const operationName = params?.operationName || undefined

    const snapshot = options.store.snapshot
    const assetBaseUrl = `${request.protocol}://${request.host}/content/assets/`
    const key = createHash('sha256')
      .update(
        JSON.stringify([snapshot.version, assetBaseUrl, query, variables ?? null, operationName ?? null]),
      )
      .digest('base64url')
      .slice(0, 27)
    const etag = `"${key}"`
    const conditional = request.method === 'GET' || request.method === 'HEAD'
    if (conditional && ifNoneMatch(request, etag)) return reply.code(304).header('etag', etag).send()

    let answer = cache.get(key)
    if (!answer) {
      const result = await executeQuery({ query, variables, operationName }, { snapshot, assetBaseUrl })
      for (const error of result.unexpected) request.log.error(error)
      answer = { ...serialize(result), etag }
      if (answer.status < 500) remember(cache, key, answer)
    }
    if (answer.status === 200) reply.header('etag', answer.etag)
    return reply
      .code(answer.status)
      .type('application/json; charset=utf-8')
      .send(withRequestId(answer.body, requestId))
  }

  for (const url of ['/graphql', '/graphql/environments/:environment']) {
    app.get(url, { schema: { params, querystring } }, (request, reply) =>
      respond(request, reply, {
        environment: request.params.environment,
        accessToken: request.query.access_token,
        params: request.query,
      }),
    )
    app.post(url, { schema: { params, querystring, body } }, (request, reply) =>
      respond(request, reply, {
        environment: request.params.environment,
        accessToken: request.query.access_token,
        params: request.body,
      }),
    )
  }
}

export default graphqlRoute

/** The variables as an object (absent, null or '' is none), or what is wrong with them. */
function readVariables(raw: unknown): Record<string, unknown> | undefined | string {
  let variables = raw
  if (typeof variables === 'string' && variables !== '') {
    try {
      variables = JSON.parse(variables)
    } catch {
      return 'Variables are not valid JSON.'
    }
  }
  if (variables === undefined || variables === null || variables === '') return undefined
  if (typeof variables !== 'object' || Array.isArray(variables)) return 'Variables must be a JSON object.'
  if (measureJson(variables, MAX_VARIABLES_DEPTH).depth > MAX_VARIABLES_DEPTH) {
    return `Variables are nested too deeply: more than ${MAX_VARIABLES_DEPTH} levels of objects and arrays`
  }
  return variables as Record<string, unknown>
}

/** Bearer token in the header, or `access_token` in the query string, as Contentful accepts. */
function checkToken(
  request: FastifyRequest,
  fromQuery: string | undefined,
  token: string | undefined,
): 'missing' | 'invalid' | undefined {
  if (!token) return undefined
  const header = request.headers.authorization
  const sent = header ? (/^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? '') : fromQuery
  if (sent === undefined) return 'missing'
  const a = createHash('sha256').update(sent).digest()
  const b = createHash('sha256').update(token).digest()
  return timingSafeEqual(a, b) ? undefined : 'invalid'
}

function ifNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match']
  if (!header) return false
  return header === '*' || header.split(',').some((value) => value.trim().replace(/^W\//, '') === etag)
}

function remember(cache: Map<string, CachedAnswer>, key: string, answer: CachedAnswer): void {
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!) // full, so it has a first key
  cache.set(key, answer)
}

const REQUEST_ID_PLACEHOLDER = '__CONTENTFUL_REQUEST_ID__'

/** Cached bodies carry a placeholder where each answer's own request ID goes. */
function withRequestId(body: string, requestId: string): string {
  return body.replaceAll(REQUEST_ID_PLACEHOLDER, requestId)
}

/** Without data the request failed as a whole (400 at least); partial answers keep 200 unless an
 * error is one Contentful answers with a 4xx even then (e.g. a limit over 1000). */
function serialize(result: QueryAnswer): { status: number; body: string } {
  if (result.errors.length === 0) return { status: 200, body: JSON.stringify({ data: result.data }) }
  let status = result.data === undefined || result.data === null ? 400 : 200
  const errors = result.errors.map((error) => {
    const code = errorCode(error) ?? 'INTERNAL_SERVER_ERROR'
    status = Math.max(status, ERROR_STATUS[code])
    const { contentful, ...rest } = error.extensions
    const details = (contentful as { details?: unknown }).details
    return {
      ...error.toJSON(),
      extensions: {
        ...rest,
        contentful: { code, requestId: REQUEST_ID_PLACEHOLDER, ...(details ? { details } : {}) },
      },
    }
  })
  const data = result.data === undefined ? {} : { data: result.data }
  return { status, body: JSON.stringify({ errors, ...data }) }
}
