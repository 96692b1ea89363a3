// A multi-query answered from the answer cache when the same request was answered before and
// nothing it depends on has changed since (protocol/answer-cache.ts). The same request: the same
// body, but for each search's `userToken` (InstantSearch sends the visitor's own with every
// search; it changes no answer), with a key forcing the same. A repeated answer is still a search
// for analytics: each of its searches is recorded again, with this request's user token and a
// queryID of its own, and its `params` echo this request's user token.

import type { SearchGrant, SearchReader } from '../../../search-core/index.ts'
import {
  executeMultiQuery,
  type MultiQuery,
  type MultiQueryResponse,
  newQueryID,
  nextRuleChange,
  type Params,
  paramsString,
  type RecordedAnswer,
  requestBudget,
  type SearchFacts,
  type SearchRecording,
} from '../../../search-core/index.ts'
import {
  AnswerCache,
  type AnswerTemplate,
  answerTemplate,
  type ResultTimes,
} from '../protocol/answer-cache.ts'

interface RecordedSearch {
  params: Params
  answer: RecordedAnswer
  facts: SearchFacts
}

/** A kept answer: its JSON, the indexes the key must be allowed, and its searches for analytics. */
interface KeptAnswer {
  template: AnswerTemplate
  indexes: readonly string[]
  /** Per result: the search to record again (facet-value searches are not recorded). */
  searches: ReadonlyArray<RecordedSearch | undefined>
  /**
   * Per result: its `params` before and after the user token left out of the key (undefined: a
   * facet-value search, which has no params).
   */
  params: ReadonlyArray<{ before: string; after: string } | undefined>
  /** Per result: whether its search's user token was left out of the key. */
  shared: readonly boolean[]
}

export class RepeatedAnswers {
  readonly cache: AnswerCache<KeptAnswer>

  constructor(maxBytes: number) {
    this.cache = new AnswerCache(maxBytes)
  }
}

export interface MultiQueryRequest {
  reader: SearchReader
  /** The indexes' generation (SearchService.generation): an answer is kept for one. */
  generation: number
  grant: SearchGrant
  /** The request's body as parsed from its JSON (anything else: no answer is kept or reused). */
  body: unknown
  /**
   * A search of one index (`POST /1/indexes/{index}/query`): the body is that search's, and the
   * answer is its one result, not `{ results }`.
   */
  single?: { indexName: string }
  /** Reads the parsed body and checks its indexes against the key (throws when it may not run). */
  read(): MultiQuery
  /** Checks one index against the key (a repeated answer's indexes are checked again). */
  authorize(index: string): void
  record?: SearchRecording
  /** Whether the client has gone: its searches stop at the next slice of their work. */
  abandoned?: () => boolean
}

/**
 * A user token left out of the key: printable ASCII of up to 64 characters, always a valid
 * `userToken` (InstantSearch's `anonymous-<uuid>` is 46). Any other stays in the key, so a
 * request with it is searched and checked as before.
 */
const SHARED_TOKEN = /^[\x21-\x7e]{1,64}$/

/**
 * The key of a request's answer (what of the key changes answers, and the body without the user
 * tokens), and the user token of each search that was left out of it.
 */
function keyOf(
  grant: SearchGrant,
  body: unknown,
  single: { indexName: string } | undefined,
): { key: string; tokens: Array<string | undefined> } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const requests = single ? [body] : (body as { requests?: unknown }).requests
  if (!Array.isArray(requests)) return undefined
  // A key that forces a user token answers as that token: nothing is left out.
  const forcesToken = grant.forcedParams?.userToken !== undefined
  const tokens: Array<string | undefined> = []
  const shared = requests.map((entry: unknown) => {
    const token = (entry as { userToken?: unknown } | null)?.userToken
    if (forcesToken || typeof token !== 'string' || !SHARED_TOKEN.test(token)) {
      tokens.push(undefined)
      return entry
    }
    tokens.push(token)
    const { userToken: _token, ...rest } = entry as Record<string, unknown>
    return rest
  })
  // Everything else of the body is in the key as sent; the route's kind and index before it.
  const route = single ? `one\u0000${single.indexName}` : 'all'
  const sent = JSON.stringify(single ? shared[0] : { ...body, requests: shared })
  const forced = JSON.stringify(grant.forcedParams ?? {})
  return { key: `${route}\u0000${grant.maxHitsPerQuery}\u0000${forced}\u0000${sent}`, tokens }
}

/**
 * Each default search's `params` as paramsString writes it, split around the user token left out
 * of the key: the parameters before it and after it.
 */
function splitParams(params: Params, shared: boolean): { before: string; after: string } {
  if (!shared) return { before: paramsString(params), after: '' }
  const before: Record<string, unknown> = {}
  const after: Record<string, unknown> = {}
  let seen = false
  for (const [name, value] of Object.entries(params)) {
    if (name === 'userToken') seen = true
    else (seen ? after : before)[name] = value
  }
  return { before: paramsString(before as Params), after: paramsString(after as Params) }
}

/** Characters a form-encoded value keeps as they are (what URLSearchParams leaves unescaped). */
const FORM_SAFE = /^[\w.*-]*$/

