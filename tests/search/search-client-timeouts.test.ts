// How long the web app's search client's first try waits for a search service that does not
// answer before it tries again: 1 s for an answer to begin (connect), 2 s for a search's answer to
// complete (read), 30 s for a write's. Later tries wait longer (web/search/search-client.test.ts).
// The client's clock is faked, so the waits are stepped through, not slept; the sockets are real.
// (In the browser the client uses XMLHttpRequest with the same two phases; here Node's http.)
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createSearchClient } from '../../web/search/search-client.ts'

type Answer = 'nothing' | 'headers only'

/** A service that takes every request and then answers nothing, or only the headers. */
async function stalledService(answer: Answer) {
  const received: ServerResponse[] = []
  let onRequest: () => void = () => undefined
  const server = createServer((_request: IncomingMessage, response: ServerResponse) => {
    received.push(response)
    if (answer === 'headers only') {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"results":')
    }
    onRequest()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    client: createSearchClient({
      appId: 'bahnhofsfinder',
      apiKey: 'search-key',
      indexName: 'stations',
      hosts: [{ url: `127.0.0.1:${port}`, protocol: 'http' }],
      insightsHost: null,
    }),
    /** Resolves when the service has the request (and, with headers, the client has them). */
    requestArrived: () =>
      new Promise<void>((resolve) => {
        if (answer === 'nothing') {
          onRequest = resolve
          return
        }
        const channel = 'http.client.response.finish'
        const seen = () => {
          unsubscribe(channel, seen)
          // After this tick the client has begun its read wait.
          queueMicrotask(resolve)
        }
        subscribe(channel, seen)
      }),
    /** How many requests the service has received so far. */
    requests: () => received.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of received) response.destroy()
        server.close(() => resolve())
      }),
  }
}

/** A promise's outcome, readable at any moment. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; error?: unknown } = { settled: false }
  const done = promise.then(
    () => {
      state.settled = true
    },
    (error: unknown) => {
      state.settled = true
      state.error = error
    },
  )
  return { state, done }
}

// Taken before any test fakes the clock: a bound on how long a settled outcome may take to arrive.
const realSetTimeout = globalThis.setTimeout

/** Waits (in real time, at most a second) until `done()` holds. */
async function eventually(done: () => boolean): Promise<void> {
  for (let n = 0; n < 100 && !done(); n++) await new Promise((resolve) => realSetTimeout(resolve, 10))
}

/**
 * Steps the faked clock to just before `ms` (the first try still waits, no second request), then
 * to `ms`: the first try is given up and the client tries again, while the call is still pending.
 */
async function expectTriesAgainAt(
  outcome: ReturnType<typeof track>,
  requests: () => number,
  ms: number,
): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms - 1)
  await eventually(() => requests() > 1)
  expect(requests(), `requests at ${ms - 1} ms`).toBe(1)
  await vi.advanceTimersByTimeAsync(1)
  await eventually(() => requests() > 1)
  expect(requests(), `requests at ${ms} ms`).toBe(2)
  expect(outcome.state.settled, 'the call still waits for its next try').toBe(false)
}

const services: { close: () => Promise<void> }[] = []
afterEach(async () => {
  vi.useRealTimers()
  for (const service of services.splice(0)) await service.close()
})

async function start(answer: Answer) {
  const service = await stalledService(answer)
  services.push(service)
  // Only the client's timers are faked; sockets and the server run on real I/O.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  return service
}

type Client = Awaited<ReturnType<typeof start>>['client']

const search = (client: Client) => client.search({ requests: [{ indexName: 'stations', query: 'köln' }] })
const write = (client: Client) =>
  client.customPost({ path: '1/indexes/stations/batch', body: { requests: [] } })

describe('the web app’s search client with a service that does not answer', () => {
  it.for([
    [
      'gives up its first try of a search after 1 s without the beginning of an answer',
      'nothing',
      search,
      1000,
    ],
    ['waits 2 s for the rest of a search’s answer once it has begun', 'headers only', search, 2000],
    ['waits 30 s for the rest of a write’s answer once it has begun', 'headers only', write, 30_000],
  ] as const)('%s', async ([, answer, send, ms]) => {
    const { client, requestArrived, requests } = await start(answer)
    const arrived = requestArrived()
    const outcome = track(send(client))
    await arrived
    await expectTriesAgainAt(outcome, requests, ms)
  })
})
