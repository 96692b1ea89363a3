// The stack floor of `npm run bench:http`: the server's own Fastify, made and wrapped as the server
// makes it (server/http-stack.ts: its options, request log, guards, compression, metrics and
// security headers), with Algolia's wire conventions around the search routes (CORS, the body
// parser, the answer size guard: algoliaWire), answering each request with the bytes the real
// server answered it with. No key check, no answer cache, no search, no search log: what the
// server's stack leaves of the Fastify floor, and so the most the server can reach with its routes'
// work costing nothing.

import { BODY_LIMIT_BYTES } from '../search-core/protocol/request-limits.ts'
import { loadConfig } from '../server/config.ts'
import { createFastify, registerDelivery } from '../server/http-stack.ts'
import { Metrics } from '../server/ops/metrics.ts'
import { algoliaWire } from '../server/search/routes/algolia-wire.ts'
import { serveFloor } from './floor-cluster.ts'

serveFloor(async (captured, port) => {
  // Looked up by the body as the parser left it, written out again (the same on both sides).
  const answers = new Map<string, { type: string; body: string }>()
  for (const [key, { type, body }] of captured) {
    const [line = '', text = ''] = key.split(/\n(.*)/s)
    answers.set(`${line}\n${text === '' ? '' : JSON.stringify(JSON.parse(text))}`, {
      type,
      body: body.toString(),
    })
  }
  // The server's defaults, at the log level the bench gives the server.
  const config = loadConfig({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' })
  const app = createFastify(config)
  await registerDelivery(app, config, {
    metrics: new Metrics({ *indexRecords() {}, pendingTasks: () => 0 }),
    isAdminKey: () => false,
  })
  await app.register(async (api) => {
    await algoliaWire(api, BODY_LIMIT_BYTES)
    api.route({
      method: ['GET', 'POST'],
      url: '/*',
      handler: async (request, reply) => {
        const text = request.body === undefined ? '' : JSON.stringify(request.body)
        const answer = answers.get(`${request.method} ${request.url}\n${text}`)
        if (answer === undefined) return reply.code(404).send()
        return reply.type(answer.type).send(answer.body)
      },
    })
  })
  await app.listen({ port, host: '127.0.0.1' })
})
