// What a search route hands the analytics recorder: the search as the client sent it (query,
// filters, tags, the user token from the X-Algolia-UserToken header or the userToken parameter)
// and what it answered (queryID, hits, and whether some hit matches every query word).
// `analytics: false` records nothing. The client's IP address stands in for a missing user token
// (as Algolia's analytics does), but only as a keyed hash whose key changes at every start: equal
// within a run, never stored readable.
import { createHmac, randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { SearchRecorder } from '../analytics/search-recorder.ts'
import type { Params } from '../protocol/search-params.ts'

type Answer = Record<string, unknown>

const IP_KEY = randomBytes(32)
const pseudonymousIP = (ip: string): string =>
  createHmac('sha256', IP_KEY).update(ip).digest('hex').slice(0, 16)

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

/** What the engine knew of a search that its answer does not say. */
export interface SearchFacts {
  /** Some hit matched every query word (not only words left after removeWordsIfNoResults/optionalWords). */
  hitsWithAllWords: boolean
}

export type SearchRecording = (params: Params, answer: Answer, facts: SearchFacts) => void

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
    const hits = Array.isArray(answer.hits) ? (answer.hits as { objectID?: unknown }[]) : []
    const filters = sentFilters(params)
    recorder.record({
      at: Date.now(),
      index: String(answer.index ?? ''),
      query: typeof answer.query === 'string' ? answer.query : '',
      ...(typeof answer.queryID === 'string' ? { queryID: answer.queryID } : {}),
      ...(filters ? { filters } : {}),
      nbHits: Number(answer.nbHits ?? 0),
      hitsWithAllWords: facts.hitsWithAllWords,
      page: Number(answer.page ?? 0),
      hitsPerPage: Number(answer.hitsPerPage ?? 0),
      hitIDs: hits.map((hit) => String(hit.objectID)),
      ...(userToken ? { userToken } : {}),
      clientIP: pseudonymousIP(request.ip),
      analyticsTags: Array.isArray(params.analyticsTags) ? params.analyticsTags.map(String) : [],
    })
  }
}
