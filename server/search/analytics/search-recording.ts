// What a search hands the analytics recorder: the search as the client sent it (query,
// filters, tags, the user token from the X-Algolia-UserToken header or the userToken parameter,
// unless the key forces one: a secured key's userToken is recorded whatever the request says)
// and what it answered (queryID, hits, and whether some hit matches every query word).
// `analytics: false` records nothing. The client's address stands in for a missing user token
// (as Algolia's analytics does), but only as the recorder's pseudonym of it, never stored readable.
import type { Params, SearchRecording } from '../../../search-core/index.ts'
import type { SearchRecorder } from './search-recorder.ts'

/** Who sent a request's searches, as its route read it. */
export interface SearchClient {
  /** The user token the request's key forces (a secured key's), which wins over any other. */
  forcedToken?: string | undefined
  /** The X-Algolia-UserToken header. */
  headerToken?: string | undefined
  /** The client's address (an IPv6 address by its /64: one client). */
  address: string
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

/**
 * The objectIDs of an answer's hits. A search answered again from a kept answer hands the same
 * hits each time: their IDs are listed once (and the log writes that list out once).
 */
const hitIDsOf = new WeakMap<readonly unknown[], string[]>()
function hitIDs(hits: ReadonlyArray<{ objectID: unknown }>): string[] {
  let ids = hitIDsOf.get(hits)
  if (ids === undefined) {
    ids = hits.map((hit) => String(hit.objectID))
    hitIDsOf.set(hits, ids)
  }
  return ids
}

/** The recording callback for one request's searches (none without a recorder). */
export function searchRecording(
  recorder: SearchRecorder | undefined,
  client: SearchClient,
): SearchRecording | undefined {
  if (!recorder) return undefined
  return (params, answer, facts) => {
    if (params.analytics === false) return
    const userToken =
      client.forcedToken ??
      client.headerToken ??
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
      hitIDs: hitIDs(hits),
      ...(userToken ? { userToken } : {}),
      clientIP: recorder.pseudonym(client.address),
      analyticsTags: Array.isArray(params.analyticsTags) ? params.analyticsTags.map(String) : [],
    })
  }
}