/** `userToken=<token>` form-encoded; InstantSearch's `anonymous-<uuid>` needs no escaping. */
function tokenPair(token: string): string {
  return FORM_SAFE.test(token) ? `userToken=${token}` : new URLSearchParams({ userToken: token }).toString()
}

/** `params` as sent: the kept parameters with this request's user token where it stood. */
function withToken({ before, after }: { before: string; after: string }, token: string | undefined): string {
  const pair = token === undefined ? '' : tokenPair(token)
  let text = before
  for (const part of [pair, after]) if (part !== '') text = text === '' ? part : `${text}&${part}`
  return text
}

/** An answer that was kept (`repeated`) or has just been: its fixed JSON and its own values. */
export interface KeptReply {
  template: AnswerTemplate
  times: ResultTimes[]
  /** Answered from the kept JSON (not searched now). */
  repeated: boolean
}

/**
 * Answers a multi-query (or, with `single`, a search of one index run as a multi-query of it): as
 * a kept answer when it was or now is one, else as objects (no cache, or a body not keyed).
 */
export async function answerMultiQuery(
  answers: RepeatedAnswers | undefined,
  request: MultiQueryRequest,
): Promise<KeptReply | MultiQueryResponse> {
  const started = performance.now()
  const { reader, generation, grant, record } = request
  const keyed = answers === undefined ? undefined : keyOf(grant, request.body, request.single)
  const budget = requestBudget(grant, request.abandoned)
  if (answers === undefined || keyed === undefined) {
    return executeMultiQuery(reader, grant, request.read(), record, budget)
  }
  const { key, tokens } = keyed
  const kept = answers.cache.get(key, generation)
  if (kept !== undefined) {
    for (const index of kept.indexes) request.authorize(index)
    return repeat(kept, tokens, started, record)
  }
  const query = request.read()
  const searches: Array<RecordedSearch | undefined> = []
  const recording: SearchRecording = (params, answer, facts) => {
    const hits = answer.hits.map(({ objectID }) => ({ objectID }))
    const { index, query: text, queryID, nbHits, page, hitsPerPage } = answer
    searches.push({ params, answer: { index, query: text, queryID, nbHits, page, hitsPerPage, hits }, facts })
    record?.(params, answer, facts)
  }
  // The clock the rules are matched at (the caller read the generation before: a write while the
  // searches yield makes the kept answer stale at once).
  const now = Date.now()
  const response = await executeMultiQuery(reader, grant, query, recording, budget)
  const indexes = [...new Set(query.requests.map((entry) => entry.indexName))]
  let expires = Number.POSITIVE_INFINITY
  for (const index of indexes) expires = Math.min(expires, nextRuleChange(reader.rulesOf(index), now / 1000))
  const results = response.results as Array<Record<string, unknown>>
  const params = query.requests.map((entry, i) =>
    entry.type === 'default' ? splitParams(entry.params, tokens[i] !== undefined) : undefined,
  )
  // Every answer's `params` starts with the parameters before the user token.
  const template = answerTemplate(
    results,
    request.single !== undefined,
    params.map((split) => split?.before),
  )
  // Searches line up with the results that are searches (facet-value searches record nothing).
  let next = 0
  const byResult = query.requests.map((entry) => (entry.type === 'default' ? searches[next++] : undefined))
  answers.cache.set(
    key,
    { template, indexes, searches: byResult, params, shared: tokens.map((token) => token !== undefined) },
    2 * template.length,
    generation,
    expires * 1000,
  )
  return { template, times: results as unknown as ResultTimes[], repeated: false }
}

/**
 * A kept answer sent again: its searches recorded as new ones, with this request's user tokens,
 * fresh queryIDs and times.
 */
function repeat(
  kept: KeptAnswer,
  tokens: ReadonlyArray<string | undefined>,
  started: number,
  record: SearchRecording | undefined,
): KeptReply {
  const elapsed = performance.now() - started
  const times = kept.template.slots.map((slot, i): ResultTimes => {
    const search = kept.searches[i]
    const queryID =
      slot.fields.includes('queryID') || search?.answer.queryID !== undefined ? newQueryID() : undefined
    if (search !== undefined && record !== undefined) {
      // A token left out of the key was the first visitor's: this request's (or none) is recorded.
      // A token in the key is this request's too.
      let params = search.params
      if (kept.shared[i] || tokens[i] !== undefined) {
        const { userToken: _token, ...rest } = search.params
        params = tokens[i] !== undefined ? { ...rest, userToken: tokens[i] } : rest
      }
      record(params, { ...search.answer, ...(queryID !== undefined ? { queryID } : {}) }, search.facts)
    }
    const params = kept.params[i]
    return {
      ...(params !== undefined ? { params: withToken(params, tokens[i]) } : {}),
      processingTimeMS: Math.round(elapsed),
      serverTimeMS: Math.max(1, Math.round(elapsed)),
      ...(queryID !== undefined ? { queryID } : {}),
    }
  })
  return { template: kept.template, times, repeated: true }
}
