// GET /config.json: the web app's run-time settings, so that one build runs against any backend.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'
import { type AppConfig, appConfigSchema } from '../../web/shared/config.ts'
import type { Config } from '../config.ts'
import type { Credentials } from '../search/credentials.ts'
import { STATIONS_INDEX } from '../stations/station-records.ts'

// The web app's own description of /config.json, as the JSON schema Fastify serializes with.
const { $schema: _dialect, ...responseSchema } = z.toJSONSchema(appConfigSchema, {
  io: 'output',
  target: 'draft-7',
})

/** The origin the browser used to reach us (so the defaults work behind any host name). */
function requestOrigin(request: FastifyRequest): URL {
  return new URL(`${request.protocol}://${request.host}`)
}

/**
 * Our own service by default (reached at the page's origin or PUBLIC_SEARCH_URL); another
 * application, such as Algolia, when PUBLIC_SEARCH_APP_ID/KEY are set (hosts null = Algolia's).
 */
function searchSettings(
  config: Config,
  credentials: Credentials,
  request: FastifyRequest,
): AppConfig['search'] {
  const external = config.PUBLIC_SEARCH_APP_ID !== undefined
  const base = config.PUBLIC_SEARCH_URL
    ? new URL(config.PUBLIC_SEARCH_URL)
    : external
      ? undefined
      : requestOrigin(request)
  return {
    appId: config.PUBLIC_SEARCH_APP_ID ?? credentials.appId,
    apiKey: config.PUBLIC_SEARCH_API_KEY ?? credentials.searchKey,
    indexName: STATIONS_INDEX,
    hosts: base ? [{ url: base.host, protocol: base.protocol === 'https:' ? 'https' : 'http' }] : null,
    insightsHost: base ? base.origin : null,
  }
}

/** /config.json as the browser at `request`'s origin receives it (server rendering embeds the same). */
export function publicConfig(config: Config, credentials: Credentials, request: FastifyRequest): AppConfig {
  return {
    search: searchSettings(config, credentials, request),
    content: {
      url: config.PUBLIC_CONTENT_URL ?? new URL('/graphql', requestOrigin(request)).toString(),
      // Our own /graphql needs our own token; another endpoint gets only the public one.
      token:
        config.PUBLIC_CONTENT_TOKEN ?? (config.PUBLIC_CONTENT_URL ? null : (config.CONTENT_TOKEN ?? null)),
    },
    map: { tileUrl: config.MAP_TILE_URL ?? null, tileAttribution: config.MAP_TILE_ATTRIBUTION ?? null },
  }
}

export default async function publicConfigRoute(
  app: FastifyInstance,
  options: { config: Config; credentials: Credentials },
): Promise<void> {
  const { config, credentials } = options
  app.get('/config.json', { schema: { response: { 200: responseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache')
    return publicConfig(config, credentials, request)
  })
}
