// The body of POST /1/indexes/*/queries, read and answered: its searches and facet-value searches
// in order, with the request's hits budget and strategy. The server's route and the browser's
// OfflineSearch answer a body with this same code.
import type { FacetSearchResult } from '../engine/types.ts'
import type { WorkBudget } from '../engine/work-budget.ts'
import { badRequest, invalidValue } from '../protocol/algolia-error.ts'
import { MAX_QUERIES_PER_REQUEST } from '../protocol/request-limits.ts'
import { type Params, parseSearchParams } from '../protocol/search-params.ts'
import {
  checkHitsBudget,
  executeFacetSearch,
  executeSearch,
  keyedSearch,
  requestBudget,
  type SearchRecording,
  type SearchResponse,
  turns,
} from './search-execution.ts'
import type { SearchGrant, SearchReader } from './search-reader.ts'

const MULTI_FIELDS = ['indexName', 'type', 'facet']

export interface MultiRequest {
  indexName: string
  type: 'default' | 'facet'
  facet?: string
  params: Params
}

type MultiQueryStrategy = 'none' | 'stopIfEnoughMatches'

export interface MultiQuery {
  requests: MultiRequest[]
  strategy: MultiQueryStrategy
}

export type MultiQueryResponse = {
  results: Array<Partial<SearchResponse> | FacetSearchResult>
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

/** A multi-query body as sent, checked: its requests parsed, its strategy known. */
export function readMultiQuery(body: unknown): MultiQuery {
  const { requests, strategy = 'none' } = (body ?? {}) as { requests?: unknown; strategy?: unknown }
  if (!Array.isArray(requests)) throw invalidValue('requests', 'array')
  if (requests.length > MAX_QUERIES_PER_REQUEST) {
    throw badRequest(
      `Too many queries in multi query request: ${requests.length}, the limit is ${MAX_QUERIES_PER_REQUEST}`,
    )
  }
  if (strategy !== 'none' && strategy !== 'stopIfEnoughMatches') {
    throw invalidValue('strategy', 'one of none, stopIfEnoughMatches')
  }
  return { requests: requests.map(readMultiRequest), strategy }
}

/**
 * Answers a checked multi-query, in order; the caller has authorized its indexes. Its queries
 * share one work budget: the request's, not one per query.
 */
export async function executeMultiQuery(
  reader: SearchReader,
  grant: SearchGrant,
  { requests, strategy }: MultiQuery,
  record?: SearchRecording,
  budget: WorkBudget = requestBudget(grant),
): Promise<MultiQueryResponse> {
  // The key's forced parameters are applied once per search; the hits budget, the search, its
  // recording and its response fields read them.
  const searches = requests.map((query) =>
    query.type === 'default' ? keyedSearch(grant, query.indexName, query.params) : undefined,
  )
  checkHitsBudget(
    reader,
    grant,
    searches.filter((search) => search !== undefined),
  )
  const turn = turns()
  let enough = false
  const results: MultiQueryResponse['results'] = []
  for (const [position, query] of requests.entries()) {
    // Other requests (and /healthz) are answered between the queries of a long multi-query,
    // not after all of them.
    await turn.next()
    if (query.type === 'facet') {
      results.push(executeFacetSearch(reader, grant, query.indexName, query.facet!, query.params, budget))
      continue
    }
    // stopIfEnoughMatches: once a query filled its page, later ones are answered empty.
    const result = await executeSearch(
      reader,
      grant,
      searches[position]!,
      enough ? { hitsPerPage: 0, budget } : { budget },
      record,
    )
    if (strategy === 'stopIfEnoughMatches' && (result.nbHits ?? 0) >= (result.hitsPerPage ?? 0)) enough = true
    results.push(result)
  }
  return { results }
}
