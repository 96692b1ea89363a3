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

export default async function publicConfigRoute(
  app: FastifyInstance,
  options: { config: Config; credentials: Credentials },
): Promise<void> {
  const { config, credentials } = options
  app.get('/config.json', { schema: { response: { 200: responseSchema } } }, async (request, reply) => {
    const search = config.PUBLIC_SEARCH_URL ? new URL(config.PUBLIC_SEARCH_URL) : requestOrigin(request)
    const protocol = search.protocol === 'https:' ? 'https' : 'http'
    reply.header('cache-control', 'no-cache')
    return {
      search: {
        appId: credentials.appId,
        apiKey: credentials.searchKey,
        indexName: STATIONS_INDEX,
        hosts: [{ url: search.host, protocol }],
        insightsHost: search.origin,
      },
      content: {
        url: config.PUBLIC_CONTENT_URL ?? new URL('/graphql', requestOrigin(request)).toString(),
        token: config.PUBLIC_CONTENT_TOKEN ?? null,
      },
      map: { tileUrl: config.MAP_TILE_URL ?? null, tileAttribution: config.MAP_TILE_ATTRIBUTION ?? null },
    }
  })
}
