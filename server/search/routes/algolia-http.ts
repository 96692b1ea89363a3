// Algolia's HTTP conventions for every /1/ route: JSON in any content-type (the lite client sends
// text/plain to avoid CORS preflights), credentials in headers or the query string, CORS for any
// origin, the key checked against the route's ACL and index before the body is read, and every
// error answered as `{ "message", "status" }`.
import cors from '@fastify/cors'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type Acl, type ApiKeys, type Grant, indexAllowed } from '../keys/api-keys.ts'
import { KeyRateLimits } from '../keys/rate-limits.ts'
import {
  AlgoliaError,
  badRequest,
  indexNotAllowed,
  invalidCredentials,
  methodNotAllowed,
  notFound,
  toAlgoliaError,
} from '../protocol/algolia-error.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** ACL the route needs; null: any valid key. Routes without it are not Algolia routes. */
    acl?: Acl | null
  }
  interface FastifyRequest {
    algoliaGrant: Grant | null
  }
}

export interface AlgoliaHttpOptions {
  keys: ApiKeys
  bodyLimit: number
}

/** The grant of an authenticated request (every Algolia route has one). */
export function grantOf(request: FastifyRequest): Grant {
  if (!request.algoliaGrant) throw invalidCredentials()
  return request.algoliaGrant
}

/** Checks that the request's key may use `index` (multi-index routes call it per index). */
export function authorizeIndex(request: FastifyRequest, index: string): void {
  if (!indexAllowed(grantOf(request), index)) throw indexNotAllowed()
}

/**
 * Reads each entry of a multi-index route's `requests` and checks every index it names against the
 * key, so that nothing runs unless all of them may.
 */
export function readAuthorized<T extends { indexName: string }>(
  request: FastifyRequest,
  requests: readonly unknown[],
  read: (raw: unknown, position: number) => T,
): T[] {
  const parsed = requests.map((raw, position) => read(raw, position))
  for (const entry of parsed) authorizeIndex(request, entry.indexName)
  return parsed
}

/** Checks an extra ACL some routes need beyond their own (e.g. browse inside a multi-query). */
export function authorizeAcl(request: FastifyRequest, acl: Acl): void {
  const grant = grantOf(request)
  if (!grant.admin && !grant.acl.has(acl)) throw methodNotAllowed()
}

function credential(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers[name]
  if (typeof header === 'string' && header !== '') return header
  // search-insights writes X-Algolia-API-Key in the query string: names are case-insensitive.
  const query = (request.query ?? {}) as Record<string, unknown>
  for (const [key, value] of Object.entries(query)) {
    if (key.toLowerCase() === name && typeof value === 'string') return value
  }
  return undefined
}

async function algoliaHttp(app: FastifyInstance, options: AlgoliaHttpOptions): Promise<void> {
  const { keys, bodyLimit } = options
  const rateLimits = new KeyRateLimits()
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    maxAge: 86400,
  })

  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    const text = String(body)
    if (text.trim() === '') return done(null, undefined)
    try {
      done(null, JSON.parse(text))
    } catch {
      done(badRequest('Invalid JSON'), undefined)
    }
  })

  app.decorateRequest('algoliaGrant', null)
  app.addHook('onRequest', async (request) => {
    const acl = request.routeOptions.config.acl
    if (acl === undefined) return
    const grant = keys.resolve(
      credential(request, 'x-algolia-application-id'),
      credential(request, 'x-algolia-api-key'),
    )
    if (!grant) throw invalidCredentials()
    // Limits count per key as sent: secured keys share their own budget, like Algolia's.
    if (!rateLimits.allow(grant.key, request.ip, grant.maxQueriesPerIPPerHour)) {
      throw new AlgoliaError(429, 'Too many requests')
    }
    request.algoliaGrant = grant
    if (acl !== null && !grant.admin && (acl === 'admin' || !grant.acl.has(acl))) throw methodNotAllowed()
    const index = (request.params as { indexName?: string } | undefined)?.indexName
    if (index !== undefined && index !== '*' && !indexAllowed(grant, index)) throw indexNotAllowed()
  })

  app.setNotFoundHandler((request, reply) => {
    const { status, message } = notFound(request)
    reply.code(status).send({ message, status })
  })

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, message } = errorReply(error, bodyLimit)
    if (status >= 500) request.log.error(error)
    reply.code(status).send({ message, status })
  })
}

function errorReply(error: FastifyError, bodyLimit: number): { status: number; message: string } {
  const known = toAlgoliaError(error)
  if (known) return { status: known.status, message: known.message }
  if (error.validation) return { status: 400, message: `Invalid request: ${error.message}` }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 400, message: `Request body exceeds the limit of ${bodyLimit / 1024 / 1024} MB` }
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) return { status, message: error.message }
  return { status: 500, message: 'Internal server error' }
}

export default fp(algoliaHttp, { name: 'algolia-http' })
