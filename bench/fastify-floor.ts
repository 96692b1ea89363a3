// The Fastify floor of `npm run bench:http`: Fastify with no plugins, on as many processes as the
// real server serves with (node:cluster, as the server does), answering each request with the bytes
// the real server answered it with (captured by the bench). The body is read as the server reads it
// (text, parsed as JSON); the answer is looked up by the body as sent. No hooks, no keys, no search,
// no analytics: what the framework costs above the transport floor (bench/transport-floor.ts), which
// bounds what a server built on it could reach.
//   TRANSPORT_FLOOR_ANSWERS: a JSON file of [{ key: "<method> <path>\n<body>", type, body }]
//   TRANSPORT_FLOOR_PORT, TRANSPORT_FLOOR_WORKERS
// The primary prints "ready" once every worker listens.
import cluster from 'node:cluster'
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

interface Answer {
  key: string
  type: string
  body: string
}

const port = Number(process.env.TRANSPORT_FLOOR_PORT)
const workers = Math.max(1, Number(process.env.TRANSPORT_FLOOR_WORKERS ?? 1))

if (cluster.isPrimary) {
  let listening = 0
  cluster.on('listening', () => {
    listening++
    if (listening === workers) process.stdout.write('ready\n')
  })
  for (let i = 0; i < workers; i++) cluster.fork()
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill()
    process.exit(0)
  })
} else {
  // Kept as text, as the server keeps its answers (a string is what Fastify sends fastest here).
  const answers = new Map<string, { type: string; body: string }>()
  const file = process.env.TRANSPORT_FLOOR_ANSWERS ?? ''
  for (const { key, type, body } of JSON.parse(readFileSync(file, 'utf8')) as Answer[]) {
    answers.set(key, { type, body: Buffer.from(body, 'base64').toString() })
  }
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
}
