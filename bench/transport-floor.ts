// The transport floor of `npm run bench:http`: a bare `node:http` server that answers each request
// with the bytes the real server answered it with (captured by the bench), on as many processes as
// the real server serves with (node:cluster, as the server does). No framework, no hooks, no
// search: what HTTP over loopback costs for those bodies on this machine, with the same load
// generator, which bounds what any server could reach.
//   TRANSPORT_FLOOR_ANSWERS: a JSON file of [{ key: "<method> <path>\n<body>", type, body }]
//   TRANSPORT_FLOOR_PORT, TRANSPORT_FLOOR_WORKERS
// The primary prints "ready" once every worker listens.
import cluster from 'node:cluster'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

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
  const answers = new Map<string, { type: string; body: Buffer }>()
  const file = process.env.TRANSPORT_FLOOR_ANSWERS ?? ''
  for (const { key, type, body } of JSON.parse(readFileSync(file, 'utf8')) as Answer[]) {
    answers.set(key, { type, body: Buffer.from(body, 'base64') })
  }
  createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const answer = answers.get(`${request.method} ${request.url}\n${Buffer.concat(chunks).toString()}`)
      if (answer === undefined) {
        response.writeHead(404).end()
        return
      }
      response.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length })
      response.end(answer.body)
    })
  }).listen(port, '127.0.0.1')
}
