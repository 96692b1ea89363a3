// One search (hits or facet values) from checked wire parameters to Algolia's response: the key's
// forced parameters and limits applied, the engine asked, and query, params, index, queryID added.
import { pageWindow } from '../engine/options.ts'
import type { FacetSearchResult, SearchParams, SearchResult } from '../engine/types.ts'
import {
  ADMIN_REQUEST_UNITS,
  REQUEST_UNITS,
  SLICE_UNITS,
  WorkBudget,
  WorkBudgetExceeded,
} from '../engine/work-budget.ts'
import { badRequest } from '../protocol/algolia-error.ts'
import { applyForcedParams, engineParamsOf, toEngineParams } from '../protocol/engine-params.ts'
import { MAX_HITS_PER_REQUEST } from '../protocol/request-limits.ts'
import { withResponseFields } from '../protocol/response-fields.ts'
import { type Params, paramsString, parseSearchParams } from '../protocol/search-params.ts'
import { tooExpensive } from '../protocol/work-refusal.ts'
import { fromBase64Url, newQueryID, nextTurn, toBase64Url } from './portable.ts'
import { applyRules, ruleResponseFields } from './rule-application.ts'
import type { SearchGrant as Grant, SearchReader } from './search-reader.ts'

/** Algolia's answer to one search: the engine's result and what the protocol adds to it. */
export interface SearchResponse extends Omit<SearchResult, 'hitsWithAllWords'> {
  query: string
  /** The parameters as sent, as a query string. */
  params: string
  index: string
  serverTimeMS: number
  queryID?: string
  cursor?: string
  redirect?: { index: RedirectReport[] }
  userData?: unknown[]
  appliedRules?: Array<{ objectID: string }>
  [field: string]: unknown
}

interface RedirectReport {
  source: string
  dest: string
  reason: string
  succeed: boolean
  data: { ruleObjectID: string }
}

/** What the engine knew of a search that its answer does not say. */
export interface SearchFacts {
  /** Some hit matched every query word (not only words left after removeWordsIfNoResults/optionalWords). */
  hitsWithAllWords: boolean
}

/** What analytics reads of an answer. */
export type RecordedAnswer = Pick<
  SearchResponse,
  'index' | 'query' | 'queryID' | 'nbHits' | 'page' | 'hitsPerPage'
> & { hits: ReadonlyArray<{ objectID: unknown }> }

/** Called with each search as sent and as answered (before responseFields trims it), for analytics. */
export type SearchRecording = (params: Params, answer: RecordedAnswer, facts: SearchFacts) => void

/**
 * The work budget of one request (all its searches): the admin key's is larger. `abandoned` says
 * whether the client still waits; no further slice of work runs once it does not.
 */
export function requestBudget(grant: Grant, abandoned?: () => boolean): WorkBudget {
  return new WorkBudget(grant.admin === true ? ADMIN_REQUEST_UNITS : REQUEST_UNITS, SLICE_UNITS, abandoned)
}

/** Runs a search's work; past its budget, the refusal names the request's parameter. */
async function withinBudget<T>(params: Params, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof WorkBudgetExceeded) throw tooExpensive(error, params)
    throw error
  }
}

/** The key's maxHitsPerQuery caps what one call may return. */
function capHits(params: SearchParams, grant: Grant): SearchParams {
  const max = grant.maxHitsPerQuery
  if (max <= 0) return params
  return {
    ...params,
    hitsPerPage: Math.min(params.hitsPerPage ?? 20, max),
    ...(params.length !== undefined ? { length: Math.min(params.length, max) } : {}),
  }
}

/**
 * Hits one search may return: what it asks for (its parameters with the key's forced ones), else
 * its index's default, within the key's cap.
 */
function requestedHits(reader: SearchReader, grant: Grant, index: string, effective: Params): number {
  const asked =
    typeof effective.length === 'number'
      ? effective.length
      : typeof effective.hitsPerPage === 'number'
        ? effective.hitsPerPage
        : (reader.defaultHitsPerPage(index) ?? 20)
  return grant.maxHitsPerQuery > 0 ? Math.min(asked, grant.maxHitsPerQuery) : asked
}

/** One search of a request: its parameters as sent and with the key's forced ones (applied once). */
export interface KeyedSearch {
  indexName: string
  params: Params
  effective: Params
}

