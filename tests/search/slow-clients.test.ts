// A client that sends part of a request and then nothing (or trickles it) holds a connection only
// until REQUEST_TIMEOUT_MS: the server answers 408 and closes it. Fastify's default would keep it
// open for ever, and a stranger could hold connections by the thousand that way.
import { connect } from 'node:net'
import { describe, expect } from 'vitest'
import { testWithEnv } from './fixture.ts'

const it = testWithEnv({ REQUEST_TIMEOUT_MS: '1000' })

/** Writes `text` to a fresh connection, sends nothing more, and collects what comes back until it closes. */
function sendAndWait(url: string, text: string): Promise<{ answer: string; ms: number }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const socket = connect(Number(port), hostname, () => socket.write(text))
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      answer += chunk
    })
    socket.on('error', reject)
    socket.on('close', () => resolve({ answer, ms: performance.now() - started }))
    // Far beyond the timeout and Node's check of it: the test fails rather than hangs.
    setTimeout(() => socket.destroy(new Error(`still open after 10 s; received: ${answer}`)), 10_000).unref()
  })
}

describe('slow clients', () => {
  it('a body that stops half-way is answered 408 and its connection closed', async ({ server }) => {
    const head = [
      'POST /1/events HTTP/1.1',
      'Host: 127.0.0.1',
      `X-Algolia-Application-Id: ${server.appId}`,
      `X-Algolia-API-Key: ${server.searchKey}`,
      'Content-Type: application/json',
      'Content-Length: 100',
    ]
    const { answer } = await sendAndWait(server.url, `${head.join('\r\n')}\r\n\r\n{"ev`)
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('headers that never end are answered 408 and their connection closed', async ({ server }) => {
    const { answer } = await sendAndWait(server.url, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1')
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('a request sent in time is answered as always', async ({ server }) => {
    const { answer } = await sendAndWait(
      server.url,
      'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
  })
})
