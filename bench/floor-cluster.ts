// What the floors of `npm run bench:http` share (transport-floor.ts, fastify-floor.ts): the captured
// answers, and as many processes as the real server serves with (node:cluster, as the server does).
//   TRANSPORT_FLOOR_ANSWERS: a JSON file of [{ key: "<method> <path>\n<body>", type, body }]
//   TRANSPORT_FLOOR_PORT, TRANSPORT_FLOOR_WORKERS
// The primary prints "ready" once every worker listens.
import cluster from 'node:cluster'
import { readFileSync } from 'node:fs'

/** A captured answer: its content type and bytes. */
export interface FloorAnswer {
  type: string
  body: Buffer
}

/** Runs `listen` in each worker with the answers by key (`<method> <path>\n<body>`) and the port. */
export function serveFloor(listen: (answers: Map<string, FloorAnswer>, port: number) => unknown): void {
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
    return
  }
  const answers = new Map<string, FloorAnswer>()
  const file = process.env.TRANSPORT_FLOOR_ANSWERS ?? ''
  const captured = JSON.parse(readFileSync(file, 'utf8')) as Array<{
    key: string
    type: string
    body: string
  }>
  for (const { key, type, body } of captured) answers.set(key, { type, body: Buffer.from(body, 'base64') })
  listen(answers, port)
}
