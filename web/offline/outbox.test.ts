import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type OutboxModule = typeof import('./outbox.ts')

const DAY = 24 * 60 * 60 * 1000
const search = {
  appId: 'bahnhofsfinder',
  apiKey: 'search-key',
  indexName: 'stations',
  hosts: [{ url: 'localhost:3000', protocol: 'http' as const }],
  insightsHost: 'http://localhost:3000',
}
const EVENTS_URL =
  'http://localhost:3000/1/events?X-Algolia-Application-Id=bahnhofsfinder&X-Algolia-API-Key=search-key&X-Algolia-Agent=insights-js'
/** queryIDs the device gave its answers. */
const OFFLINE_KOELN = 'd'.repeat(32)
const OFFLINE_BONN = 'e'.repeat(32)

/** localStorage in memory; `broken` makes every access throw, as with storage disabled. */
class MemoryStorage {
  readonly items = new Map<string, string>()
  broken = false
  getItem(key: string): string | null {
    if (this.broken) throw new DOMException('The operation is insecure.', 'SecurityError')
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    if (this.broken) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    this.items.set(key, value)
  }
}

interface Received {
  path: string
  url: URL
  body: { requests?: Array<Record<string, unknown>>; events?: Array<Record<string, unknown>> }
  keepalive: boolean
}

/**
 * The search service as the outbox meets it: `down` (no connection) or an HTTP status per path,
 * what it received, and queryIDs it issues (`s1…`, `s2…`).
 */
function fakeService() {
  const received: Received[] = []
  const state = { attempts: 0, issued: 0, answer: {} as Record<string, 'down' | number> }
  const fetchFake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    state.attempts += 1
    const url = new URL(String(input))
    const path = url.pathname
    const answer = state.answer[path] ?? 200
    if (answer === 'down') throw new TypeError('Failed to fetch')
    const body = JSON.parse(String(init?.body)) as Received['body']
    received.push({ path, url, body, keepalive: init?.keepalive === true })
    if (answer !== 200) return Response.json({ message: 'no', status: answer }, { status: answer })
    if (path === '/1/events') return Response.json({ status: 200, message: 'OK' })
    const results = (body.requests ?? []).map(() => {
      state.issued += 1
      return { queryID: `s${state.issued}`.padEnd(32, '0') }
    })
    return Response.json({ results })
  }
  return { received, state, fetchFake }
}

const serverID = (n: number) => `s${n}`.padEnd(32, '0')

function click(queryID: string | undefined, extra: Record<string, unknown> = {}) {
  return {
    eventType: 'click',
    eventName: 'Hit Clicked',
    index: 'stations',
    objectIDs: ['8000207'],
    positions: [3],
    ...(queryID ? { queryID } : {}),
    userToken: 'anonymous-1',
    ...extra,
  }
}

/** The app's multi-query entries: inline parameters (the lite client) and a params string. */
const koeln = { indexName: 'stations', query: 'köln', hitsPerPage: 20, clickAnalytics: true, page: 0 }
const bonn = { indexName: 'stations', params: 'query=bonn&hitsPerPage=20&clickAnalytics=true' }

let storage: MemoryStorage
let service: ReturnType<typeof fakeService>
let net: { onLine: boolean; locks?: LockManager }
let outbox: OutboxModule
/** The page's window, on which a started outbox listens for the browser to be online again. */
let page: EventTarget

/** The outbox as a freshly loaded page has it (module state included). */
async function loadPage(): Promise<OutboxModule> {
  vi.resetModules()
  return import('./outbox.ts')
}

/**
 * The browser says it is online (again): each started outbox (this page's, or the tabs given)
 * flushes what waits. Resolves once they are done: a flush holds the outbox's Web Lock, and the lock
 * is asked for here after them.
 */
async function flush(...tabs: OutboxModule[]): Promise<void> {
  for (const tab of tabs.length > 0 ? tabs : [outbox]) tab.startOutbox(search)
  page.dispatchEvent(new Event('online'))
  await navigator.locks.request('bahnhofsfinder-outbox', () => undefined)
}

