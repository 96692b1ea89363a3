// The Fastify floor of `npm run bench:http`: Fastify with no plugins, on as many processes as the
// real server serves with (bench/floor-cluster.ts), answering each request with the bytes the real
// server answered it with (captured by the bench). The body is read as the server reads it (text,
// parsed as JSON); the answer is looked up by the body as sent. No hooks, no keys, no search, no
// analytics: what the framework costs above the transport floor (bench/transport-floor.ts), which
// bounds what a server built on it could reach.
import Fastify from 'fastify'
import { serveFloor } from './floor-cluster.ts'

serveFloor(async (captured, port) => {
  // Kept as text, as the server keeps its answers (a string is what Fastify sends fastest here).
  const answers = new Map<string, { type: string; body: string }>()
  for (const [key, { type, body }] of captured) answers.set(key, { type, body: body.toString() })
  const app = Fastify({ logger: false })
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, { text: body, json: JSON.parse(body as string) as unknown })
    } catch (error) {
      done(error as Error)
    }
  })
  app.route({
    method: ['GET', 'POST'],
    url: '/*',
    handler: async (request, reply) => {
      const text = (request.body as { text?: string } | undefined)?.text ?? ''
      const answer = answers.get(`${request.method} ${request.url}\n${text}`)
      if (answer === undefined) return reply.code(404).send()
      return reply.type(answer.type).send(answer.body)
    },
  })
  await app.listen({ port, host: '127.0.0.1' })
})
