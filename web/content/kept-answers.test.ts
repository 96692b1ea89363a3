import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { browserContentClient } from '../../tests/helpers/content-client.ts'
import { browserEnvironment } from '../shared/render-context.tsx'
import { createServerContentClient } from './content-client.ts'
import { keepNotices } from './keep-notices.ts'
import { receiptOf } from './kept-answers.ts'
import { NOTICE_LIST_LIMIT, NOTICE_LIST_QUERY } from './queries.ts'

/** At most this many answers are kept; the oldest go first. */
const KEPT_ANSWERS_LIMIT = 200

const CONFIG = { url: 'https://cms.example/graphql', token: null }
const PAGE = 'query PageBySlug($slug: String!) { pageCollection(where: { slug: $slug }) { total } }'
const OPEN_NOTICES = 'query OpenNotices($today: DateTime!) { noticeCollection { total } }'
const RECEIVED = new Date('2026-11-24T13:05:00Z')

/** Cache Storage as the browser keeps it, in memory: entries in the order they were put. */
class FakeCache {
  readonly entries = new Map<string, Response>()
  async put(request: RequestInfo, response: Response): Promise<void> {
    const url = typeof request === 'string' ? request : request.url
    this.entries.delete(url)
    this.entries.set(url, response)
  }
  async match(request: RequestInfo): Promise<Response | undefined> {
    return this.entries.get(typeof request === 'string' ? request : request.url)?.clone()
  }
  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url))
  }
  async delete(request: RequestInfo): Promise<boolean> {
    return this.entries.delete(typeof request === 'string' ? request : request.url)
  }
}

class FakeCacheStorage {
  readonly named = new Map<string, FakeCache>()
  async open(name: string): Promise<FakeCache> {
    let cache = this.named.get(name)
    if (!cache) {
      cache = new FakeCache()
      this.named.set(name, cache)
    }
    return cache
  }
  /** The one cache the kept answers go to. */
  get kept(): FakeCache {
    expect(this.named.size).toBeLessThanOrEqual(1)
    return [...this.named.values()][0] ?? new FakeCache()
  }
}

function answer(data: unknown, init?: ResponseInit): Response {
  return new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' }, ...init })
}

/** A content service that answers each query with its variables, until it is switched off. */
function contentService() {
  const service = {
    reachable: true,
    failure: (): Response => {
      throw new TypeError('Failed to fetch')
    },
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!service.reachable) return service.failure()
      const variables =
        init?.method === 'POST'
          ? (JSON.parse(String(init.body)) as { variables: unknown }).variables
          : JSON.parse(new URL(String(input)).searchParams.get('variables') ?? '{}')
      return answer({ data: { pageCollection: { total: 1, asked: variables } } })
    }),
  }
  return service
}

let storage: FakeCacheStorage