beforeEach(async () => {
  storage = new MemoryStorage()
  service = fakeService()
  net = { onLine: true, locks: navigator.locks }
  vi.stubGlobal('localStorage', storage)
  vi.stubGlobal('fetch', service.fetchFake)
  vi.stubGlobal('navigator', net)
  // Not loaded yet: the outbox flushes only when the browser says it is online.
  page = new EventTarget()
  vi.stubGlobal('window', page)
  vi.stubGlobal('document', { readyState: 'loading' })
  outbox = await loadPage()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const sentTo = (path: string) => service.received.filter((request) => request.path === path)
const sentEvents = () => sentTo('/1/events').flatMap((request) => request.body.events ?? [])
const sentSearches = () => sentTo('/1/indexes/*/queries').flatMap((request) => request.body.requests ?? [])

describe('insights events', () => {
  it('go out online as before: the same body, kept alive past the page, nothing kept', async () => {
    const data = { events: [click(serverID(9))] }
    await expect(outbox.insightsRequester(EVENTS_URL, data)).resolves.toBe(true)
    expect(service.received).toEqual([
      { path: '/1/events', url: new URL(EVENTS_URL), body: data, keepalive: true },
    ])
    await flush()
    expect(service.received).toHaveLength(1)
  })

  it('made offline are kept and sent once the connection is back, once', async () => {
    net.onLine = false
    await expect(outbox.insightsRequester(EVENTS_URL, { events: [click(serverID(9))] })).resolves.toBe(true)
    expect(service.state.attempts).toBe(0)
    await flush()
    expect(service.state.attempts).toBe(0)

    net.onLine = true
    await flush()
    expect(sentTo('/1/events').map((request) => request.url.href)).toEqual([EVENTS_URL])
    expect(sentEvents()).toEqual([{ ...click(serverID(9)), timestamp: expect.any(Number) }])
    await flush()
    expect(sentEvents()).toHaveLength(1)
  })

  it("are kept, but not InstantSearch's usage telemetry", async () => {
    net.onLine = false
    const telemetry = { eventType: 'instantsearch', eventName: '__start__', timestamp: Date.now() }
    await expect(
      outbox.insightsRequester(EVENTS_URL, { events: [telemetry, click(undefined)] }),
    ).resolves.toBe(true)
    net.onLine = true
    await flush()
    expect(sentEvents().map((event) => event.eventType)).toEqual(['click'])
  })

  it('that the network failed to carry are kept', async () => {
    service.state.answer['/1/events'] = 'down'
    await expect(outbox.insightsRequester(EVENTS_URL, { events: [click(serverID(9))] })).resolves.toBe(true)
    service.state.answer['/1/events'] = 200
    await flush()
    expect(sentEvents()).toMatchObject([click(serverID(9))])
  })

  it('that the service refuses are not kept: they would be refused again', async () => {
    service.state.answer['/1/events'] = 422
    await expect(outbox.insightsRequester(EVENTS_URL, { events: [click(serverID(9))] })).resolves.toBe(false)
    service.state.answer['/1/events'] = 200
    await flush()
    expect(service.received).toHaveLength(1)
  })

  it('keep the time they happened at, or get the time they were kept', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(1_800_000_000_000)
    net.onLine = false
    await outbox.insightsRequester(EVENTS_URL, {
      events: [click(undefined), click(undefined, { timestamp: 1_799_999_000_000 })],
    })
    vi.setSystemTime(1_800_000_600_000)
    net.onLine = true
    await flush()
    expect(sentEvents().map((event) => event.timestamp)).toEqual([1_800_000_000_000, 1_799_999_000_000])
  })

  it('older than 29 days are dropped, the rest is sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const now = 1_800_000_000_000
    vi.setSystemTime(now - 30 * DAY)
    net.onLine = false
    await outbox.insightsRequester(EVENTS_URL, { events: [click(undefined, { objectIDs: ['old'] })] })
    vi.setSystemTime(now - DAY)
    await outbox.insightsRequester(EVENTS_URL, { events: [click(undefined, { objectIDs: ['recent'] })] })
    vi.setSystemTime(now)
    net.onLine = true
    await flush()
    expect(sentEvents().map((event) => event.objectIDs)).toEqual([['recent']])
  })

  it('are kept 500 at most, the oldest dropped', async () => {
    net.onLine = false
    for (let n = 0; n < 501; n++) {
      await outbox.insightsRequester(EVENTS_URL, {
        events: [click(undefined, { objectIDs: [String(n)], timestamp: 1_800_000_000_000 + n })],
      })
    }
    net.onLine = true
    await flush()
    const sent = sentEvents().map((event) => (event.objectIDs as string[])[0])
    expect(sent).toHaveLength(500)
    expect(sent[0]).toBe('1')
    expect(sent.at(-1)).toBe('500')
  })
})

