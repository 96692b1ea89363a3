// POST /1/events: Algolia's Insights ingestion. search-insights sends here from the browser with
// the search-only key; every event's index must be one the key may use. Bodies over 2 MB are
// refused with a 413, as the Insights API does (the other /1/ routes take up to 10 MB).
import type { FastifyRequest } from 'fastify'
import type { EventLog } from '../insights/event-log.ts'
import { checkTimestamps, INSIGHTS_MESSAGES, readEvents } from '../insights/event-validation.ts'
import { AlgoliaError } from '../protocol/algolia-error.ts'
import { errors } from '../protocol/route-schemas.ts'
import { authorizeIndex } from './algolia-http.ts'
import type { RoutePlugin } from './route-plugin.ts'

const EVENTS_BODY_LIMIT_BYTES = 2 * 1024 * 1024

const tooLarge = (): AlgoliaError => new AlgoliaError(413, INSIGHTS_MESSAGES.bodyTooLarge)

/** A declared length is checked before the body is read; a chunked body once it is parsed. */
async function checkDeclaredLength(request: FastifyRequest): Promise<void> {
  if (Number(request.headers['content-length'] ?? 0) > EVENTS_BODY_LIMIT_BYTES) throw tooLarge()
}

const eventsRoute: RoutePlugin<{ events: EventLog }> = async (app, options) => {
  app.post(
    '/events',
    {
      config: { acl: 'search' },
      preParsing: checkDeclaredLength,
      schema: {
        // Any JSON: an array answers Algolia's own 422, not a schema error.
        body: {},
        response: {
          200: { type: 'object', properties: { status: { type: 'integer' }, message: { type: 'string' } } },
          ...errors,
        },
      },
    },
    async (request) => {
      if (
        request.headers['content-length'] === undefined &&
        Buffer.byteLength(JSON.stringify(request.body ?? null)) > EVENTS_BODY_LIMIT_BYTES
      ) {
        throw tooLarge()
      }
      const events = readEvents(request.body)
      checkTimestamps(events)
      for (const event of events) authorizeIndex(request, event.index)
      options.events.record(events)
      return { status: 200, message: 'OK' }
    },
  )
}

export default eventsRoute
