// /graphql on the Fastify server: GET and POST, the content token checked as Contentful does
// (Authorization: Bearer), Contentful-shaped errors, and an ETag per (content version, query) so a
// repeated query answers 304 without being executed.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { measureJson } from '../../shared/json-measure.ts'
import { ENVIRONMENT_ID } from '../content-model.ts'
import { type ContentYoga, createContentYoga } from '../graphql/content-yoga.ts'
import { type ContentfulErrorCode, ERROR_STATUS, errorCode } from '../graphql/contentful-error.ts'
import type { ContentStore } from '../source/content-store.ts'

/** Contentful refuses queries over 8 KB (QUERY_TOO_BIG). */
export const MAX_QUERY_BYTES = 8192
/** Objects and arrays inside each other in `variables`; the content model's inputs need 3. */
export const MAX_VARIABLES_DEPTH = 16
const CACHE_ENTRIES = 500

interface GraphqlParams {
  query?: unknown
  variables?: unknown
  operationName?: unknown
}

interface CachedAnswer {
  status: number
  body: string
  etag: string
}

interface ErrorJson {
  message: string
  extensions?: Record<string, unknown>
  [key: string]: unknown
}

export interface GraphqlRouteOptions {
  store: ContentStore
  /** When set, every request needs `Authorization: Bearer <token>` (or `?access_token=`). */
  token: string | undefined
}

export default async function graphqlRoute(
  app: FastifyInstance,
  options: GraphqlRouteOptions,
): Promise<void> {
  const yoga = createContentYoga()
  const cache = new Map<string, CachedAnswer>()

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const requestId = randomUUID()
    reply.header('x-contentful-request-id', requestId)
    reply.header('cache-control', 'no-cache')
    if (options.token) reply.header('vary', 'Authorization')
    const fail = (code: ContentfulErrorCode, message: string) =>
      reply
        .code(ERROR_STATUS[code])
        .type('application/json; charset=utf-8')
        .send({ errors: [{ message, extensions: { contentful: { code, requestId } } }] })

    const environment = (request.params as { environment?: string }).environment
    if (environment !== undefined && environment !== ENVIRONMENT_ID) {
      return fail(
        'UNKNOWN_ENVIRONMENT',
        `Query cannot be executed. The environment "${environment}" does not exist`,
      )
    }
    const tokenProblem = checkToken(request, options.token)
    if (tokenProblem === 'missing') {
      return fail('ACCESS_TOKEN_MISSING', 'Missing access token: send "Authorization: Bearer <token>"')
    }
    if (tokenProblem === 'invalid') {
      return fail('ACCESS_TOKEN_INVALID', 'The access token you sent could not be found or is invalid.')
    }

    const params = (request.method === 'POST' ? request.body : request.query) as GraphqlParams | undefined
    const query = params?.query
    if (typeof query !== 'string' || query.trim() === '') {
      return fail('MISSING_QUERY', 'Query cannot be executed. The query is missing.')
    }
    if (Buffer.byteLength(query) > MAX_QUERY_BYTES) {
      return fail(
        'QUERY_TOO_BIG',
        `Query cannot be executed. The maximum allowed size for a query is ${MAX_QUERY_BYTES} bytes but it was ${Buffer.byteLength(query)} bytes`,
      )
    }
    let variables: unknown = params?.variables
    if (typeof variables === 'string' && variables !== '') {
      try {
        variables = JSON.parse(variables)
      } catch {
        return fail('INVALID_VARIABLES_FORMAT', 'Variables are not valid JSON.')
      }
    }
    if (
      variables !== undefined &&
      variables !== null &&
      variables !== '' &&
      (typeof variables !== 'object' || Array.isArray(variables))
    ) {
      return fail('INVALID_VARIABLES_FORMAT', 'Variables must be a JSON object.')
    }
    if (measureJson(variables, MAX_VARIABLES_DEPTH).depth > MAX_VARIABLES_DEPTH) {
      return fail(
        'INVALID_VARIABLES_FORMAT',
        `Variables are nested too deeply: more than ${MAX_VARIABLES_DEPTH} levels of objects and arrays`,
      )
    }
    const operationName = typeof params?.operationName === 'string' ? params.operationName : undefined

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
      answer = await execute(
        yoga,
        { query, variables: variables || undefined, operationName },
        { snapshot, assetBaseUrl },
      )
      answer.etag = etag
      if (answer.status < 500) remember(cache, key, answer)
    }
    if (answer.status === 200) reply.header('etag', answer.etag)
    return reply
      .code(answer.status)
      .type('application/json; charset=utf-8')
      .send(withRequestId(answer.body, requestId))
  }

  // Whatever fails unforeseen is still answered in Contentful's shape, never with an internal message.
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
      .type('application/json; charset=utf-8')
      .send({ errors: [{ message, extensions: { contentful: { code, requestId } } }] })
  })

  for (const url of ['/graphql', '/graphql/environments/:environment']) {
    app.route({ method: ['GET', 'POST'], url, handler })
  }
}

/** Bearer token in the header, or `access_token` in the query string, as Contentful accepts. */
function checkToken(request: FastifyRequest, token: string | undefined): 'missing' | 'invalid' | undefined {
  if (!token) return undefined
  const header = request.headers.authorization
  const fromQuery = (request.query as { access_token?: unknown } | undefined)?.access_token
  const sent = header
    ? (/^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? '')
    : typeof fromQuery === 'string'
      ? fromQuery
      : undefined
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

async function execute(
  yoga: ContentYoga,
  params: { query: string; variables: unknown; operationName: string | undefined },
  context: { snapshot: ContentStore['snapshot']; assetBaseUrl: string },
): Promise<CachedAnswer> {
  const response = await yoga.fetch(
    'http://content.local/graphql',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(params),
    },
    context,
  )
  const result = (await response.json()) as { data?: unknown; errors?: ErrorJson[] }
  if (!result.errors?.length) return { status: 200, body: JSON.stringify(result), etag: '' }
  // Without data the request failed as a whole (400 at least); partial answers keep 200 unless an
  // error is one Contentful answers with a 4xx even then (e.g. a limit over 1000).
  let status = result.data === undefined || result.data === null ? 400 : 200
  const errors = result.errors.map((error) => {
    const code = errorCode(error) ?? inferCode(error)
    status = Math.max(status, ERROR_STATUS[code])
    const { code: _yogaCode, contentful, ...rest } = error.extensions ?? {}
    const details = (contentful as { details?: unknown } | undefined)?.details
    return {
      ...error,
      extensions: {
        ...rest,
        contentful: { code, requestId: REQUEST_ID_PLACEHOLDER, ...(details ? { details } : {}) },
      },
    }
  })
  return { status, body: JSON.stringify({ ...result, errors }), etag: '' }
}

function inferCode(error: ErrorJson): ContentfulErrorCode {
  const yogaCode = error.extensions?.code
  if (yogaCode === 'GRAPHQL_PARSE_FAILED' || error.message.startsWith('Syntax Error'))
    return 'INVALID_QUERY_FORMAT'
  if (yogaCode === 'GRAPHQL_VALIDATION_FAILED' || yogaCode === 'BAD_USER_INPUT')
    return 'GRAPHQL_VALIDATION_FAILED'
  if (error.message.startsWith('Variable "')) return 'INVALID_VARIABLES_FORMAT'
  if (error.message.startsWith('Unknown operation named')) return 'QUERY_OPERATION_NAME_MISMATCH'
  return error.message === 'Unexpected error.' ? 'INTERNAL_SERVER_ERROR' : 'GRAPHQL_VALIDATION_FAILED'
}
