// What every answer of the server passes through, whatever route makes it: Fastify with the
// server's options (logging, time limits, proxies, connections per address), then the request
// guards, compression, the metrics and the security headers. buildApp (app.ts) adds the services
// and routes between the two; `npm run bench:http` puts the same stack around captured answers
// (bench/stack-floor.ts) to measure what it leaves, with no route work, of the engine's limit.
import compress from '@fastify/compress'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import { BODY_LIMIT_BYTES } from '../search-core/index.ts'
import type { Config } from './config.ts'
import metricsPlugin, { type MetricsPluginOptions } from './ops/metrics-plugin.ts'
import { answerCompression } from './shared/answer-compression.ts'
import { redactUrl } from './shared/redact.ts'
import { limitConnectionsPerAddress } from './web/connection-limit.ts'
import requestGuards from './web/request-guards.ts'
import securityHeaders from './web/security-headers.ts'

/** Fastify with the server's options, its time limits and its request log (no plugins yet). */
export function createFastify(config: Config, logger = true): FastifyInstance {
  const trust = config.TRUST_PROXY
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            // Credentials never reach a log line: not in headers, not in the query string.
            redact: {
              paths: ['req.headers.authorization', 'req.headers["x-algolia-api-key"]'],
              censor: '[redacted]',
            },
            serializers: {
              req: (request: { method: string; url: string; ip?: string }) => ({
                method: request.method,
                url: redactUrl(request.url),
                remoteAddress: request.ip,
              }),
            },
          },
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify's default, 0, lets a request's body take forever: a stranger could hold connections
    // open by sending part of a body and nothing more. Headers must come within the same time.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // Algolia paths carry names like "*" and object IDs with any characters.
    routerOptions: { maxParamLength: 512 },
    return503OnClosing: true,
    // Behind a reverse proxy: the client's IP, protocol and host as the proxy forwards them.
    // A hop count trusts that many proxies nearest to us (Fastify's types take it as a function).
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : (trust ?? false),
    // Two info lines per request drown what matters: requests are logged at debug (below);
    // warnings, errors and one summary line per start stay at info.
    logController: new LogController({ disableRequestLogging: true }),
  })
  // Node looks for requests past their time every 30 s by default: a quarter of the timeout keeps
  // the overrun small (read when the server starts listening). Headers have no longer than a body.
  // (Missing from Node's types, not from its http.Server.)
  const server = app.server as typeof app.server & { connectionsCheckingInterval: number }
  server.connectionsCheckingInterval = Math.min(30_000, config.REQUEST_TIMEOUT_MS / 4)
  app.server.headersTimeout = Math.min(app.server.headersTimeout, config.REQUEST_TIMEOUT_MS)
  limitConnectionsPerAddress(app.server, {
    max: config.MAX_CONNECTIONS_PER_IP,
    trustProxy: config.TRUST_PROXY,
  })
  app.addHook('onResponse', (request, reply, done) => {
    // Checked first: the line's fields (the URL redacted) would be worked out for every request
    // even where debug lines are not written.
    const log = request.log as typeof request.log & { isLevelEnabled?(level: string): boolean }
    if (log.isLevelEnabled?.('debug') ?? true) {
      request.log.debug(
        {
          method: request.method,
          url: redactUrl(request.url),
          statusCode: reply.statusCode,
          ms: reply.elapsedTime,
        },
        'request completed',
      )
    }
    done()
  })
  return app
}

/**
 * The plugins every route registered after them passes through: the request guards, compression,
 * the metrics (first, so that every later route is counted) and the security headers.
 */
export async function registerDelivery(
  app: FastifyInstance,
  config: Config,
  metrics: MetricsPluginOptions,
): Promise<void> {
  await app.register(requestGuards)
  // Answers over 1 KB (API, GraphQL) compressed per request; assets and the offline snapshot come
  // precompressed, pages compress themselves (static-files.ts). Per answer the compressor costs
  // about as much as the search itself, so each encoding runs at its fastest useful level (a 33 KB
  // first results page, one core): zstd level 3 ~45 µs → 4.1 KB (browsers that send it: Chromium,
  // Firefox), gzip level 1 56 µs → 4.5 KB, brotli quality 1 52 µs → 4.4 KB. Each keeps one context
  // per process (answer-compression.ts): under load 0.95–1.03× of the uncompressed throughput.
  // Brotli at quality 4 (the earlier choice) made 3.7 KB for 151 µs.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    // Up to 256 KB in one synchronous call (~1 ms): cheaper than a zlib stream per answer (a 19 KB
    // page: 0.67 → 0.5 ms per request); larger answers stream off the event loop.
    syncThreshold: 256 * 1024,
    encodings: ['zstd', 'gzip', 'br'],
    zlib: answerCompression({ gzipLevel: 1, brotliQuality: 1 }),
  })
  // First, so that every route registered after it is counted.
  await app.register(metricsPlugin, metrics)
  await app.register(securityHeaders, { config })
}
