// What a search route hands the analytics recorder: the search as the client sent it (query,
// filters, tags, the user token from the X-Algolia-UserToken header or the userToken parameter)
// and what it answered (queryID, hits, and whether some hit matches every query word).
// `analytics: false` records nothing. The client's IP address stands in for a missing user token
// (as Algolia's analytics does), but only as a keyed hash whose key changes at every start: equal
// within a run, never stored readable.
import { createHmac, randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { SearchRecorder } from '../analytics/search-recorder.ts'
import type { SearchRecording } from '../execution/search-execution.ts'
import type { Params } from '../protocol/search-params.ts'

const IP_KEY = randomBytes(32)
/** Hashes of the addresses seen lately: a client sends many searches, each one hashed once. */
const hashedIPs = new Map<string, string>()
const HASHED_IPS_MAX = 10_000

function pseudonymousIP(ip: string): string {
  let hashed = hashedIPs.get(ip)
  if (hashed === undefined) {
    hashed = createHmac('sha256', IP_KEY).update(ip).digest('hex').slice(0, 16)
    if (hashedIPs.size >= HASHED_IPS_MAX) hashedIPs.clear()
    hashedIPs.set(ip, hashed)
  }
  return hashed
}

/** A search's filters as sent, for analytics (undefined when it had none). */
function sentFilters(params: Params): Record<string, unknown> | undefined {
  const filters: Record<string, unknown> = {}
  for (const name of ['filters', 'facetFilters', 'numericFilters', 'tagFilters', 'optionalFilters']) {
    const value = (params as Record<string, unknown>)[name]
    if (value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0))
      filters[name] = value
  }
  return Object.keys(filters).length > 0 ? filters : undefined
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** The recording callback for one request's searches (none without a recorder). */
export function searchRecording(
  recorder: SearchRecorder | undefined,
  request: FastifyRequest,
): SearchRecording | undefined {
  if (!recorder) return undefined
  return (params, answer, facts) => {
    if (params.analytics === false) return
    const userToken =
      header(request, 'x-algolia-usertoken') ??
      (typeof params.userToken === 'string' && params.userToken !== '' ? params.userToken : undefined)
    const { hits } = answer
    const filters = sentFilters(params)
    recorder.record({
      at: Date.now(),
      index: answer.index,
      query: answer.query,
      ...(answer.queryID !== undefined ? { queryID: answer.queryID } : {}),
      ...(filters ? { filters } : {}),
      nbHits: answer.nbHits,
      hitsWithAllWords: facts.hitsWithAllWords,
      page: answer.page,
      hitsPerPage: answer.hitsPerPage,
      hitIDs: hits.map((hit) => String(hit.objectID)),
      ...(userToken ? { userToken } : {}),
      clientIP: pseudonymousIP(request.ip),
      analyticsTags: Array.isArray(params.analyticsTags) ? params.analyticsTags.map(String) : [],
    })
  }
}
