import { afterEach, describe, expect, it, vi } from 'vitest'
import { browserContentClient } from '../../tests/helpers/content-client.ts'

const QUERY = 'query PageBySlug($slug: String!) { pageCollection(where: { slug: $slug }) { total } }'
const ANSWER = { data: { pageCollection: { total: 1 } } }

function answer(): Response {
  return new Response(JSON.stringify(ANSWER), { headers: { 'content-type': 'application/json' } })
}

/** A fetch that fails at the network level `failures` times, then answers. */
function flakyFetch(failures: number) {
  let calls = 0
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    calls++
    if (calls <= failures) throw new TypeError('Failed to fetch')
    return answer()
  })
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('content client', () => {
  it('asks with GET at the configured URL and sends the token as a bearer token', async () => {
    const fetch = flakyFetch(0)
    vi.stubGlobal('fetch', fetch)
    // A path: the page's own origin.
    vi.stubGlobal('location', { href: 'https://example.org/info/hilfe' })
    const client = browserContentClient({ url: '/graphql', token: 'secret' })
    const result = await client.query(QUERY, { slug: 'hilfe' }).toPromise()
    expect(result.data).toEqual(ANSWER.data)
    const [url, init] = fetch.mock.calls[0]!
    expect(String(url)).toMatch(/^https:\/\/example\.org\/graphql\?/)
    expect(new URL(String(url)).searchParams.get('variables')).toBe('{"slug":"hilfe"}')
    expect(init?.method).toBe('GET')
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer secret')
  })

  it('sends no Authorization header without a token', async () => {
    const fetch = flakyFetch(0)
    vi.stubGlobal('fetch', fetch)
    await browserContentClient({ url: 'https://cms.example/graphql', token: null })
      .query(QUERY, { slug: 'x' })
      .toPromise()
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).has('authorization')).toBe(false)
  })

  it('retries a network error once, no sooner than 1 s and no later than 2.5 s later', async () => {
    vi.useFakeTimers()
    const fetch = flakyFetch(1)
    vi.stubGlobal('fetch', fetch)
    const client = browserContentClient({ url: 'https://cms.example/graphql', token: null })
    const result = client.query(QUERY, { slug: 'hilfe' }).toPromise()
    await vi.advanceTimersByTimeAsync(999)
    expect(fetch).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1501)
    expect(fetch).toHaveBeenCalledTimes(2)
    expect((await result).data).toEqual(ANSWER.data)
  })

  it('gives up after the second attempt with the network error', async () => {
    vi.useFakeTimers()
    const fetch = flakyFetch(Number.POSITIVE_INFINITY)
    vi.stubGlobal('fetch', fetch)
    const client = browserContentClient({ url: 'https://cms.example/graphql', token: null })
    const result = client.query(QUERY, { slug: 'hilfe' }).toPromise()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetch).toHaveBeenCalledTimes(2)
    expect((await result).error?.networkError).toBeInstanceOf(TypeError)
  })

  it('does not retry a GraphQL error: it would fail the same way', async () => {
    vi.useFakeTimers()
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            errors: [{ message: 'Unknown field', extensions: { contentful: { code: 'UNKNOWN_FIELD' } } }],
          }),
          {
            status: 400,
            headers: { 'content-type': 'application/json' },
          },
        ),
    )
    vi.stubGlobal('fetch', fetch)
    const client = browserContentClient({ url: 'https://cms.example/graphql', token: null })
    const result = client.query(QUERY, { slug: 'hilfe' }).toPromise()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect((await result).error?.graphQLErrors[0]?.message).toBe('Unknown field')
  })
})
