// What one client can hold of the server's connections. A client that sends part of a request and
// then nothing (or trickles it) holds a connection only until REQUEST_TIMEOUT_MS: the server answers
// 408 and closes it (Fastify's default would keep it open for ever). And one address holds at most
// MAX_CONNECTIONS_PER_IP connections at once.
import { connect, type Socket } from 'node:net'
import { describe, expect } from 'vitest'
import { testWithEnv } from './fixture.ts'

const it = testWithEnv({ REQUEST_TIMEOUT_MS: '1000', MAX_CONNECTIONS_PER_IP: '5' })

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

/** A connection from `localAddress` (any 127.x address reaches the server on 127.0.0.1). */
function open(url: string, localAddress: string): Promise<{ socket: Socket; closed: Promise<string> }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: hostname, localAddress }, () =>
      resolve({ socket, closed }),
    )
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      received += chunk
    })
    const closed = new Promise<string>((done) => socket.on('close', () => done(received)))
    socket.on('error', reject)
  })
}

/** Whether the server closes the connection within `ms` (it answers nothing first). */
async function closedWithin(connection: { closed: Promise<string> }, ms: number): Promise<boolean> {
  const timeout = new Promise<false>((done) => setTimeout(() => done(false), ms).unref())
  return Promise.race([connection.closed.then(() => true), timeout])
}

describe('connections per address', () => {
  it('one address holds at most MAX_CONNECTIONS_PER_IP connections; others are served meanwhile', async ({
    server,
  }) => {
    // 127.0.0.2: an address of this test alone (the fixture's own clients come from 127.0.0.1).
    const held = await Promise.all(Array.from({ length: 5 }, () => open(server.url, '127.0.0.2')))
    const extra = await open(server.url, '127.0.0.2')
    expect(await closedWithin(extra, 2000)).toBe(true)
    expect(await extra.closed).toBe('')
    // Another address is served as always.
    const other = await sendAndWait(
      server.url,
      'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    )
    expect(other.answer).toMatch(/^HTTP\/1\.1 200 /)
    // A held connection still works, and once one closes the address may open another.
    held[0]?.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
    expect(await held[0]?.closed).toMatch(/^HTTP\/1\.1 200 /)
    const again = await open(server.url, '127.0.0.2')
    expect(await closedWithin(again, 500)).toBe(false)
    for (const connection of [...held, again]) connection.socket.destroy()
  })
})
