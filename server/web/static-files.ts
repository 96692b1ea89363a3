// Serves the built web app: hashed assets cached for a year, everything else revalidated, and a
// history fallback so that client-side routes load index.html.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'

export interface StaticFilesOptions {
  distDir: string
  /** Decides the status of a client route (e.g. 404 for an unknown station). */
  routeStatus?: (path: string) => number
}

const API_PREFIXES = ['/1/', '/2/', '/graphql', '/healthz', '/config.json', '/metrics']

export default fp(
  async (app: FastifyInstance, options: StaticFilesOptions) => {
    const indexFile = join(options.distDir, 'index.html')
    if (!existsSync(indexFile)) {
      app.log.warn(`${indexFile} is missing: run \`npm run build\`; only the APIs are served`)
    }
    await app.register(fastifyStatic, {
      root: options.distDir,
      // Looked up per request, so a rebuild of dist/ is served without a restart.
      wildcard: true,
      index: false,
      setHeaders(reply, path) {
        const hashed = /[\\/]assets[\\/]/.test(path)
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })

    const sendIndex = (reply: FastifyReply, status: number) => {
      if (!existsSync(indexFile)) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('Web app not built: run `npm run build`.')
      }
      return reply
        .code(status)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(readFileSync(indexFile))
    }

    app.get('/', (_request, reply) => sendIndex(reply, 200))
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/'
      const isPage = request.method === 'GET' || request.method === 'HEAD'
      const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix))
      const looksLikeFile = /\.[a-z0-9]+$/i.test(path)
      if (!isPage || isApi || looksLikeFile) {
        return reply.code(404).send({ message: `Not found: ${request.method} ${path}`, status: 404 })
      }
      return sendIndex(reply, options.routeStatus?.(path) ?? 200)
    })
  },
  { name: 'static-files' },
)
