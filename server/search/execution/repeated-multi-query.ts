// A multi-query answered from the answer cache when the same request (the same body with a key
// forcing the same) was answered before and nothing it depends on has changed since
// (protocol/answer-cache.ts). A repeated answer is still a search for analytics: each of its
// searches is recorded again, with a queryID of its own.
import {
  AnswerCache,
  type AnswerTemplate,
  answerTemplate,
  type ResultTimes,
} from '../protocol/answer-cache.ts'
import type { Params } from '../protocol/search-params.ts'
import { nextRuleChange } from '../rules/rule-matching.ts'
import { executeMultiQuery, type MultiQuery, type MultiQueryResponse } from './multi-query.ts'
import { newQueryID } from './portable.ts'
import type { RecordedAnswer, SearchFacts, SearchRecording } from './search-execution.ts'
import type { SearchGrant, SearchReader } from './search-reader.ts'

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
  /** The request's body as sent (undefined: no answer is kept or reused). */
  text: string | undefined
  /** Reads the parsed body and checks its indexes against the key (throws when it may not run). */
  read(): MultiQuery
  /** Checks one index against the key (a repeated answer's indexes are checked again). */
  authorize(index: string): void
  record?: SearchRecording
}

/** The key of a request's answer: what of the key changes answers, and the body as sent. */
function keyOf(grant: SearchGrant, text: string): string {
  const forced = JSON.stringify(grant.forcedParams ?? {})
  return `${grant.maxHitsPerQuery}\u0000${forced}\u0000${text}`
}

/** An answer that was kept (`repeated`) or has just been: its fixed JSON and its own values. */
export interface KeptReply {
  template: AnswerTemplate
  times: ResultTimes[]
  /** Answered from the kept JSON (not searched now). */
  repeated: boolean
}

/** Answers a multi-query: as a kept answer when it was or now is one, else as objects (no cache). */
export async function answerMultiQuery(
  answers: RepeatedAnswers | undefined,
  request: MultiQueryRequest,
): Promise<KeptReply | MultiQueryResponse> {
  const started = performance.now()
  const { reader, generation, grant, text, record } = request
  if (answers === undefined || text === undefined) {
    return executeMultiQuery(reader, grant, request.read(), record)
  }
  const key = keyOf(grant, text)
  const kept = answers.cache.get(key, generation)
  if (kept !== undefined) {
    for (const index of kept.indexes) request.authorize(index)
    return repeat(kept, started, record)
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
  const response = await executeMultiQuery(reader, grant, query, recording)
  const indexes = [...new Set(query.requests.map((entry) => entry.indexName))]
  let expires = Number.POSITIVE_INFINITY
  for (const index of indexes) expires = Math.min(expires, nextRuleChange(reader.rulesOf(index), now / 1000))
  const results = response.results as Array<Record<string, unknown>>
  const template = answerTemplate(results)
  // Searches line up with the results that are searches (facet-value searches record nothing).
  let next = 0
  const byResult = query.requests.map((entry) => (entry.type === 'default' ? searches[next++] : undefined))
  answers.cache.set(
    key,
    { template, indexes, searches: byResult },
    2 * template.length,
    generation,
    expires * 1000,
  )
  return { template, times: results as unknown as ResultTimes[], repeated: false }
}

/** A kept answer sent again: its searches recorded as new ones, with fresh queryIDs and times. */
function repeat(kept: KeptAnswer, started: number, record: SearchRecording | undefined): KeptReply {
  const elapsed = performance.now() - started
  const times = kept.template.slots.map((slot, i): ResultTimes => {
    const search = kept.searches[i]
    const queryID =
      slot.fields.includes('queryID') || search?.answer.queryID !== undefined ? newQueryID() : undefined
    if (search !== undefined && record !== undefined) {
      record(search.params, { ...search.answer, ...(queryID !== undefined ? { queryID } : {}) }, search.facts)
    }
    return {
      processingTimeMS: Math.round(elapsed),
      serverTimeMS: Math.max(1, Math.round(elapsed)),
      ...(queryID !== undefined ? { queryID } : {}),
    }
  })
  return { template: kept.template, times, repeated: true }
}
