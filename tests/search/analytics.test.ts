// The Analytics API (/2/...) driven by Algolia's official analytics client: top searches, searches
// without results, search counts per day, top hits, click-through rate and average click position,
// computed from the searches a test sent and the clicks it reported with their queryIDs.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { algoliasearch } from 'algoliasearch'
import { describe, expect } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { it, type SearchServer } from './fixture.ts'

const today = new Date().toISOString().slice(0, 10)

/** The official analytics client, pointed at the test server (it defaults to Algolia's host). */
function analyticsClient(server: SearchServer, apiKey = server.adminKey) {
  const hosts = [
    { url: server.url.replace('http://', ''), accept: 'readWrite' as const, protocol: 'http' as const },
  ]
  return algoliasearch(server.appId, apiKey, { hosts }).initAnalytics({ options: { hosts } })
}

/** A search by one user, as the web app sends it (one user token per simulated visitor). */
function searchAs(server: SearchServer, userToken: string, params: Record<string, unknown>) {
  return server.search({ userToken, ...params })
}

describe('analytics', () => {
  it('counts every search a client sent, per query, per day and without results', async ({ server }) => {
    const analytics = analyticsClient(server)
    const before = await analytics.getSearchesCount({ index: 'stations' })
    for (const user of ['count-1', 'count-2', 'count-3']) await searchAs(server, user, { query: 'Hamburg' })
    await searchAs(server, 'count-4', { query: 'Köln' })
    await searchAs(server, 'count-5', { query: 'qqxxzz' })
    await searchAs(server, 'count-6', { query: 'qqxxzz', facetFilters: [['federalState:Bayern']] })
    // Not counted: a search that opts out of analytics.
    await searchAs(server, 'count-7', { query: 'Hamburg', analytics: false })

    const top = await analytics.getTopSearches({ index: 'stations', limit: 1000 })
    const hamburg = await server.search({ query: 'Hamburg', analytics: false })
    expect(top.searches).toContainEqual({ search: 'hamburg', count: 3, nbHits: hamburg.nbHits })
    expect(top.searches).toContainEqual({ search: 'köln', count: 1, nbHits: expect.any(Number) })

    const count = await analytics.getSearchesCount({ index: 'stations' })
    expect(count.count - before.count).toBe(6)
    expect(count.dates).toHaveLength(8)
    expect(count.dates.at(-1)).toEqual({ date: today, count: count.count })

    const noResults = await analytics.getSearchesNoResults({ index: 'stations' })
    expect(noResults.searches).toContainEqual({ search: 'qqxxzz', count: 2, withFilterCount: 1, nbHits: 0 })
  })

  it('counts only the last query of a typing sequence', async ({ server }) => {
    for (const query of ['', 'f', 'fr', 'fra', 'frank', 'frankfurt']) {
      await searchAs(server, 'typist', { query })
    }
    const { searches } = await analyticsClient(server).getTopSearches({ index: 'stations', limit: 1000 })
    expect(searches.find((s) => s.search === 'frankfurt')?.count).toBe(1)
    expect(searches.map((s) => s.search)).not.toContain('frank')
  })

  it('joins a click to its search by queryID and shows it at its position', async ({ server }) => {
    const result = await searchAs(server, 'clicker', { query: 'Leipzig', clickAnalytics: true })
    const third = result.hits[2]!
    await server.insights().pushEvents({
      events: [
        {
          eventType: 'click',
          eventName: 'Bahnhof angeklickt',
          index: 'stations',
          userToken: 'clicker',
          queryID: result.queryID!,
          objectIDs: [third.objectID],
          positions: [3],
        },
      ],
    })
    // The domain answers "which search did this click follow".
    expect(
      server.app.context.analytics.clickedSearch({
        queryID: result.queryID!,
        objectIDs: [third.objectID],
        positions: [3],
      }),
    ).toMatchObject({
      search: { query: 'Leipzig', queryID: result.queryID, userToken: 'clicker', nbHits: result.nbHits },
      clicks: [{ objectID: third.objectID, position: 3 }],
    })

    const analytics = analyticsClient(server)
    const top = await analytics.getTopSearches({ index: 'stations', clickAnalytics: true, limit: 1000 })
    const leipzig = top.searches.find((s) => s.search === 'leipzig')
    expect(leipzig).toMatchObject({
      count: 1,
      trackedSearchCount: 1,
      clickCount: 1,
      clickThroughRate: 1,
      averageClickPosition: 3,
      conversionCount: 0,
      conversionRate: 0,
    })
    expect((leipzig as { clickPositions?: unknown[] } | undefined)?.clickPositions?.[2]).toEqual({
      position: [3, 3],
      clickCount: 1,
    })

    const position = await analytics.getAverageClickPosition({ index: 'stations' })
    expect(position.clickCount).toBe(1)
    expect(position.average).toBe(3)
    expect(position.dates.at(-1)).toEqual({ date: today, average: 3, clickCount: 1 })

    const rate = await analytics.getClickThroughRate({ index: 'stations' })
    expect(rate).toMatchObject({ clickCount: 1, trackedSearchCount: 1, rate: 1 })

    const hits = await analytics.getTopHits({
      index: 'stations',
      search: 'Leipzig',
      clickAnalytics: true,
      limit: 1000,
    })
    expect(hits.hits).toContainEqual({
      hit: third.objectID,
      count: 1,
      clickThroughRate: 1,
      conversionRate: 0,
      trackedHitCount: 1,
      clickCount: 1,
      conversionCount: 0,
    })
  })

  it('filters by analyticsTags', async ({ server }) => {
    await searchAs(server, 'tag-1', { query: 'Dresden', analyticsTags: ['mobil'] })
    await searchAs(server, 'tag-2', { query: 'Dresden', analyticsTags: ['mobil', 'de'] })
    await searchAs(server, 'tag-3', { query: 'Dresden', analyticsTags: ['desktop'] })
    const analytics = analyticsClient(server)
    const count = async (tags: string) =>
      (await analytics.getTopSearches({ index: 'stations', tags })).searches.find(
        (s) => s.search === 'dresden',
      )?.count
    expect(await count('mobil')).toBe(2)
    expect(await count('desktop')).toBe(1)
    expect(await count('mobil AND de')).toBe(1)
    expect(await count('de OR desktop')).toBe(2)
    expect((await analytics.getSearchesCount({ index: 'stations', tags: 'desktop' })).count).toBe(1)
  })

  it("keeps a search's tags as Algolia's analytics does: ten unique ones of up to 100 characters, no alg#", async ({
    server,
  }) => {
    const tags = [
      't-1',
      'x'.repeat(101),
      'alg#intern',
      't-1',
      ...Array.from({ length: 11 }, (_, i) => `t-${i + 2}`),
    ]
    await searchAs(server, 'tags-1', { query: 'Erfurt', analyticsTags: tags })
    const analytics = analyticsClient(server)
    const count = async (tag: string) =>
      (await analytics.getTopSearches({ index: 'stations', tags: tag })).searches.find(
        (s) => s.search === 'erfurt',
      )?.count
    expect(await count('t-1')).toBe(1)
    expect(await count('t-10')).toBe(1)
    // The eleventh unique tag, the long one and the reserved one are ignored.
    expect(await count('t-11')).toBeUndefined()
    expect(await count('x'.repeat(101))).toBeUndefined()
    expect(await count('alg#intern')).toBeUndefined()
  })

  it('answers only the admin key and keys with the analytics ACL, for indexes they may use', async ({
    server,
  }) => {
    const forbidden = await server.request('GET', '/2/searches?index=stations', undefined, {
      'x-algolia-api-key': server.searchKey,
    })
    expect(forbidden).toMatchObject({
      status: 403,
      body: { message: 'Method not allowed with this API key' },
    })

    const admin = server.client()
    const { key } = await admin.addApiKey({ acl: ['analytics'], indexes: ['stations'] })
    await admin.waitForApiKey({ key, operation: 'add' })
    expect(
      (await analyticsClient(server, key).getSearchesCount({ index: 'stations' })).count,
    ).toBeGreaterThan(0)
    const otherIndex = await server.request('GET', '/2/searches/count?index=other', undefined, {
      'x-algolia-api-key': key,
    })
    expect(otherIndex.status).toBe(403)

    const missingIndex = await server.request('GET', '/2/searches')
    expect(missingIndex).toMatchObject({ status: 400, body: { message: expect.stringMatching(/index/) } })
    const badDate = await server.request('GET', '/2/searches?index=stations&startDate=2024-13-01')
    expect(badDate).toMatchObject({ status: 400, body: { message: expect.stringMatching(/startDate/) } })
    const tooMany = await server.request('GET', '/2/searches?index=stations&limit=1001')
    expect(tooMany).toMatchObject({ status: 400, body: { message: expect.stringMatching(/limit/) } })
  })

  it('limits and offsets top searches, and takes a date range', async ({ server }) => {
    const analytics = analyticsClient(server)
    const all = (await analytics.getTopSearches({ index: 'stations', limit: 1000 })).searches
    expect(all.length).toBeGreaterThan(3)
    const second = await analytics.getTopSearches({ index: 'stations', limit: 2, offset: 1 })
    expect(second.searches).toEqual(all.slice(1, 3))
    const past = await analytics.getSearchesCount({
      index: 'stations',
      startDate: '2024-01-01',
      endDate: '2024-01-03',
    })
    expect(past).toEqual({
      count: 0,
      dates: ['2024-01-01', '2024-01-02', '2024-01-03'].map((date) => ({ date, count: 0 })),
    })
  })
})

describe('search analytics storage', () => {
  it('keeps recorded searches across a restart on the same DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bf-analytics-'))
    try {
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' })
      const first = await buildApp(config, { logger: false, watchContent: false })
      await first.context.warmUp()
      const { appId, adminKey } = first.context.credentials
      const headers = { 'x-algolia-application-id': appId, 'x-algolia-api-key': adminKey }
      for (const query of ['Rostock', 'Rostock', 'Kiel']) {
        const response = await first.inject({
          method: 'POST',
          url: '/1/indexes/stations/query',
          headers: { ...headers, 'x-algolia-usertoken': `restart-${Math.random()}` },
          payload: { query },
        })
        expect(response.statusCode).toBe(200)
      }
      // Closing writes the searches still queued.
      await first.close()

      const second = await buildApp(config, { logger: false, watchContent: false })
      try {
        const response = await second.inject({ method: 'GET', url: '/2/searches?index=stations', headers })
        expect(response.json()).toEqual({
          searches: [
            { search: 'rostock', count: 2, nbHits: expect.any(Number) },
            { search: 'kiel', count: 1, nbHits: expect.any(Number) },
          ],
        })
      } finally {
        await second.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
