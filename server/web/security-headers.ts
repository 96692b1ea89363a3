// Security headers for every response; the CSP allows no inline scripts.
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'

function origin(url: string | undefined): string[] {
  if (!url) return []
  try {
    return [new URL(url.replace(/\{[a-z]\}\./, 'a.')).origin]
  } catch {
    return []
  }
}

/** Template hosts like https://{s}.tile.openstreetmap.org allow every subdomain. */
function tileSources(template: string | undefined): string[] {
  if (!template) return []
  const match = /^(https?:\/\/)\{s\}\.([^/]+)/.exec(template)
  return match ? [`${match[1]}*.${match[2]}`] : origin(template)
}

export default fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const { config } = options
    const searchOrigins = config.PUBLIC_SEARCH_URL ? origin(config.PUBLIC_SEARCH_URL) : []
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...tileSources(config.MAP_TILE_URL)],
          connectSrc: [
            "'self'",
            ...searchOrigins,
            ...origin(config.PUBLIC_CONTENT_URL),
            // The hosted services, for operators who point the app at them by configuration.
            'https://*.algolia.net',
            'https://*.algolianet.com',
            'https://*.algolia.io',
            'https://graphql.contentful.com',
          ],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // The search API is called cross-origin by other front ends too.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    })
  },
  { name: 'security-headers' },
)