describe('searches answered on the device', () => {
  it('are sent first, in one request, and their clicks carry the server queryIDs', async () => {
    net.onLine = false
    outbox.queueSearches([koeln, bonn], [OFFLINE_KOELN, OFFLINE_BONN])
    await outbox.insightsRequester(EVENTS_URL, { events: [click(OFFLINE_BONN), click(OFFLINE_KOELN)] })
    net.onLine = true
    await flush()

    expect(service.received.map((request) => request.path)).toEqual(['/1/indexes/*/queries', '/1/events'])
    const [queries] = service.received
    // Credentials in the query string, as the lite client sends them (no CORS preflight).
    expect(queries?.url.searchParams.get('x-algolia-application-id')).toBe('bahnhofsfinder')
    expect(queries?.url.searchParams.get('x-algolia-api-key')).toBe('search-key')
    const [first, second] = sentSearches()
    expect(first).toMatchObject({ ...koeln, clickAnalytics: true })
    expect(second).toMatchObject({ indexName: 'stations' })
    expect(new URLSearchParams(String(second?.params)).get('query')).toBe('bonn')
    expect(new URLSearchParams(String(second?.params)).get('clickAnalytics')).toBe('true')
    expect(sentEvents().map((event) => event.queryID)).toEqual([serverID(2), serverID(1)])
    expect(sentEvents().map((event) => event.positions)).toEqual([[3], [3]])

    await flush()
    expect(service.received).toHaveLength(2)
  })

  it('ask for a queryID only when the device gave one', async () => {
    outbox.queueSearches(
      [
        { ...koeln, clickAnalytics: undefined },
        { indexName: 'stations', query: 'ulm' },
      ],
      [OFFLINE_KOELN, undefined],
    )
    await flush()
    expect(sentSearches().map((request) => request.clickAnalytics)).toEqual([true, undefined])
  })

  it('keep the server queryID for clicks made later, online or offline', async () => {
    outbox.queueSearches([koeln], [OFFLINE_KOELN])
    await flush()
    // The offline answer is still on screen: its hits carry the device's queryID.
    await outbox.insightsRequester(EVENTS_URL, { events: [click(OFFLINE_KOELN)] })
    net.onLine = false
    await outbox.insightsRequester(EVENTS_URL, { events: [click(OFFLINE_KOELN, { objectIDs: ['2'] })] })
    net.onLine = true
    outbox = await loadPage()
    await flush()
    expect(sentEvents().map((event) => event.queryID)).toEqual([serverID(1), serverID(1)])
  })

  it('hold their clicks back while they cannot be sent; other events go', async () => {
    net.onLine = false
    outbox.queueSearches([koeln], [OFFLINE_KOELN])
    await outbox.insightsRequester(EVENTS_URL, { events: [click(OFFLINE_KOELN), click(serverID(7))] })
    net.onLine = true
    service.state.answer['/1/indexes/*/queries'] = 'down'
    await flush()
    // Online again, a click on the offline answer waits for its search too.
    await outbox.insightsRequester(EVENTS_URL, { events: [click(OFFLINE_KOELN, { objectIDs: ['2'] })] })
    expect(sentEvents().map((event) => event.queryID)).toEqual([serverID(7)])

    service.state.answer['/1/indexes/*/queries'] = 200
    await flush()
    expect(sentEvents().map((event) => event.queryID)).toEqual([serverID(7), serverID(1), serverID(1)])
  })

  it('that the service refuses are dropped, and their clicks go as clicks without a search', async () => {
    outbox.queueSearches([koeln], [OFFLINE_KOELN])
    net.onLine = false
    await outbox.insightsRequester(EVENTS_URL, { events: [click(OFFLINE_KOELN)] })
    net.onLine = true
    service.state.answer['/1/indexes/*/queries'] = 400
    await flush()
    const [event] = sentEvents()
    expect(event).toMatchObject({ eventType: 'click', objectIDs: ['8000207'] })
    expect(event).not.toHaveProperty('queryID')
    expect(event).not.toHaveProperty('positions')
    await flush()
    expect(sentTo('/1/indexes/*/queries')).toHaveLength(1)
  })

  it('dropped as too old leave their later clicks as clicks without a search', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const now = 1_800_000_000_000
    vi.setSystemTime(now - 29.1 * DAY)
    net.onLine = false
    outbox.queueSearches([koeln], [OFFLINE_KOELN])
    vi.setSystemTime(now - 28.9 * DAY)
    await outbox.insightsRequester(EVENTS_URL, { events: [click(OFFLINE_KOELN)] })
    vi.setSystemTime(now)
    net.onLine = true
    await flush()
    expect(sentSearches()).toEqual([])
    expect(sentEvents()).toHaveLength(1)
    expect(sentEvents()[0]).not.toHaveProperty('queryID')
  })

  it('stay while the service cannot take them (no network, 5xx, 429) and go once, later', async () => {
    outbox.queueSearches([koeln], [OFFLINE_KOELN])
    for (const answer of ['down', 503, 429] as const) {
      service.state.answer['/1/indexes/*/queries'] = answer
      await flush()
    }
    service.state.answer['/1/indexes/*/queries'] = 200
    await flush()
    await flush()
    expect(service.state.attempts).toBe(4)
    expect(sentSearches().filter((request) => request.query === 'köln')).toHaveLength(3)
    expect(service.received.at(-1)?.body.requests).toMatchObject([{ query: 'köln' }])
  })

  it('are not kept when they say analytics=false or are facet-value searches', async () => {
    outbox.queueSearches(
      [
        { indexName: 'stations', params: 'query=k%C3%B6&hitsPerPage=5&analytics=false' },
        { indexName: 'stations', query: 'kö', analytics: false },
        { indexName: 'stations', type: 'facet', facet: 'federalState', facetQuery: 'nrw' },
        koeln,
      ],
      [undefined, undefined, undefined, OFFLINE_KOELN],
    )
    await flush()
    expect(sentSearches()).toMatchObject([{ query: 'köln' }])
  })

  it('go in requests of 50 queries and 1,000 hits at most, oldest first', async () => {
    const small = Array.from({ length: 60 }, (_, n) => ({
      indexName: 'stations',
      query: `q${n}`,
      hitsPerPage: 5,
    }))
    // 100 hits each; the last says so in its params string.
    const big = Array.from({ length: 12 }, (_, n) => ({
      indexName: 'stations',
      query: `big${n}`,
      hitsPerPage: 100,
    }))
    outbox.queueSearches(
      [...small, ...big.slice(0, 11), { indexName: 'stations', params: 'query=big11&hitsPerPage=100' }],
      [],
    )
    await flush()
    const sizes = sentTo('/1/indexes/*/queries').map((request) => request.body.requests?.length)
    // 50 × 5 hits; 10 × 5 + 9 × 100; 3 × 100
    expect(sizes).toEqual([50, 19, 3])
    expect(
      sentSearches().map(
        (request) => request.query ?? new URLSearchParams(String(request.params)).get('query'),
      ),
    ).toEqual([...small, ...big].map((request) => request.query))
  })
})

