// Insights ingestion (POST /1/events): a click after a search, sent by the search-insights
// library the web app uses and by the official Insights client, validated and persisted.
import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import searchInsights, { type InsightsClient } from 'search-insights'
import { describe, expect } from 'vitest'
import { EventStore } from '../../server/search/store/event-store.ts'
import { it as serverTest } from './fixture.ts'

// The package's types describe a CommonJS default; at run time the ESM default is the client.
const aa = searchInsights as unknown as InsightsClient

// The events the server stored, read from its database.
const it = serverTest.extend(
  'events',
  { scope: 'file' },
  ({ server }) => new EventStore(server.app.context.db),
)

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

  it("refuses each kind of invalid batch with Algolia's message, storing none of it", async ({
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
    const queryID = 'b'.repeat(32)
    const batch = (event: Record<string, unknown>) => ({ events: [valid, event] })
    const cases: [body: unknown, message: string][] = [
      [[valid], 'Invalid type for field : expected insights.PublicEventsBatch, got array'],
      [{ events: [] }, 'No events to process'],
      [valid, 'No events to process'],
      [
        { events: Array.from({ length: 1001 }, () => valid) },
        'Cannot process more than 1000 events in a batch',
      ],
      [batch({ ...valid, eventType: undefined }), 'EventType is required'],
      [
        batch({ ...valid, eventType: 'hover' }),
        'EventType must be one of "click", "conversion", "view" or "instantsearch"',
      ],
      [batch({ ...valid, eventName: undefined }), 'EventName is required'],
      [
        batch({ ...valid, eventName: 'x'.repeat(65) }),
        'EventName must contain only visible ASCII characters, and be between 1 and 64 characters long',
      ],
      [
        batch({ ...valid, eventName: 'Bahnhof geöffnet' }),
        'EventName must contain only visible ASCII characters, and be between 1 and 64 characters long',
      ],
      [batch({ ...valid, index: undefined }), 'The index field is required'],
      [batch({ ...valid, userToken: undefined }), 'The userToken field is required'],
      [
        batch({ ...valid, userToken: 'has spaces' }),
        'UserToken must contain only alphanumeric, equal, plus, slash, hyphen, or underscore characters, and be between 1 and 128 characters long',
      ],
      [
        batch({ ...valid, objectIDs: undefined }),
        'Event should specify either some ObjectIDs or some Filters',
      ],
      [
        batch({ ...valid, filters: ['federalState:Bayern'] }),
        'Event should specify ObjectIDs or Filters, but not both',
      ],
      [
        batch({ ...valid, eventType: 'view', queryID, positions: [1] }),
        'Only event of type click should specify the positions attribute',
      ],
      [batch({ ...valid, positions: [1] }), 'Event of type click with positions should specify a queryID'],
      [
        batch({ ...valid, queryID, positions: [0] }),
        'Event of type click may only have strictly positive positions',
      ],
      [
        batch({ ...valid, queryID }),
        'Event of type click should have the same number of ObjectIDs and Positions',
      ],
      [
        batch({ ...valid, queryID, positions: [1, 2] }),
        'Event of type click should have the same number of ObjectIDs and Positions',
      ],
      [
        batch({ ...valid, queryID: 'not-a-query-id' }),
        'Query ID must be a search query ID (32 characters hexadecimal string)',
      ],
      [
        batch({ ...valid, objectIDs: [8000105] }),
        'Invalid type for field events: expected string, got number',
      ],
      [
        batch({ ...valid, timestamp: Date.now() - 31 * 24 * 3600 * 1000 }),
        'The timestamp is too far in the past',
      ],
      [
        batch({ ...valid, timestamp: Date.now() + 2 * 3600 * 1000 }),
        'The timestamp is too far in the future',
      ],
    ]
    for (const [body, message] of cases) {
      const response = await server.request('POST', '/1/events', body)
      expect(response, message).toMatchObject({ status: 422, body: { status: 422, message } })
    }
    expect(events.list('stations').filter((event) => event.userToken === 'u-2')).toHaveLength(0)
  })

  it('accepts purchases and add-to-cart conversions with objectData, value and currency', async ({
    server,
    events,
  }) => {
    const response = await server.insights().pushEvents({
      events: [
        {
          eventType: 'conversion',
          eventSubtype: 'purchase',
          eventName: 'Fahrkarte gekauft',
          index: 'stations',
          userToken: 'buyer-1',
          objectIDs: ['8000105', '8000191'],
          objectData: [
            { price: 49.99, discount: 1.99, quantity: 1, queryID: 'c'.repeat(32) },
            { price: '9.99', quantity: 2 },
          ],
          value: 69.97,
          currency: 'EUR',
        },
        {
          eventType: 'conversion',
          eventSubtype: 'addToCart',
          eventName: 'Fahrkarte vorgemerkt',
          index: 'stations',
          userToken: 'buyer-1',
          objectIDs: ['8000105'],
          objectData: [{ price: 19.99, quantity: 1 }],
          currency: 'EUR',
          queryID: 'd'.repeat(32),
        },
      ],
    })
    expect(response).toEqual({ status: 200, message: 'OK' })
    expect(events.list('stations').filter((event) => event.userToken === 'buyer-1')).toMatchObject([
      { eventSubtype: 'purchase', value: 69.97, currency: 'EUR' },
      { eventSubtype: 'addToCart', objectData: [{ price: 19.99, quantity: 1 }] },
    ])
    const conversion = {
      eventType: 'conversion',
      eventName: 'Fahrkarte gekauft',
      index: 'stations',
      userToken: 'buyer-2',
      objectIDs: ['8000105'],
    }
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...conversion, eventSubtype: 'refund' }, /EventSubtype/],
      [{ ...conversion, eventType: 'click', eventSubtype: 'purchase' }, /conversion/],
      [{ ...conversion, eventSubtype: 'purchase', objectData: [{ price: 1 }, { price: 2 }] }, /ObjectData/],
      [{ ...conversion, eventSubtype: 'purchase', objectData: [{ price: 1, quantity: 1.5 }] }, /ObjectData/],
      [{ ...conversion, currency: 'EURO' }, /Currency/],
    ]
    for (const [event, message] of cases) {
      const refused = await server.request('POST', '/1/events', { events: [event] })
      expect(refused).toMatchObject({ status: 422, body: { message: expect.stringMatching(message) } })
    }
  })

  it('refuses a body over 2 MB with a 413, as the Insights API does', async ({ server }) => {
    const event = {
      eventType: 'view',
      eventName: 'Bahnhof angesehen',
      index: 'stations',
      userToken: 'big-user',
      objectIDs: ['x'.repeat(200)],
    }
    // 1000 events of ~2.6 kB each: within the event count, over the size.
    const body = { events: Array.from({ length: 1000 }, () => ({ ...event, padding: 'p'.repeat(2500) })) }
    const response = await server.request('POST', '/1/events', body)
    expect(response).toMatchObject({
      status: 413,
      body: { status: 413, message: 'Request Entity Too Large' },
    })
  })

  it('counts the limit on the body as read: gzip-compressed or sent in chunks, over 2 MB is a 413', async ({
    server,
    events,
  }) => {
    const event = (userToken: string, padding = '') => ({
      eventType: 'view',
      eventName: 'Bahnhof angesehen',
      index: 'stations',
      userToken,
      objectIDs: ['8000207'],
      ...(padding ? { padding } : {}),
    })
    const send = (body: BodyInit, headers: Record<string, string>) =>
      fetch(`${server.url}/1/events`, {
        method: 'POST',
        headers: {
          'x-algolia-application-id': server.appId,
          'x-algolia-api-key': server.searchKey,
          'content-type': 'application/json',
          ...headers,
        },
        body,
        duplex: 'half',
      } as RequestInit)
    // 3 MB of events in a 3 KB gzip body: the old check saw only the 3 KB.
    const big = JSON.stringify({
      events: Array.from({ length: 1000 }, () => event('zipped', 'p'.repeat(3000))),
    })
    const zipped = await send(gzipSync(big), { 'content-encoding': 'gzip' })
    expect(zipped.status).toBe(413)
    expect(await zipped.json()).toEqual({ status: 413, message: 'Request Entity Too Large' })
    // The same body in chunks of unknown length.
    const chunked = await send(
      Readable.toWeb(Readable.from([big.slice(0, 1e6), big.slice(1e6)])) as ReadableStream,
      {},
    )
    expect(chunked.status).toBe(413)
    expect(events.list('stations').filter((stored) => stored.userToken === 'zipped')).toHaveLength(0)
    // A compressed body within the limit is read as any other.
    const small = await send(gzipSync(JSON.stringify({ events: [event('zipped-small')] })), {
      'content-encoding': 'gzip',
    })
    expect(small.status).toBe(200)
    expect(events.list('stations').filter((stored) => stored.userToken === 'zipped-small')).toHaveLength(1)
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
      expect(refused).toMatchObject({ status: 422, body: { message: expect.stringMatching(/Filters/) } })
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
