// Algolia's HTTP conventions for every /1/ route: JSON in any content-type (the lite client sends
// text/plain to avoid CORS preflights), credentials in headers or the query string, CORS for any
// origin, the key checked against the route's ACL and index before the body is read, and every
// error answered as `{ "message", "status" }`.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import {
  AlgoliaError,
  indexNotAllowed,
  invalidCredentials,
  methodNotAllowed,
  requestBudget,
  type WorkBudget,
} from '../../../search-core/index.ts'
import { holdRefusal, retryAfterSeconds } from '../../shared/address-budget.ts'
import { type Acl, type ApiKeys, type Grant, indexAllowed, refererAllowed } from '../keys/api-keys.ts'
import { KeyRateLimits, type RateCounter } from '../keys/rate-limits.ts'
import { sourceAllowed } from '../keys/sources.ts'
import { algoliaWire } from './algolia-wire.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** ACL the route needs; null: any valid key. Routes without it are not Algolia routes. */
    acl?: Acl | null
  }
  interface FastifyRequest {
    algoliaGrant: Grant | null
  }
}

interface AlgoliaHttpOptions {
  keys: ApiKeys
  bodyLimit: number
  /** Where keys' per-IP limits are counted (default: in this process). */
  rateLimits?: RateCounter
  /**
   * Takes a request with any key but the admin key from its client's budget: 0 when it may go on,
   * else milliseconds to wait (none without it).
   */
  addressBudget?: (request: FastifyRequest) => number
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

/**
 * Whether the request's client has gone (its connection closed): work for it stops at the next
 * slice. Read between turns of the event loop, when the close has been seen.
 */
export function clientGone(request: FastifyRequest): () => boolean {
  const socket = request.raw.socket as { destroyed?: boolean } | null
  return () => socket?.destroyed === true
}

/** The request's work budget: its key's, and none left once its client has gone. */
export function budgetOf(request: FastifyRequest): WorkBudget {
  return requestBudget(grantOf(request), clientGone(request))
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
  const rateLimits = options.rateLimits ?? new KeyRateLimits()
  await algoliaWire(app, bodyLimit)
  app.decorateRequest('algoliaGrant', null)
  app.addHook('onRequest', async (request, reply) => {
    const acl = request.routeOptions.config.acl
    if (acl === undefined) return
    const grant = keys.resolve(
      credential(request, 'x-algolia-application-id'),
      credential(request, 'x-algolia-api-key'),
    )
    if (!grant) throw invalidCredentials()
    // request.ip is the socket's address unless TRUST_PROXY names the proxy in front.
    if (grant.sources && !sourceAllowed(grant.sources, request.ip)) {
      throw new AlgoliaError(403, 'This API key may not be used from this address (restrictSources)')
    }
    const referer = request.headers.referer ?? request.headers.origin
    if (!refererAllowed(grant, typeof referer === 'string' ? referer : undefined)) {
      throw new AlgoliaError(403, 'This API key may not be used from this referer (referers)')
    }
    // Before the key's own limit: a flood is refused here, in this process, at no further cost.
    const wait = grant.admin ? 0 : (options.addressBudget?.(request) ?? 0)
    if (wait > 0) {
      await holdRefusal(wait)
      const seconds = retryAfterSeconds(wait)
      reply.header('retry-after', String(seconds))
      throw new AlgoliaError(429, `Too many requests from this address: try again in ${seconds} s`)
    }
    // Limits count per key and IP; a secured key counts against its parent's budget.
    const limit = grant.maxQueriesPerIPPerHour
    const retryAfter = limit > 0 ? await rateLimits.retryAfter(grant.rateKey, request.ip, limit) : 0
    if (retryAfter > 0) {
      reply.header('retry-after', String(retryAfter))
      throw new AlgoliaError(
        429,
        'Too many requests: this API key has used its queries for this address and hour',
      )
    }
    request.algoliaGrant = grant
    if (acl !== null && !grant.admin && (acl === 'admin' || !grant.acl.has(acl))) throw methodNotAllowed()
    const index = (request.params as { indexName?: string } | undefined)?.indexName
    if (index !== undefined && index !== '*' && !indexAllowed(grant, index)) throw indexNotAllowed()
  })
}

export default fp(algoliaHttp, { name: 'algolia-http' })