describe('the stored outbox', () => {
  it('starts empty from something unreadable, and works on', async () => {
    storage.items.set('bahnhofsfinder:outbox', '{"version":1,"searches":[{"id":')
    outbox.queueSearches([koeln], [OFFLINE_KOELN])
    const foreign = { version: 1, events: 'nonsense', searches: [{ id: 'x', at: Date.now() }] }
    storage.items.set('bahnhofsfinder:outbox', JSON.stringify(foreign))
    outbox.queueSearches([koeln], [OFFLINE_KOELN])
    await flush()
    expect(sentSearches()).toHaveLength(1)
  })

  it('sends an entry once per flush when the storage keeps it', async () => {
    outbox.queueSearches([koeln], [OFFLINE_KOELN])
    net.onLine = false
    await outbox.insightsRequester(EVENTS_URL, { events: [click(serverID(9))] })
    net.onLine = true
    // Full: the outbox reads, but no write (the removal of what was sent) goes through.
    storage.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    await flush()
    expect(service.received.map((request) => request.path)).toEqual(['/1/indexes/*/queries', '/1/events'])
  })

  it('never throws into the app when the storage cannot be used', async () => {
    storage.broken = true
    net.onLine = false
    expect(() => outbox.queueSearches([koeln], [OFFLINE_KOELN])).not.toThrow()
    await expect(outbox.insightsRequester(EVENTS_URL, { events: [click(undefined)] })).resolves.toBe(true)
    net.onLine = true
    await expect(flush()).resolves.toBeUndefined()
    await expect(outbox.insightsRequester(EVENTS_URL, { events: [click(undefined)] })).resolves.toBe(true)
  })

  it('is sent by one tab at a time', async () => {
    net.onLine = false
    outbox.queueSearches([koeln], [OFFLINE_KOELN])
    await outbox.insightsRequester(EVENTS_URL, { events: [click(OFFLINE_KOELN)] })
    net.onLine = true
    const otherTab = await loadPage()
    await flush(outbox, otherTab)
    expect(sentSearches()).toHaveLength(1)
    expect(sentEvents()).toHaveLength(1)
  })
})

