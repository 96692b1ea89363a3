// How a search route's answer is made and sent, behind one reply decorator: `reply.sendSearches()`.
// A route names what it answers (the multi-query of its body, or one index's search); this plugin
// finds a kept answer for the same request or searches, records the searches for analytics, keeps
// the answer, writes long pages of hits in pieces and sends a kept answer compressed from pieces
// compressed once. Routes know none of it.
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import {
  executeMultiQuery,
  type MultiQuery,
  type MultiQueryResponse,
  type MultiRequest,
  type Params,
  readMultiQuery,
  requestBudget,
} from '../../../search-core/index.ts'
import { clientAddress } from '../../shared/client-address.ts'
import { SplicedAnswers } from '../../shared/spliced-answers.ts'
import type { SearchRecorder } from '../analytics/search-recorder.ts'
import { type SearchClient, searchRecording } from '../analytics/search-recording.ts'
import type { KeptReply, RepeatedAnswers } from '../execution/repeated-multi-query.ts'
import { fillAnswer, paddedLengths, paddedTexts } from '../protocol/answer-cache.ts'
import { jsonInPieces } from '../protocol/json-in-pieces.ts'
import type { SearchService } from '../service/search-service.ts'
import { authorizeIndex, clientGone, grantOf, readAuthorized } from './algolia-http.ts'

/** One index's search (`/1/indexes/{index}/query`), answered as its one result. */
interface OneSearch {
  indexName: string
  params: Params
}

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Answers the request's searches: the multi-query of its body, or `one` index's search. The
     * keys' checks of each index, the hits budget and the work budget hold as for any search.
     */
    sendSearches(this: FastifyReply, one?: OneSearch): Promise<FastifyReply>
  }
}

/** Kept answers up to this size (UTF-16 units) go out compressed from pieces (~1–4 ms to compress once). */
const MAX_SPLICED_CHARS = 128 * 1024

/** Bodies up to this size are keyed for kept answers (the web app's are 1–3 KB). */
const MAX_KEYED_BODY_BYTES = 64 * 1024

const JSON_TYPE = 'application/json; charset=utf-8'

interface SearchAnswersOptions {
  service: SearchService
  recorder?: SearchRecorder | undefined
  /** Answers kept for repeated searches (none kept without it). */
  answers?: RepeatedAnswers | undefined
}

async function searchAnswers(app: import('fastify').FastifyInstance, options: SearchAnswersOptions) {
  const { service, recorder, answers } = options
  // A kept answer's compressed pieces, made when it is first repeated to a client that takes their
  // coding; they go with the kept answer.
  const spliced = new SplicedAnswers()

  app.decorateReply('sendSearches', async function sendSearches(this: FastifyReply, one?: OneSearch) {
    const request = this.request
    const started = performance.now()
    const grant = grantOf(request)
    // Read before searching: a write while the searches yield makes their kept answer stale at once.
    const generation = service.generation
    const record = searchRecording(recorder, searchClient(request))
    const keyed = answers?.keyOf(grant, keyable(request), one)
    const kept = keyed && answers?.find(keyed, generation)
    if (keyed && kept) {
      for (const index of kept.indexes) authorizeIndex(request, index)
      return sendKept(request, this, answers!.repeat(kept, keyed, started, record))
    }
    const query = one ? oneQuery(one) : authorizedQuery(request)
    const budget = requestBudget(grant, clientGone(request))
    if (answers && keyed) {
      const searching = { reader: service, grant, budget }
      return sendKept(request, this, await answers.search(searching, keyed, query, generation, record))
    }
    const { results } = await executeMultiQuery(service, grant, query, record, budget)
    return this.type(JSON_TYPE).send(await answerJson(results, one !== undefined))
  })

  /** A kept answer sent as JSON text or compressed bytes, which Fastify sends as they are. */
  function sendKept(request: FastifyRequest, reply: FastifyReply, answer: KeptReply): FastifyReply {
    const { template, times } = answer
    let body: string | Buffer | undefined
    // Not for the smallest answers (the compression plugin leaves answers under 1 KB as they are),
    // nor the largest (compressing their pieces once would hold the event loop for milliseconds: the
    // plugin compresses them per answer, the largest off the event loop), nor for a client that
    // opts out with the plugin's X-No-Compression.
    const encodings = request.headers['accept-encoding']
    if (
      answer.repeated &&
      encodings !== undefined &&
      template.length >= 1024 &&
      template.length <= MAX_SPLICED_CHARS &&
      request.headers['x-no-compression'] === undefined
    ) {
      const compressed = spliced.answer(
        template,
        template.parts,
        () => paddedLengths(template),
        () => paddedTexts(template, times),
        encodings,
      )
      if (compressed) {
        reply.header('content-encoding', compressed.coding).header('vary', 'accept-encoding')
        body = compressed.body
      }
    }
    body ??= fillAnswer(template, times)
    return reply.type(JSON_TYPE).send(body)
  }
}

/**
 * The body, for the answer cache to key: only a small one with its length declared (what browsers
 * send). Writing a large body out again as the key would double what reading it cost.
 */
function keyable(request: FastifyRequest): unknown {
  const length = Number(request.headers['content-length'])
  return length > 0 && length <= MAX_KEYED_BODY_BYTES ? request.body : undefined
}

/** The body's multi-query, every index it names checked against the key before any search runs. */
function authorizedQuery(request: FastifyRequest): MultiQuery {
  const body = readMultiQuery(request.body)
  return { ...body, requests: readAuthorized(request, body.requests, (entry) => entry as MultiRequest) }
}

const oneQuery = ({ indexName, params }: OneSearch): MultiQuery => ({
  requests: [{ indexName, type: 'default', params }],
  strategy: 'none',
})

/** Who sent the request's searches, for analytics. */
function searchClient(request: FastifyRequest): SearchClient {
  const header = request.headers['x-algolia-usertoken']
  return {
    forcedToken: request.algoliaGrant?.userToken,
    headerToken: typeof header === 'string' && header !== '' ? header : undefined,
    address: clientAddress(request.ip),
  }
}

/** The answer's JSON (one result's alone for a search of one index), long pages written in pieces. */
async function answerJson(results: MultiQueryResponse['results'], one: boolean): Promise<string> {
  const texts: string[] = []
  for (const result of results) texts.push(await jsonInPieces(result as Record<string, unknown>))
  return one ? (texts[0] ?? '{}') : `{"results":[${texts.join(',')}]}`
}

export default fp(searchAnswers, { name: 'search-answers' })
