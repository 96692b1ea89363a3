// GET /config.json: the web app's run-time settings, so that one build runs against any backend.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '../config.ts'
import type { Credentials } from '../search/credentials.ts'
import { STATIONS_INDEX } from '../stations/station-records.ts'

const hostSchema = {
  type: 'object',
  required: ['url', 'protocol'],
  properties: { url: { type: 'string' }, protocol: { type: 'string', enum: ['http', 'https'] } },
} as const

const responseSchema = {
  type: 'object',
  required: ['search', 'content', 'map'],
  properties: {
    search: {
      type: 'object',
      required: ['appId', 'apiKey', 'indexName', 'hosts', 'insightsHost'],
      properties: {
        appId: { type: 'string' },
        apiKey: { type: 'string' },
        indexName: { type: 'string' },
        hosts: { anyOf: [{ type: 'array', items: hostSchema }, { type: 'null' }] },
        insightsHost: { type: ['string', 'null'] },
      },
    },
    content: {
      type: 'object',
      required: ['url', 'token'],
      properties: { url: { type: 'string' }, token: { type: ['string', 'null'] } },
    },
    map: {
      type: 'object',
      required: ['tileUrl', 'tileAttribution'],
      properties: { tileUrl: { type: ['string', 'null'] }, tileAttribution: { type: ['string', 'null'] } },
    },
  },
} as const

/** The origin the browser used to reach us (so the defaults work behind any host name). */
function requestOrigin(request: FastifyRequest): URL {
  return new URL(`${request.protocol}://${request.host}`)
}

/**
 * Our own service by default (reached at the page's origin or PUBLIC_SEARCH_URL); another
 * application, such as Algolia, when PUBLIC_SEARCH_APP_ID/KEY are set (hosts null = Algolia's).
 */
function searchSettings(config: Config, credentials: Credentials, request: FastifyRequest) {
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

export default async function publicConfigRoute(
  app: FastifyInstance,
  options: { config: Config; credentials: Credentials },
): Promise<void> {
  const { config, credentials } = options
  app.get('/config.json', { schema: { response: { 200: responseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache')
    return {
      search: searchSettings(config, credentials, request),
      content: {
        url: config.PUBLIC_CONTENT_URL ?? new URL('/graphql', requestOrigin(request)).toString(),
        token: config.PUBLIC_CONTENT_TOKEN ?? null,
      },
      map: { tileUrl: config.MAP_TILE_URL ?? null, tileAttribution: config.MAP_TILE_ATTRIBUTION ?? null },
    }
  })
}