beforeEach(() => {
  storage = new FakeCacheStorage()
  vi.stubGlobal('caches', storage)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Asks once with a fresh client (a new visit: urql's own cache is empty), as the browser does. */
async function ask(query = PAGE, variables: Record<string, unknown> = { slug: 'hilfe' }) {
  return browserContentClient(CONFIG).query(query, variables).toPromise()
}

async function keptCount(count: number): Promise<void> {
  await vi.waitFor(() => expect(storage.kept.entries.size).toBe(count))
}

describe('answers kept for when the content service cannot be reached', () => {
  it('answers with the kept answer when the network fails, with the time it was received, at once', async () => {
    const service = contentService()
    vi.stubGlobal('fetch', service.fetch)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(RECEIVED)
    const fresh = await ask()
    expect(receiptOf(fresh.extensions)).toEqual({ receivedAt: '2026-11-24T13:05:00.000Z', kept: false })
    await keptCount(1)

    vi.useFakeTimers()
    service.reachable = false
    const kept = await ask()
    // No second attempt 1–2.5 s later: a kept answer is no network error.
    expect(service.fetch).toHaveBeenCalledTimes(2)
    expect(kept.error).toBeUndefined()
    expect(kept.data).toEqual(fresh.data)
    expect(receiptOf(kept.extensions)).toEqual({ receivedAt: '2026-11-24T13:05:00.000Z', kept: true })
  })

  it('does not ask the network while the browser is offline', async () => {
    const service = contentService()
    vi.stubGlobal('fetch', service.fetch)
    await ask()
    await keptCount(1)
    vi.stubGlobal('navigator', { onLine: false })
    const kept = await ask()
    expect(service.fetch).toHaveBeenCalledTimes(1)
    expect(receiptOf(kept.extensions).kept).toBe(true)
  })

  it('answers with the kept answer when a gateway says the service is unreachable (502–504)', async () => {
    const service = contentService()
    vi.stubGlobal('fetch', service.fetch)
    await ask()
    await keptCount(1)
    service.reachable = false
    service.failure = () => new Response('Service Unavailable', { status: 503 })
    const kept = await ask()
    expect(kept.error).toBeUndefined()
    expect(receiptOf(kept.extensions).kept).toBe(true)
  })

  it('keeps nothing of what was never seen: the failure stands, retried once as before', async () => {
    vi.useFakeTimers()
    const service = contentService()
    service.reachable = false
    vi.stubGlobal('fetch', service.fetch)
    const result = ask()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(service.fetch).toHaveBeenCalledTimes(2)
    expect((await result).error?.networkError).toBeInstanceOf(TypeError)
  })

  it('keeps each page under its own variables: another page never stands in', async () => {
    const service = contentService()
    vi.stubGlobal('fetch', service.fetch)
    await ask(PAGE, { slug: 'hilfe' })
    await keptCount(1)
    service.reachable = false
    vi.useFakeTimers()
    const result = ask(PAGE, { slug: 'impressum' })
    await vi.advanceTimersByTimeAsync(60_000)
    expect((await result).error?.networkError).toBeInstanceOf(TypeError)
  })

  it("serves today's notices with an answer kept on an earlier day", async () => {
    const service = contentService()
    vi.stubGlobal('fetch', service.fetch)
    const yesterday = await ask(OPEN_NOTICES, { today: '2026-11-23T00:00:00.000+01:00' })
    await keptCount(1)
    service.reachable = false
    const today = await ask(OPEN_NOTICES, { today: '2026-11-24T00:00:00.000+01:00' })
    expect(today.data).toEqual(yesterday.data)
    expect(receiptOf(today.extensions).kept).toBe(true)
  })

  it('keeps an answer asked by POST (beyond the URL length limit) under its body', async () => {
    const service = contentService()
    vi.stubGlobal('fetch', service.fetch)
    const long = { slug: 'x'.repeat(3000) }
    await ask(PAGE, long)
    expect(service.fetch.mock.calls[0]![1]?.method).toBe('POST')
    await keptCount(1)
    service.reachable = false
    const kept = await ask(PAGE, long)
    expect(kept.data).toEqual({ pageCollection: { total: 1, asked: long } })
    expect(receiptOf(kept.extensions).kept).toBe(true)
  })

  it('keeps no answer with errors: a partial answer is not shown later', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer({ data: { pageCollection: null }, errors: [{ message: 'Unknown locale' }] })),
    )
    await ask()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer({ errors: [{ message: 'Unknown field' }] }, { status: 400 })),
    )
    await ask()
    vi.stubGlobal('fetch', contentService().fetch)
    await ask(PAGE, { slug: 'impressum' })
    await keptCount(1)
    const [kept] = storage.kept.entries.keys()
    expect(new URL(kept!).searchParams.get('variables')).toBe('{"slug":"impressum"}')
  })

  it(`keeps at most ${KEPT_ANSWERS_LIMIT} answers, dropping the oldest`, async () => {
    const service = contentService()
    vi.stubGlobal('fetch', service.fetch)
    for (let page = 0; page <= KEPT_ANSWERS_LIMIT; page++) {
      await ask(PAGE, { slug: `seite-${page}` })
      await keptCount(Math.min(page + 1, KEPT_ANSWERS_LIMIT))
    }
    const kept = [...storage.kept.entries.keys()].map((url) => new URL(url).searchParams.get('variables'))
    expect(kept[0]).toBe('{"slug":"seite-1"}')
    expect(kept.at(-1)).toBe(`{"slug":"seite-${KEPT_ANSWERS_LIMIT}"}`)
  })

  it('answers as usual when the cache cannot be written', async () => {
    vi.stubGlobal('caches', {
      open: () => Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError')),
    })
    const service = contentService()
    vi.stubGlobal('fetch', service.fetch)
    const result = await ask()
    expect(result.error).toBeUndefined()
    expect(result.data).toEqual({ pageCollection: { total: 1, asked: { slug: 'hilfe' } } })
  })

  it('keeps the answers a server-rendered page came with, received when the server rendered it', async () => {
    const service = contentService()
    const server = createServerContentClient(CONFIG, 'https://example.org', service.fetch)
    await server.client.query(PAGE, { slug: 'hilfe' }).toPromise()
    const browserFetch = vi.fn(globalThis.fetch)
    vi.stubGlobal('fetch', browserFetch)

    const hydrated = browserContentClient(CONFIG, { state: server.extractData(), renderedAt: RECEIVED })
    const handedOver = await hydrated.query(PAGE, { slug: 'hilfe' }).toPromise()
    expect(browserFetch).not.toHaveBeenCalled()
    expect(receiptOf(handedOver.extensions)).toEqual({ receivedAt: '2026-11-24T13:05:00.000Z', kept: false })
    await keptCount(1)

    vi.stubGlobal('navigator', { onLine: false })
    const kept = await ask()
    expect(kept.data).toEqual({ pageCollection: { total: 1, asked: { slug: 'hilfe' } } })
    expect(receiptOf(kept.extensions)).toEqual({ receivedAt: '2026-11-24T13:05:00.000Z', kept: true })
  })
})

