// POST /1/events: Algolia's Insights ingestion. search-insights sends here from the browser with
// the search-only key; every event's index must be one the key may use, and a key that forces a
// user token records every event for it. Bodies over 2 MB (counted
// decoded) are refused with a 413, as the Insights API does (the other /1/ routes take up to 10 MB).
import { pipeline, type Readable, Transform } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AlgoliaError } from '../../../search-core/index.ts'
import { clientAddress } from '../../shared/client-address.ts'
import type { SearchRecorder } from '../analytics/search-recorder.ts'
import type { EventLog } from '../insights/event-log.ts'
import { checkTimestamps, forKeyUser, INSIGHTS_MESSAGES, readEvents } from '../insights/event-validation.ts'
import { errors } from '../protocol/route-schemas.ts'
import { authorizeIndex, grantOf } from './algolia-http.ts'
import type { RoutePlugin } from './route-plugin.ts'

const EVENTS_BODY_LIMIT_BYTES = 2 * 1024 * 1024

const tooLarge = (): AlgoliaError => new AlgoliaError(413, INSIGHTS_MESSAGES.bodyTooLarge)

type BodyStream = Readable & { receivedEncodedLength?: number }

/**
 * The limit holds for the body as read, after a Content-Encoding is undone (a 2 MB gzip body can
 * hold 10 MB of events): its bytes are counted as they arrive, and reading stops past it. A body
 * sent as it is and declaring a longer length is refused before any of it is read.
 */
async function limitBody(request: FastifyRequest, _reply: FastifyReply, payload: BodyStream) {
  const encoded = (request.headers['content-encoding'] ?? 'identity') !== 'identity'
  if (!encoded && Number(request.headers['content-length'] ?? 0) > EVENTS_BODY_LIMIT_BYTES) throw tooLarge()
  let read = 0
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length
      if (read > EVENTS_BODY_LIMIT_BYTES) done(tooLarge())
      else done(null, chunk)
    },
  })
  // Fastify compares the length received on the wire with Content-Length: the decoder's count.
  Object.defineProperty(counted, 'receivedEncodedLength', { get: () => payload.receivedEncodedLength })
  return pipeline(payload, counted, () => {})
}

/** `recorder`: its pseudonym of the client's address goes with the events (trending counts clients by it). */
const eventsRoute: RoutePlugin<{ events: EventLog; recorder?: SearchRecorder }> = async (app, options) => {
  app.post(
    '/events',
    {
      config: { acl: 'search' },
      preParsing: limitBody,
      schema: {
        // Any JSON: an array answers Algolia's own 422, not a schema error.
        body: {},
        response: {
          200: { type: 'object', properties: { status: { type: 'integer' }, message: { type: 'string' } } },
          ...errors,
        },
      },
    },
    async function recordEvents(request) {
      const events = forKeyUser(readEvents(request.body), grantOf(request).userToken)
      checkTimestamps(events)
      for (const event of events) authorizeIndex(request, event.index)
      options.events.record(events, options.recorder?.pseudonym(clientAddress(request.ip)))
      return { status: 200, message: 'OK' }
    },
  )
}

export default eventsRoute
