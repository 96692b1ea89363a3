// GET /metrics, and the counting of every request behind it. Each route added after this plugin
// gets its own onResponse hook bound to its series, so counting needs no route lookup; requests no
// route matched are counted by one app-wide hook. /metrics answers only the search admin key (the
// Algolia headers, as admin routes take it, or as a bearer) or, when METRICS_TOKEN is set, that
// token as a bearer.
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { type Metrics, NO_ROUTE, type RouteSeries } from './metrics.ts'
import { mergeExpositions, type ProcessExposition } from './metrics-merge.ts'

export interface MetricsPluginOptions {
  metrics: Metrics
  /** Whether the credentials are the search service's admin key (without an app ID: the key alone). */
  isAdminKey: (appId: string | undefined, apiKey: string | undefined) => boolean
  /** A bearer token that also opens /metrics (for scrapers that should not hold the admin key). */
  token?: string
  /**
   * With several serving processes: every process's exposition, this one's among them. One scrape
   * then describes the whole server, each sample labelled with its process, whichever process the
   * scraper's connection reached.
   */
  expositions?: () => Promise<ProcessExposition[]>
}

const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8'

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** Compares secrets in constant time (hashed first, so their lengths do not matter). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

function recorder(series: RouteSeries): onResponseHookHandler {
  return (_request, reply, done) => {
    series.observe(reply.statusCode, reply.elapsedTime)
    done()
  }
}

function byMethod(bySeries: Map<string, RouteSeries>): onResponseHookHandler {
  return (request, reply, done) => {
    bySeries.get(request.method)?.observe(reply.statusCode, reply.elapsedTime)
    done()
  }
}

async function metricsPlugin(app: FastifyInstance, options: MetricsPluginOptions): Promise<void> {
  const { metrics, isAdminKey, token, expositions } = options

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const hook =
      methods.length === 1
        ? recorder(metrics.series(methods[0]!, route.url))
        : byMethod(new Map(methods.map((method) => [method, metrics.series(method, route.url)])))
    const existing = route.onResponse
    route.onResponse = existing === undefined ? [hook] : [...[existing].flat(), hook]
  })

  // Requests no route matched run the not-found handlers, which no onRoute hook sees.
  const unmatched = new Map<string, RouteSeries>()
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) {
      let series = unmatched.get(request.method)
      if (!series) {
        series = metrics.series(request.method, NO_ROUTE)
        unmatched.set(request.method, series)
      }
      series.observe(reply.statusCode, reply.elapsedTime)
    }
    done()
  })
  app.addHook('onClose', async () => metrics.close())

  const authorized = (request: FastifyRequest): boolean => {
    const authorization = header(request, 'authorization')
    if (authorization?.startsWith('Bearer ')) {
      // The metrics token, or the admin key itself: scrapers send one bearer credential.
      const bearer = authorization.slice(7).trim()
      if ((token && sameSecret(bearer, token)) || isAdminKey(undefined, bearer)) return true
    }
    // With the Algolia headers, both are needed, as on the admin routes.
    return isAdminKey(header(request, 'x-algolia-application-id') ?? '', header(request, 'x-algolia-api-key'))
  }

  app.get(
    '/metrics',
    {
      schema: {
        response: {
          200: { type: 'string' },
          401: {
            type: 'object',
            properties: { message: { type: 'string' }, status: { type: 'integer' } },
            required: ['message', 'status'],
          },
        },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store')
      if (!authorized(request)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"')
        return reply.code(401).send({
          message: 'Metrics need the search admin key or the metrics token',
          status: 401,
        })
      }
      const text = expositions ? mergeExpositions(await expositions()) : metrics.render()
      return reply.type(CONTENT_TYPE).send(text)
    },
  )
}

export default fp(metricsPlugin, { name: 'metrics' })