/** A search's parameters with the key's forced ones: what every later step reads. */
export function keyedSearch(grant: Grant, indexName: string, params: Params): KeyedSearch {
  return { indexName, params, effective: applyForcedParams(params, grant.forcedParams) }
}

/**
 * Refuses a request whose searches ask for more hits together than one search may: decided from
 * the parameters alone, before any search runs.
 */
export function checkHitsBudget(reader: SearchReader, grant: Grant, searches: readonly KeyedSearch[]): void {
  let total = 0
  for (const { indexName, effective } of searches) total += requestedHits(reader, grant, indexName, effective)
  if (total > MAX_HITS_PER_REQUEST) {
    throw badRequest(
      `Too many hits requested: the queries of this request ask for ${total} hits together, the limit is ${MAX_HITS_PER_REQUEST} (lower hitsPerPage or send fewer queries)`,
    )
  }
}

/** One search within the request's budget (`extra.budget`, else its own), recorded as answered. */
export async function executeSearch(
  reader: SearchReader,
  grant: Grant,
  { indexName: index, params, effective }: KeyedSearch,
  extra: Partial<SearchParams> = {},
  record?: SearchRecording,
): Promise<Partial<SearchResponse>> {
  const budget = extra.budget ?? requestBudget(grant)
  const { response, hitsWithAllWords } = await withinBudget(effective, () =>
    runSearch(reader, grant, index, params, effective, { ...extra, budget }, true),
  )
  // Recorded as answered, before responseFields trims what the client sees.
  record?.(effective, response, { hitsWithAllWords })
  return withResponseFields(response, responseFieldsOf(reader, index, effective))
}

function responseFieldsOf(reader: SearchReader, index: string, effective: Params) {
  return effective.responseFields ?? (reader.searchSettings(index).responseFields as string[] | undefined)
}

/**
 * Hits built (highlighted, snippeted, retrieved) in one slice. A page of 1,000 hits with every
 * attribute highlighted costs ~90 ms at once; in slices of 100 (~9 ms each), other requests (and
 * /healthz) are answered between them once a slice has used the turn's budget.
 */
const HITS_PER_TURN = 100

/**
 * Hits built in the first slice of a longer page, which also matches, ranks and counts the facets:
 * with every attribute highlighted, 100 hits and the facets of every attribute took ~25 ms in one
 * turn; 20 leave it at the cost of a results page.
 */
const HITS_IN_FIRST_TURN = 20

/**
 * One search; a long page is built slice by slice, one slice per turn of the event loop. Each
 * engine call is a slice of the request's work budget.
 */
async function searchInTurns(
  reader: SearchReader,
  index: string,
  params: SearchParams,
): Promise<SearchResult> {
  const { count } = pageWindow(params, reader.searchSettings(index))
  params.budget?.slice()
  if (count <= HITS_IN_FIRST_TURN) return reader.search(index, params)
  const turn = turns()
  const first = reader.search(index, { ...params, hitSlice: { start: 0, end: HITS_IN_FIRST_TURN } })
  const hits = [...first.hits]
  let processing = first.processingTimeMS
  // The later slices need no facets: the first slice counted them.
  const rest: SearchParams = { ...params, facets: [] }
  for (let start = HITS_IN_FIRST_TURN; hits.length === start && start < count; start += HITS_PER_TURN) {
    await turn.next()
    params.budget?.slice()
    const slice = reader.search(index, { ...rest, hitSlice: { start, end: start + HITS_PER_TURN } })
    hits.push(...slice.hits)
    processing += slice.processingTimeMS
  }
  return { ...first, hits, processingTimeMS: processing }
}

