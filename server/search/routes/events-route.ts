// POST /1/events: Algolia's Insights ingestion. search-insights sends here from the browser with
// the search-only key; every event's index must be one the key may use.
import type { EventLog } from '../insights/event-log.ts'
import { checkTimestamps, readEvents } from '../insights/event-validation.ts'
import { errors, optionalObjectBody } from '../protocol/route-schemas.ts'
import { authorizeIndex } from './algolia-http.ts'
import type { RoutePlugin } from './route-plugin.ts'

const eventsRoute: RoutePlugin<{ events: EventLog }> = async (app, options) => {
  app.post(
    '/events',
    {
      config: { acl: 'search' },
      schema: {
        body: optionalObjectBody,
        response: {
          200: { type: 'object', properties: { status: { type: 'integer' }, message: { type: 'string' } } },
          ...errors,
        },
      },
    },
    async (request) => {
      const events = readEvents(request.body)
      checkTimestamps(events)
      for (const event of events) authorizeIndex(request, event.index)
      options.events.record(events)
      return { status: 200, message: 'OK' }
    },
  )
}

export default eventsRoute
