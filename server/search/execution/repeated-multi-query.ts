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
  newQueryID,
  nextRuleChange,
  type Params,
  paramsString,
  type RecordedAnswer,
  type SearchFacts,
  type SearchRecording,
  type WorkBudget,
} from '../../../search-core/index.ts'
import { KeptEntries } from '../../shared/kept-entries.ts'
import { type AnswerTemplate, answerTemplate, type ResultTimes } from '../protocol/answer-cache.ts'

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

/** A request whose answer can be kept: its key and the user token of each search left out of it. */
export interface KeyedRequest {
  readonly key: string
  readonly tokens: ReadonlyArray<string | undefined>
  /** A search of one index (its answer is the one result, not `{ results }`). */
  readonly single: boolean
}

/** An answer that was kept (`repeated`) or has just been: its fixed JSON and its own values. */
export interface KeptReply {
  template: AnswerTemplate
  times: ResultTimes[]
  /** Answered from the kept JSON (not searched now). */
  repeated: boolean
}

/**
 * Answers kept for repeated requests, within `maxBytes`. The caller keys a request (`keyOf`), asks
 * for its kept answer (`find`; it checks the answer's indexes against the key and sends it with
 * `repeat`), or searches it and keeps the answer (`search`).
 */
export class RepeatedAnswers {
  readonly cache: KeptEntries<KeptAnswer>

  constructor(maxBytes: number) {
    this.cache = new KeptEntries(maxBytes)
  }

  /**
   * The key of a request's answer (what of the key changes answers, and the body without the user
   * tokens); undefined for a body that is not kept (not an object with its requests).
   */
  keyOf(grant: SearchGrant, body: unknown, single?: { indexName: string }): KeyedRequest | undefined {
    return keyOf(grant, body, single)
  }

  /** The answer kept for a request at this generation of the indexes, if any. */
  find(keyed: KeyedRequest, generation: number): KeptAnswer | undefined {
    return this.cache.get(keyed.key, generation)
  }

  /**
   * Searches a keyed request's query and keeps its answer for the generation read before (a write
   * while the searches yield makes it stale at once). Its long pages of hits are written in pieces.
   */
  async search(
    searching: { reader: SearchReader; grant: SearchGrant; budget: WorkBudget },
    keyed: KeyedRequest,
    query: MultiQuery,
    generation: number,
    record?: SearchRecording,
  ): Promise<KeptReply> {
    const { reader, grant, budget } = searching
    const searches: Array<RecordedSearch | undefined> = []
    const recording: SearchRecording = (params, answer, facts) => {
      const hits = answer.hits.map(({ objectID }) => ({ objectID }))
      const { index, query: text, queryID, nbHits, page, hitsPerPage } = answer
      searches.push({
        params,
        answer: { index, query: text, queryID, nbHits, page, hitsPerPage, hits },
        facts,
      })
      record?.(params, answer, facts)
    }
    // The clock the rules are matched at.
    const now = Date.now()
    const response = await executeMultiQuery(reader, grant, query, recording, budget)
    const indexes = [...new Set(query.requests.map((entry) => entry.indexName))]
    let expires = Number.POSITIVE_INFINITY
    for (const index of indexes)
      expires = Math.min(expires, nextRuleChange(reader.rulesOf(index), now / 1000))
    const results = response.results as Array<Record<string, unknown>>
    const params = query.requests.map((entry, i) =>
      entry.type === 'default' ? splitParams(entry.params, keyed.tokens[i] !== undefined) : undefined,
    )
    // Every answer's `params` starts with the parameters before the user token.
    const template = await answerTemplate(
      results,
      keyed.single,
      params.map((split) => split?.before),
    )
    // Searches line up with the results that are searches (facet-value searches record nothing).
    let next = 0
    const byResult = query.requests.map((entry) => (entry.type === 'default' ? searches[next++] : undefined))
    const shared = keyed.tokens.map((token) => token !== undefined)
    const kept = { template, indexes, searches: byResult, params, shared }
    this.cache.set(keyed.key, kept, 2 * template.length, generation, expires * 1000)
    return { template, times: results as unknown as ResultTimes[], repeated: false }
  }

  /**
   * A kept answer sent again (the caller checked its indexes against the key): its searches
   * recorded as new ones, with this request's user tokens, fresh queryIDs and times since `started`.
   */
  repeat(kept: KeptAnswer, keyed: KeyedRequest, started: number, record?: SearchRecording): KeptReply {
    return repeat(kept, keyed.tokens, started, record)
  }
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
): KeyedRequest | undefined {
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
  return {
    key: `${route}\u0000${grant.maxHitsPerQuery}\u0000${forced}\u0000${sent}`,
    tokens,
    single: !!single,
  }
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
