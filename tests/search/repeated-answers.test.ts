// A multi-query sent again is answered from the bytes kept for it (SEARCH_ANSWER_CACHE_MB): the
// same answer with its own queryIDs and times, recorded again for analytics, and never one that a
// write, a rule's validity or the key's restrictions would have changed.
import { algoliasearch } from 'algoliasearch'
import { describe, expect } from 'vitest'
import { it, type SearchServer } from './fixture.ts'

const INDEX = 'kept-answers'
const PER_ANSWER = ['params', 'processingTimeMS', 'serverTimeMS', 'queryID']

type Result = Record<string, unknown> & { hits?: Array<Record<string, unknown>>; nbHits?: number }

/** POST /1/indexes/*\/queries as the web app's lite client sends it (text/plain, key in the URL). */
async function queries(
  server: SearchServer,
  body: unknown,
  apiKey = server.searchKey,
  headers: Record<string, string> = {},
) {
  const credentials = `x-algolia-application-id=${server.appId}&x-algolia-api-key=${apiKey}`
  const response = await fetch(`${server.url}/1/indexes/*/queries?${credentials}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', ...headers },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    encoding: response.headers.get('content-encoding'),
    vary: response.headers.get('vary'),
    text,
    json: JSON.parse(text),
  }
}

/** The answer cache's hits and misses from /metrics. */
async function cacheCounts(server: SearchServer): Promise<{ hits: number; misses: number }> {
  const { body } = await server.request('GET', '/metrics')
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(String(body))?.[1])
  return {
    hits: value('bahnhofsfinder_search_answer_cache_hits_total'),
    misses: value('bahnhofsfinder_search_answer_cache_misses_total'),
  }
}

/** An answer without what differs between two answers to one request. */
function withoutOwnFields(answer: { results: Result[] }) {
  return answer.results.map((result) =>
    Object.fromEntries(Object.entries(result).filter(([name]) => !PER_ANSWER.includes(name))),
  )
}

const firstRequest = {
  requests: [
    {
      indexName: 'stations',
      query: '',
      clickAnalytics: true,
      facets: ['federalState', 'category', 'operator'],
      attributesToRetrieve: ['name', 'city'],
      hitsPerPage: 20,
      maxValuesPerFacet: 20,
    },
    {
      indexName: 'stations',
      query: '',
      analytics: false,
      clickAnalytics: false,
      facets: 'federalState',
      facetFilters: [['category:1']],
      hitsPerPage: 0,
    },
    { indexName: 'stations', type: 'facet', facet: 'federalState', facetQuery: 'bay' },
  ],
}

async function withRecords(server: SearchServer, records: Array<Record<string, unknown>>) {
  const client = server.client()
  const { taskID } = await client.saveObjects({ indexName: INDEX, objects: records }).then((r) => r[0]!)
  await client.waitForTask({ indexName: INDEX, taskID })
}

describe('repeated multi-queries', () => {
  it('are answered from kept bytes, each with its own queryIDs and times', async ({ server }) => {
    const before = await cacheCounts(server)
    const answers = [
      await queries(server, firstRequest),
      await queries(server, firstRequest),
      await queries(server, firstRequest),
    ]
    const after = await cacheCounts(server)
    expect(after.misses - before.misses).toBe(1)
    expect(after.hits - before.hits).toBe(2)

    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.type).toBe('application/json; charset=utf-8')
      expect(withoutOwnFields(answer.json)).toEqual(withoutOwnFields(answers[0]!.json))
      const [main, disjunctive, facet] = answer.json.results as Result[]
      expect(main!.queryID).toMatch(/^[0-9a-f]{32}$/)
      expect(typeof main!.processingTimeMS).toBe('number')
      expect(main!.serverTimeMS).toBeGreaterThanOrEqual(1)
      expect(disjunctive!.queryID).toBeUndefined()
      expect(typeof facet!.processingTimeMS).toBe('number')
    }
    const ids = answers.map((answer) => (answer.json.results[0] as Result).queryID)
    expect(new Set(ids).size).toBe(3)

    // A large body is searched every time: keying it would cost as much again as reading it.
    const large = { ...firstRequest, padding: 'x'.repeat(70_000) }
    const beforeLarge = await cacheCounts(server)
    expect((await queries(server, large)).status).toBe(200)
    expect((await queries(server, large)).status).toBe(200)
    const afterLarge = await cacheCounts(server)
    expect([afterLarge.hits - beforeLarge.hits, afterLarge.misses - beforeLarge.misses]).toEqual([0, 0])

    // The same search on a route that keeps nothing finds the same.
    const {
      queryID: _id,
      processingTimeMS: _p,
      serverTimeMS: _s,
      ...single
    } = await server.search({
      ...firstRequest.requests[0],
      indexName: undefined,
    })
    const main = withoutOwnFields(answers[2]!.json)[0]!
    expect(main.hits).toEqual(single.hits)
    expect(main.facets).toEqual(single.facets)
    expect(main.nbHits).toBe(single.nbHits)
  })

  it('are sent compressed, put together from kept pieces, in the coding the client prefers', async ({
    server,
  }) => {
    const browsers = { 'accept-encoding': 'gzip, deflate, br, zstd' }
    const first = await queries(server, firstRequest, server.searchKey, browsers)
    const before = await cacheCounts(server)
    const again = [
      await queries(server, firstRequest, server.searchKey, browsers),
      await queries(server, firstRequest, server.searchKey, browsers),
    ]
    expect((await cacheCounts(server)).hits - before.hits).toBe(2)
    const checkSpliced = (answer: Awaited<ReturnType<typeof queries>>, encoding: string) => {
      expect(answer.status).toBe(200)
      expect(answer.encoding).toBe(encoding)
      expect(answer.vary).toMatch(/accept-encoding/i)
      // Decoded (the client checks each format's framing): the answer, its own values padded.
      expect(answer.text).toMatch(/"serverTimeMS":\d+ +[,}]/)
      expect(withoutOwnFields(answer.json)).toEqual(withoutOwnFields(first.json))
      expect((answer.json.results[0] as Result).queryID).toMatch(/^[0-9a-f]{32}$/)
    }
    // Browsers take brotli, the smallest of the three.
    for (const answer of again) checkSpliced(answer, 'br')
    expect(again[0]!.json.results[0].queryID).not.toBe(again[1]!.json.results[0].queryID)
    // A client's q-values come first; each coding alone gets its own pieces.
    const ask = (encoding: string) =>
      queries(server, firstRequest, server.searchKey, { 'accept-encoding': encoding })
    checkSpliced(await ask('br;q=0.5, gzip'), 'gzip')
    checkSpliced(await ask('gzip;q=0.2, zstd;q=0.9'), 'zstd')
    checkSpliced(await ask('x-gzip'), 'gzip')
    checkSpliced(await ask('zstd'), 'zstd')
    checkSpliced(await ask('br'), 'br')
    checkSpliced(await ask('*'), 'br')
    for (const encoding of ['identity', 'deflate', 'br;q=0, *;q=0']) {
      const none = await ask(encoding)
      expect(none.encoding).toBeNull()
      expect(none.text).not.toMatch(/"serverTimeMS":\d+ /)
      expect(withoutOwnFields(none.json)).toEqual(withoutOwnFields(first.json))
    }
  })

  it("share one kept answer between visitors, each answer with the visitor's own user token", async ({
    server,
  }) => {
    // As InstantSearch sends it: the visitor's anonymous token with every search of the body.
    const visit = (token: string) => ({
      requests: [
        { indexName: 'stations', query: 'berlin', userToken: token, clickAnalytics: true },
        { indexName: 'stations', query: 'berlin', hitsPerPage: 0, analytics: false, userToken: token },
      ],
    })
    // The last one is echoed form-encoded (`+`, `@`, `&` and `=` escaped), as the first answer's `params` would.
    const tokens = [
      'anonymous-1f0c6a52-7d1e-4c1b-9a0b-0f6d1c2e3a41',
      'anonymous-2',
      'visitor+3@example.org&x=1',
    ]
    const hosts = [
      { url: server.url.replace('http://', ''), accept: 'readWrite' as const, protocol: 'http' as const },
    ]
    const analytics = algoliasearch(server.appId, server.adminKey, { hosts }).initAnalytics({
      options: { hosts },
    })
    const searchesBefore = (await analytics.getSearchesCount({ index: 'stations' })).count
    const before = await cacheCounts(server)
    const answers: Array<{ token: string; answer: Awaited<ReturnType<typeof queries>> }> = []
    for (const token of tokens) {
      // Each coding's pieces hold the shared start of `params`; the token is written per answer.
      for (const encoding of ['identity', 'gzip', 'br', 'zstd']) {
        answers.push({
          token,
          answer: await queries(server, visit(token), server.searchKey, { 'accept-encoding': encoding }),
        })
      }
    }
    const after = await cacheCounts(server)
    expect(after.misses - before.misses).toBe(1)
    expect(after.hits - before.hits).toBe(11)
    expect(answers.map(({ answer }) => answer.encoding ?? 'identity')).toEqual(
      tokens.flatMap(() => ['identity', 'gzip', 'br', 'zstd']),
    )
    for (const { token, answer } of answers) {
      expect(answer.status).toBe(200)
      for (const result of answer.json.results as Result[]) {
        const params = new URLSearchParams(String(result.params))
        expect(params.get('userToken')).toBe(token)
        expect(params.get('query')).toBe('berlin')
        for (const other of tokens) if (other !== token) expect(answer.text).not.toContain(other)
      }
      expect(withoutOwnFields(answer.json)).toEqual(withoutOwnFields(answers[0]!.answer.json))
    }
    // The first visitor's second answer (kept) echoes the parameters exactly as the first (searched).
    const paramsOf = (n: number) =>
      (answers[n]!.answer.json.results as Result[]).map((result) => result.params)
    expect(paramsOf(1)).toEqual(paramsOf(0))
    // Each search recorded with its own visitor: analytics counts a visitor's same query sent twice
    // once, so three visitors count three (recorded as the first visitor's, they would count one).
    expect((await analytics.getSearchesCount({ index: 'stations' })).count - searchesBefore).toBe(3)
    // A token that is not a plain one stays in the key: that request is searched (and checked).
    expect((await queries(server, visit('ä'.repeat(10)))).status).toBe(200)
    expect((await queries(server, visit(5 as unknown as string))).status).toBe(400)
    expect((await cacheCounts(server)).misses - after.misses).toBe(2)
  })

  it('of one index are kept too, as the map asks every visitor for the same pages', async ({ server }) => {
    // The map's request for all stations in a band, as the app sends it.
    const body = {
      params:
        'attributesToRetrieve=%5B%22name%22%2C%22_geoloc%22%5D&clickAnalytics=false&hitsPerPage=1000&query=&attributesToHighlight=%5B%5D&attributesToSnippet=%5B%5D&analytics=false&insideBoundingBox=%5B%5B52.1867015%2C180%2C51.254655%2C-180%5D%5D',
    }
    const one = async (encoding = 'identity', indexBody: unknown = body) => {
      const credentials = `x-algolia-application-id=${server.appId}&x-algolia-api-key=${server.searchKey}`
      const response = await fetch(`${server.url}/1/indexes/stations/query?${credentials}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'accept-encoding': encoding },
        body: JSON.stringify(indexBody),
      })
      const text = await response.text()
      return {
        status: response.status,
        encoding: response.headers.get('content-encoding'),
        text,
        json: JSON.parse(text),
      }
    }
    const before = await cacheCounts(server)
    const first = await one()
    const again = await one('br, gzip')
    const after = await cacheCounts(server)
    expect([after.misses - before.misses, after.hits - before.hits]).toEqual([1, 1])
    expect(first.json.results).toBeUndefined()
    expect(first.json.hits.length).toBeGreaterThan(100)
    expect(again.encoding).toBe('br')
    expect(again.text).toMatch(/"serverTimeMS":\d+ +[,}]/)
    const fixed = (answer: Record<string, unknown>) => withoutOwnFields({ results: [answer] })[0]
    expect(fixed(again.json)).toEqual(fixed(first.json))
    expect(again.json.params).toBe(first.json.params)
    // A larger kept answer (here over 128 KB) goes to a gzip client compressed as any answer is,
    // not spliced: compressing its pieces once would hold the event loop for milliseconds.
    const larger = {
      hitsPerPage: 1000,
      attributesToRetrieve: ['name', 'city', 'federalState', 'category', 'operator', 'segment'],
      attributesToHighlight: [],
    }
    const largeFirst = await one('gzip', larger)
    const largeAgain = await one('gzip', larger)
    expect(largeAgain.encoding).toBe('gzip')
    expect(JSON.stringify(largeAgain.json).length).toBeGreaterThan(128 * 1024)
    expect(largeAgain.text).not.toMatch(/"serverTimeMS":\d+ /)
    expect(fixed(largeAgain.json)).toEqual(fixed(largeFirst.json))
    // A multi-query of the same search is another request: its answer has the envelope.
    const multi = await queries(server, { requests: [{ indexName: 'stations', ...body }] })
    expect(multi.json.results[0].nbHits).toBe(first.json.nbHits)
    // Bad input is refused as before, kept answers or not.
    expect((await one('identity', { ...body, indexName: 'other' })).status).toBe(400)
  })

  it('see every write at once: records, settings and deletions', async ({ server }) => {
    await withRecords(server, [
      { objectID: 'a', name: 'Alpha Nord', rank: 1 },
      { objectID: 'b', name: 'Alpha Süd', rank: 2 },
    ])
    const body = { requests: [{ indexName: INDEX, query: 'alpha' }] }
    const ids = async () =>
      ((await queries(server, body)).json.results[0] as Result).hits!.map((hit) => hit.objectID)
    expect((await ids()).sort()).toEqual(['a', 'b'])
    expect((await ids()).sort()).toEqual(['a', 'b'])

    await withRecords(server, [{ objectID: 'c', name: 'Alpha West', rank: 3 }])
    expect((await ids()).sort()).toEqual(['a', 'b', 'c'])

    const client = server.client()
    const settings = await client.setSettings({
      indexName: INDEX,
      indexSettings: { customRanking: ['desc(rank)'] },
    })
    await client.waitForTask({ indexName: INDEX, taskID: settings.taskID })
    expect(await ids()).toEqual(['c', 'b', 'a'])

    const removed = await client.deleteObject({ indexName: INDEX, objectID: 'b' })
    await client.waitForTask({ indexName: INDEX, taskID: removed.taskID })
    expect(await ids()).toEqual(['c', 'a'])
  })

  it('are searched again when a query rule starts or stops being live', async ({ server }) => {
    const client = server.client()
    const now = Math.floor(Date.now() / 1000)
    const from = now + 2
    const until = now + 4
    const { taskID } = await client.saveRules({
      indexName: INDEX,
      rules: [
        {
          objectID: 'soon',
          conditions: [{ anchoring: 'contains', pattern: 'alpha' }],
          consequence: { userData: { banner: 'Bald' } },
          validity: [{ from, until }],
        },
      ],
    })
    await client.waitForTask({ indexName: INDEX, taskID })
    const body = { requests: [{ indexName: INDEX, query: 'alpha' }] }
    const userData = async () => (await queries(server, body)).json.results[0].userData
    expect(await userData()).toBeUndefined()
    expect(await userData()).toBeUndefined()
    await new Promise((resolve) => setTimeout(resolve, from * 1000 - Date.now() + 50))
    expect(await userData()).toEqual([{ banner: 'Bald' }])
    expect(await userData()).toEqual([{ banner: 'Bald' }])
    await new Promise((resolve) => setTimeout(resolve, until * 1000 - Date.now() + 50))
    expect(await userData()).toBeUndefined()
  })

  it("answer within the key's restrictions, whatever another key was answered", async ({ server }) => {
    expect((await queries(server, firstRequest)).status).toBe(200)
    const client = server.client()
    const inFuture = Math.floor(Date.now() / 1000) + 3600
    const bayern = client.generateSecuredApiKey({
      parentApiKey: server.searchKey,
      restrictions: { filters: 'federalState:Bayern', validUntil: inFuture },
    })
    for (let i = 0; i < 2; i++) {
      const answer = await queries(server, firstRequest, bayern)
      expect(answer.status).toBe(200)
      const main = answer.json.results[0] as Result & { facets: { federalState: Record<string, number> } }
      expect(Object.keys(main.facets.federalState)).toEqual(['Bayern'])
      expect(main.nbHits).toBeGreaterThan(0)
    }
    const { key: fewHits } = await client.addApiKey({ acl: ['search'], maxHitsPerQuery: 2 })
    for (let i = 0; i < 2; i++) {
      const answer = await queries(server, firstRequest, fewHits)
      expect((answer.json.results[0] as Result).hits).toHaveLength(2)
    }
    const elsewhere = client.generateSecuredApiKey({
      parentApiKey: server.searchKey,
      restrictions: { restrictIndices: [INDEX], validUntil: inFuture },
    })
    const refused = await queries(server, firstRequest, elsewhere)
    expect(refused.status).toBe(403)
    expect(refused.json.message).toMatch(/not allowed/i)
  })

  it('are each recorded for analytics, with the queryID they were answered with', async ({ server }) => {
    const hosts = [
      { url: server.url.replace('http://', ''), accept: 'readWrite' as const, protocol: 'http' as const },
    ]
    const analytics = algoliasearch(server.appId, server.adminKey, { hosts }).initAnalytics({
      options: { hosts },
    })
    // Three visitors (their user tokens in the header) send the same body.
    const body = { requests: [{ indexName: INDEX, query: 'alpha nord', clickAnalytics: true }] }
    const users = ['kept-1', 'kept-2', 'kept-3']
    const before = (await analytics.getSearchesCount({ index: INDEX })).count
    const answers = []
    for (const user of users)
      answers.push(await queries(server, body, server.searchKey, { 'x-algolia-usertoken': user }))
    expect((await analytics.getSearchesCount({ index: INDEX })).count - before).toBe(3)

    // A click on the hit of a repeated answer counts for that search.
    const last = answers[2]!.json.results[0] as Result
    const events = await server.insights().pushEvents({
      events: [
        {
          eventType: 'click',
          eventName: 'Hit clicked',
          index: INDEX,
          userToken: 'kept-3',
          queryID: String(last.queryID),
          objectIDs: [String(last.hits![0]!.objectID)],
          positions: [1],
        },
      ],
    })
    expect(events.status).toBe(200)
    const clicks = await analytics.getClickThroughRate({ index: INDEX })
    expect(clicks.clickCount).toBe(1)
    expect(clicks.trackedSearchCount).toBe(3)
  })
})
