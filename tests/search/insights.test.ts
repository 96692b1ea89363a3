// Insights ingestion (POST /1/events): a click after a search, sent by the search-insights
// library the web app uses and by the official Insights client, validated and persisted.
import searchInsights, { type InsightsClient } from 'search-insights'
import { describe, expect } from 'vitest'
import { EventStore } from '../../server/search/store/event-store.ts'
import { test } from './fixture.ts'

// The package's types describe a CommonJS default; at run time the ESM default is the client.
const aa = searchInsights as unknown as InsightsClient

// The events the server stored, read from its database.
const it = test.extend('events', { scope: 'file' }, ({ server }) => new EventStore(server.app.context.db))

describe('insights events', () => {
  it('stores a click after a search sent by search-insights (credentials in the query string)', async ({
    server,
    events,
  }) => {
    const result = await server.search(
      { query: 'freiburg', clickAnalytics: true },
      'stations',
      server.searchKey,
    )
    const hit = result.hits[0]!
    aa('init', { appId: server.appId, apiKey: server.searchKey, host: server.url, useCookie: false })
    await aa('clickedObjectIDsAfterSearch', {
      eventName: 'Bahnhof angeklickt',
      index: 'stations',
      queryID: result.queryID!,
      objectIDs: [hit.objectID],
      positions: [1],
      userToken: 'anonymous-123',
    })
    const stored = events.list('stations').filter((event) => event.queryID === result.queryID)
    expect(stored).toMatchObject([
      {
        eventType: 'click',
        eventName: 'Bahnhof angeklickt',
        objectIDs: [hit.objectID],
        positions: [1],
        userToken: 'anonymous-123',
      },
    ])
  })

  it('answers the official Insights client like Algolia', async ({ server, events }) => {
    const response = await server.insights().pushEvents({
      events: [
        {
          eventType: 'view',
          eventName: 'Bahnhof angesehen',
          index: 'stations',
          userToken: 'user-1',
          objectIDs: ['8000105'],
        },
        {
          eventType: 'conversion',
          eventName: 'Route geplant',
          index: 'stations',
          userToken: 'user-1',
          objectIDs: ['8000105'],
          queryID: 'a'.repeat(32),
          timestamp: Date.now(),
        },
      ],
    })
    expect(response).toEqual({ status: 200, message: 'OK' })
    expect(events.list('stations').filter((event) => event.userToken === 'user-1')).toHaveLength(2)
  })

  it('refuses invalid events with a 422 naming the problem, storing none of the batch', async ({
    server,
    events,
  }) => {
    const valid = {
      eventType: 'click',
      eventName: 'ok',
      index: 'stations',
      userToken: 'u-2',
      objectIDs: ['1'],
    }
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...valid, eventType: 'hover' }, /eventType/],
      [{ ...valid, objectIDs: Array.from({ length: 21 }, (_, i) => String(i)) }, /objectIDs/],
      [{ ...valid, queryID: 'b'.repeat(32) }, /positions/],
      [{ ...valid, queryID: 'b'.repeat(32), positions: [1, 2] }, /positions/],
      [{ ...valid, userToken: 'has spaces' }, /userToken/],
      [{ ...valid, timestamp: Date.now() - 40 * 24 * 3600 * 1000 }, /timestamp/],
    ]
    for (const [event, message] of cases) {
      const response = await server.request('POST', '/1/events', { events: [valid, event] })
      expect(response).toMatchObject({
        status: 422,
        body: { status: 422, message: expect.stringMatching(message) },
      })
    }
    expect(events.list('stations').filter((event) => event.userToken === 'u-2')).toHaveLength(0)
  })

  it('accepts filter events URL-encoded as InstantSearch and the spec send them', async ({
    server,
    events,
  }) => {
    const filterEvent = (filters: string[]) => ({
      eventType: 'click',
      eventName: 'Filter angewendet',
      index: 'stations',
      userToken: 'filter-user',
      filters,
    })
    const accepted = await server.request('POST', '/1/events', {
      events: [
        filterEvent(['federalState%3ABayern']),
        filterEvent(['federalState:Baden-W%C3%BCrttemberg', 'category%3A1']),
      ],
    })
    expect(accepted).toMatchObject({ status: 200, body: { status: 200, message: 'OK' } })
    expect(events.list('stations').filter((event) => event.userToken === 'filter-user')).toMatchObject([
      { filters: ['federalState%3ABayern'] },
      { filters: ['federalState:Baden-W%C3%BCrttemberg', 'category%3A1'] },
    ])
    for (const filters of [['Bayern'], ['federalState%3A'], ['%E0%A4%A'], []]) {
      const refused = await server.request('POST', '/1/events', { events: [filterEvent(filters)] })
      expect(refused).toMatchObject({ status: 422, body: { message: expect.stringMatching(/filters/) } })
    }
  })

  it("accepts InstantSearch's start-up telemetry without storing it as a user event", async ({
    server,
    events,
  }) => {
    const before = events.list('stations').length
    const response = await server.request('POST', '/1/events', {
      events: [
        {
          eventType: 'instantsearch',
          eventName: '__start__',
          timestamp: Date.now(),
          userToken: 'anonymous-telemetry',
          widgets: [{ type: 'ais.instantSearch', params: [], children: [] }],
        },
      ],
    })
    expect(response).toMatchObject({ status: 200, body: { status: 200, message: 'OK' } })
    expect(events.list('stations')).toHaveLength(before)
  })

  it('needs a valid key, and an index the key may use', async ({ server }) => {
    const body = {
      events: [{ eventType: 'view', eventName: 'v', index: 'stations', userToken: 'u', objectIDs: ['1'] }],
    }
    expect(
      (await server.request('POST', '/1/events', body, { 'x-algolia-api-key': 'nope-nope-nope-nope' }))
        .status,
    ).toBe(403)
    const securedKey = server.client().generateSecuredApiKey({
      parentApiKey: server.searchKey,
      restrictions: { restrictIndices: ['other'] },
    })
    expect(
      (await server.request('POST', '/1/events', body, { 'x-algolia-api-key': securedKey })).status,
    ).toBe(403)
  })
})