describe('the list of notices kept for offline, unasked', () => {
  const HOUR = 60 * 60 * 1000

  it('is asked and kept, so that it answers offline though the page never asked it', async () => {
    const service = contentService()
    vi.stubGlobal('fetch', service.fetch)
    vi.stubGlobal('navigator', { onLine: true })
    await keepNotices({ ...CONFIG }, browserEnvironment(undefined), 'de')
    expect(service.fetch).toHaveBeenCalledTimes(1)
    await keptCount(1)

    vi.stubGlobal('navigator', { onLine: false })
    const offline = await ask(NOTICE_LIST_QUERY, { limit: NOTICE_LIST_LIMIT, locale: 'de-DE' })
    expect(service.fetch).toHaveBeenCalledTimes(1)
    expect(receiptOf(offline.extensions).kept).toBe(true)
    expect(offline.data).toEqual({
      pageCollection: { total: 1, asked: { limit: NOTICE_LIST_LIMIT, locale: 'de-DE' } },
    })
  })

  it('is kept in the page’s language, under the key the page asks with', async () => {
    const service = contentService()
    vi.stubGlobal('fetch', service.fetch)
    vi.stubGlobal('navigator', { onLine: true })
    await keepNotices({ ...CONFIG }, browserEnvironment(undefined), 'en')
    await keptCount(1)
    vi.stubGlobal('navigator', { onLine: false })
    const english = await ask(NOTICE_LIST_QUERY, { limit: NOTICE_LIST_LIMIT, locale: 'en-US' })
    expect(receiptOf(english.extensions).kept).toBe(true)
    expect(english.data).toEqual({
      pageCollection: { total: 1, asked: { limit: NOTICE_LIST_LIMIT, locale: 'en-US' } },
    })
  })

  it('is asked again only when the one kept is an hour old, and never offline', async () => {
    const service = contentService()
    vi.stubGlobal('fetch', service.fetch)
    vi.stubGlobal('navigator', { onLine: true })
    const start = Date.now()
    await keepNotices({ ...CONFIG }, browserEnvironment(undefined), 'de', () => start)
    await keptCount(1)
    await keepNotices({ ...CONFIG }, browserEnvironment(undefined), 'de', () => start + HOUR - 60_000)
    expect(service.fetch).toHaveBeenCalledTimes(1)
    vi.stubGlobal('navigator', { onLine: false })
    await keepNotices({ ...CONFIG }, browserEnvironment(undefined), 'de', () => start + 2 * HOUR)
    expect(service.fetch).toHaveBeenCalledTimes(1)
    vi.stubGlobal('navigator', { onLine: true })
    await keepNotices({ ...CONFIG }, browserEnvironment(undefined), 'de', () => start + HOUR + 60_000)
    expect(service.fetch).toHaveBeenCalledTimes(2)
  })
})