async function runSearch(
  reader: SearchReader,
  grant: Grant,
  index: string,
  params: Params,
  effective: Params,
  extra: Partial<SearchParams>,
  rules: boolean,
): Promise<{ response: SearchResponse; hitsWithAllWords: boolean }> {
  const started = performance.now()
  const ruled = rules ? applyRules(reader, index, effective) : { params: effective, extra: {} }
  // A rule that changed the parameters does not override the key's: they are forced again.
  const resolved =
    ruled.params === effective
      ? engineParamsOf(effective, grant.forcedParams)
      : toEngineParams(ruled.params, grant.forcedParams)
  const engineParams = capHits({ ...resolved, ...ruled.extra, ...extra }, grant)
  const redirect = ruled.plan?.redirect
  const redirected = redirect !== undefined && reader.isVirtualReplicaOf(index, redirect.indexName)
  // Whether the hits match every word is for analytics only: Algolia's response has no such field.
  const { hitsWithAllWords, ...result } = await searchInTurns(
    reader,
    redirected ? redirect.indexName : index,
    engineParams,
  )
  const response: SearchResponse = {
    ...result,
    ...ruleResponseFields(ruled, effective.getRankingInfo === true),
    query: effective.query ?? '',
    params: paramsString(params),
    index,
    serverTimeMS: 0,
  }
  if (redirect !== undefined) {
    // A redirect rule answers from a virtual replica of the index; any other target is reported.
    response.redirect = {
      index: [
        {
          source: index,
          dest: redirect.indexName,
          reason: redirected
            ? 'redirected by a rule'
            : 'the destination is not a virtual replica of the index',
          succeed: redirected,
          data: { ruleObjectID: redirect.ruleObjectID },
        },
      ],
    }
  }
  if (effective.clickAnalytics === true) response.queryID = newQueryID()
  response.serverTimeMS = Math.max(1, Math.round(performance.now() - started))
  return { response, hitsWithAllWords }
}

export function executeFacetSearch(
  reader: SearchReader,
  grant: Grant,
  index: string,
  facet: string,
  params: Params,
  budget = requestBudget(grant),
): FacetSearchResult {
  const effective = applyForcedParams(params, grant.forcedParams)
  const engineParams = engineParamsOf(effective, grant.forcedParams)
  const facetQuery = typeof params.facetQuery === 'string' ? params.facetQuery : ''
  const maxFacetHits = typeof params.maxFacetHits === 'number' ? params.maxFacetHits : undefined
  budget.slice()
  try {
    const result = reader.searchForFacetValues(index, facet, facetQuery, {
      ...engineParams,
      budget,
      ...(maxFacetHits !== undefined ? { maxFacetHits } : {}),
    })
    return { ...result }
  } catch (error) {
    if (error instanceof WorkBudgetExceeded) throw tooExpensive(error, effective)
    throw error
  }
}

interface Cursor {
  params: Params
  page: number
}

function encodeCursor(cursor: Cursor): string {
  return toBase64Url(JSON.stringify(cursor))
}

function decodeCursor(text: string): Cursor {
  try {
    const cursor = JSON.parse(fromBase64Url(text)) as Cursor
    if (typeof cursor === 'object' && cursor && Number.isInteger(cursor.page) && cursor.page >= 0) {
      // A cursor comes back from the client: its parameters are checked again like a request's.
      return { page: cursor.page, params: parseSearchParams(cursor.params) }
    }
  } catch {
    // reported below
  }
  throw badRequest('cursor is not valid')
}

/** Browse: every matching record, 1,000 per page by default, past paginationLimitedTo, with a cursor. */
export async function executeBrowse(
  reader: SearchReader,
  grant: Grant,
  index: string,
  params: Params,
  budget = requestBudget(grant),
): Promise<Partial<SearchResponse>> {
  const { cursor: cursorText, ...rest } = params
  const cursor = typeof cursorText === 'string' ? decodeCursor(cursorText) : { params: rest, page: 0 }
  const hitsPerPage = typeof cursor.params.hitsPerPage === 'number' ? cursor.params.hitsPerPage : 1000
  const effective = applyForcedParams(cursor.params, grant.forcedParams)
  const { response } = await withinBudget(effective, () =>
    runSearch(
      reader,
      grant,
      index,
      cursor.params,
      effective,
      { page: cursor.page, hitsPerPage, paginationLimitedTo: Number.MAX_SAFE_INTEGER, budget },
      false,
    ),
  )
  const { nbPages } = response
  if (cursor.page + 1 < nbPages)
    response.cursor = encodeCursor({ params: cursor.params, page: cursor.page + 1 })
  return withResponseFields(response, responseFieldsOf(reader, index, effective))
}

/**
 * A request's share of the event loop: work on, or let other requests in first once this one has
 * held the loop for TURN_BUDGET_MS. A typical multi-query (three queries, ~1 ms) never yields, so
 * it pays nothing; a long one is answered between other requests.
 */
const TURN_BUDGET_MS = 5

export function turns(): { next(): Promise<void> } {
  let since = performance.now()
  return {
    async next() {
      if (performance.now() - since < TURN_BUDGET_MS) return
      await nextTurn()
      since = performance.now()
    },
  }
}
