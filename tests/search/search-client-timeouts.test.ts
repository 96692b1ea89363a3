// How long the web app's search client waits for a search service that does not answer: 1 s for
// an answer to begin (connect), 2 s for a search's answer to complete (read), 30 s for a write's.
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

/** Steps the faked clock to just before `ms` (still waiting), then to `ms` (given up). */
async function expectGivesUpAt(outcome: ReturnType<typeof track>, ms: number) {
  await vi.advanceTimersByTimeAsync(ms - 1)
  expect(outcome.state.settled, `still waiting at ${ms - 1} ms`).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  await Promise.race([outcome.done, new Promise((resolve) => realSetTimeout(resolve, 1000))])
  expect(outcome.state.settled, `given up at ${ms} ms`).toBe(true)
}

/** What the client reports for the last attempt of a request it gave up on. */
function lastAttempt(error: unknown): string | undefined {
  const trace = (error as { stackTrace?: { response: { content: string } }[] }).stackTrace
  return trace?.at(-1)?.response.content
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
      'gives up on a search after 1 s without the beginning of an answer',
      'nothing',
      search,
      1000,
      'Connection timeout',
    ],
    [
      'waits 2 s for the rest of a search’s answer once it has begun',
      'headers only',
      search,
      2000,
      'Socket timeout',
    ],
    [
      'waits 30 s for the rest of a write’s answer once it has begun',
      'headers only',
      write,
      30_000,
      'Socket timeout',
    ],
  ] as const)('%s', async ([, answer, send, ms, reason]) => {
    const { client, requestArrived } = await start(answer)
    const arrived = requestArrived()
    const outcome = track(send(client))
    await arrived
    await expectGivesUpAt(outcome, ms)
    expect(outcome.state.error).toMatchObject({ name: 'RetryError' })
    expect(lastAttempt(outcome.state.error)).toBe(reason)
  })
})