describe('startOutbox', () => {
  function startedPage() {
    const page = new EventTarget()
    vi.stubGlobal('window', page)
    vi.stubGlobal('document', { readyState: 'loading' })
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0))
    outbox.startOutbox(search)
    return page
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10))

  it('sends at idle after load, whenever the browser is back online, and after an answered event', async () => {
    service.state.answer['/1/indexes/*/queries'] = 'down'
    outbox.queueSearches([koeln], [OFFLINE_KOELN])
    const page = startedPage()
    outbox.startOutbox(search)
    await settle()
    expect(service.state.attempts).toBe(0)
    page.dispatchEvent(new Event('load'))
    await settle()
    expect(service.state.attempts).toBe(1)
    page.dispatchEvent(new Event('online'))
    await settle()
    expect(service.state.attempts).toBe(2)

    service.state.answer['/1/indexes/*/queries'] = 200
    await outbox.insightsRequester(EVENTS_URL, { events: [click(serverID(9))] })
    await settle()
    expect(sentSearches()).toMatchObject([{ query: 'köln' }])
  })

  it('flushes once for events answered together', async () => {
    service.state.answer['/1/indexes/*/queries'] = 'down'
    outbox.queueSearches([koeln], [OFFLINE_KOELN])
    startedPage()
    await Promise.all(
      ['1', '2', '3'].map((id) =>
        outbox.insightsRequester(EVENTS_URL, { events: [click(serverID(9), { objectIDs: [id] })] }),
      ),
    )
    await settle()
    expect(service.state.attempts).toBe(4)
  })
})
