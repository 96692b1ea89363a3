// The Algolia-compatible REST protocol under /1/: HTTP conventions (content types, credentials,
// CORS, errors) for the whole prefix, then one plugin per group of routes.
import type { FastifyInstance } from 'fastify'
import type { Credentials } from './credentials.ts'
import { EventStore } from './insights/event-store.ts'
import eventsRoute from './insights/events-route.ts'
import { ApiKeys } from './keys/api-keys.ts'
import keyRoutes from './keys/key-routes.ts'
import algoliaHttp from './protocol/algolia-http.ts'
import indexRoutes from './protocol/index-routes.ts'
import objectRoutes from './protocol/object-routes.ts'
import searchRoutes from './protocol/search-routes.ts'
import synonymRoutes from './protocol/synonym-routes.ts'
import type { SearchService } from './search-service.ts'

export interface SearchPluginOptions {
  service: SearchService
  credentials: Credentials
}

/** Write bodies (batches of records) may be up to 10 MB, like Algolia's. */
export const BODY_LIMIT = 10 * 1024 * 1024

export default async function searchPlugin(
  app: FastifyInstance,
  options: SearchPluginOptions,
): Promise<void> {
  const { service, credentials } = options
  const keys = new ApiKeys(service.store.db, credentials)
  const events = new EventStore(service.store.db)
  await app.register(
    async (api) => {
      await api.register(algoliaHttp, { keys, bodyLimit: BODY_LIMIT })
      await api.register(searchRoutes, { service })
      await api.register(objectRoutes, { service })
      await api.register(indexRoutes, { service })
      await api.register(synonymRoutes, { service })
      await api.register(keyRoutes, { keys })
      await api.register(eventsRoute, { events })
    },
    { prefix: '/1' },
  )
}
