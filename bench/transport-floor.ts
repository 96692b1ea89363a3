// The transport floor of `npm run bench:http`: a bare `node:http` server that answers each request
// with the bytes the real server answered it with (captured by the bench), on as many processes as
// the real server serves with (bench/floor-cluster.ts). No framework, no hooks, no search: what HTTP
// over loopback costs for those bodies on this machine, with the same load generator, which bounds
// what any server could reach.
import { createServer } from 'node:http'
import { serveFloor } from './floor-cluster.ts'

serveFloor((answers, port) => {
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
})
