// Algolia's Recommend API (POST /1/indexes/*/recommendations) through the lite client the web app
// uses: every model on the real stations, the request's threshold, limit, filters and fallback,
// and the key's restrictions. Every answer is checked against recommend.yml by the fixture.
import type { LiteClient } from 'algoliasearch/lite'
import { describe, expect } from 'vitest'
import { similarStationsParameters } from '../../web/search/similar-stations-request.ts'
import { allStations, distanceMeters, type StationRecord } from '../helpers/stations.ts'
import { type SearchServer, testWithEnv } from './fixture.ts'

// Behind a proxy on this machine: each client's address is the one the proxy forwards.
const it = testWithEnv({ TRUST_PROXY: '127.0.0.1' })

const stations = await allStations()
const byID = new Map(stations.map((station) => [station.objectID, station]))
/** The station page's "In der Nähe" radius (NEARBY_RADIUS_M in web/stations/fetch-nearby-stations.ts). */
const NEARBY_RADIUS_M = 10_000
const KOELN_HBF = stations.find((s) => s.name === 'Köln Hbf')!.objectID
const FREIBURG_HBF = stations.find((s) => s.name === 'Freiburg (Breisgau) Hbf')!.objectID

type RecommendRequests = Parameters<LiteClient['getRecommendations']>[0]
type RequestEntry = Extract<RecommendRequests, { requests: unknown }>['requests'][number]
interface Hit {
  objectID: string
  _score?: number
  [name: string]: unknown
}

async function recommend(client: LiteClient, request: Record<string, unknown>): Promise<Hit[]> {
  const { results } = await client.getRecommendations({
    requests: [{ indexName: 'stations', threshold: 0, ...request } as RequestEntry],
  })
  return results[0]!.hits as Hit[]
}

const ids = (hits: Hit[]) => hits.map((hit) => hit.objectID)

type PushedEvent = Parameters<ReturnType<SearchServer['insights']>['pushEvents']>[0]['events'][number]

/** Events sent as the client at `address` sends them (through the proxy). */
async function sendFrom(server: SearchServer, address: string, events: PushedEvent[]): Promise<void> {
  await server.insights().pushEvents({ events }, { headers: { 'x-forwarded-for': address } })
}

function click(objectID: string, userToken: string) {
  return {
    eventType: 'click' as const,
    eventName: 'Bahnhof angeklickt',
    index: 'stations',
    userToken,
    objectIDs: [objectID],
  }
}

function view(objectID: string, userToken: string) {
  return {
    eventType: 'view' as const,
    eventName: 'Bahnhof angesehen',
    index: 'stations',
    userToken,
    objectIDs: [objectID],
  }
}

async function postRecommend(server: { request: (...args: never[]) => unknown }, body: unknown) {
  return (server.request as (m: string, p: string, b: unknown) => Promise<{ status: number; body: unknown }>)(
    'POST',
    '/1/indexes/*/recommendations',
    body,
  )
}

describe('recommend models', () => {
  it('related-products: stations like the item, never the item itself, scored 0–100', async ({ server }) => {
    const hits = await recommend(server.lite(), {
      model: 'related-products',
      objectID: KOELN_HBF,
      maxRecommendations: 6,
    })
    expect(hits).toHaveLength(6)
    expect(ids(hits)).not.toContain(KOELN_HBF)
    for (const hit of hits) expect(hit._score).toBeGreaterThan(0)
    // Scores come best first; the most similar stations share Köln's Bundesland.
    expect(hits.map((hit) => hit._score)).toEqual(hits.map((hit) => hit._score).sort((a, b) => b! - a!))
    expect(byID.get(hits[0]!.objectID)!.federalState).toBe('Nordrhein-Westfalen')
  })

  it('looking-similar: similar records, never the item', async ({ server }) => {
    const hits = await recommend(server.lite(), {
      model: 'looking-similar',
      objectID: FREIBURG_HBF,
      maxRecommendations: 5,
    })
    expect(hits).toHaveLength(5)
    expect(ids(hits)).not.toContain(FREIBURG_HBF)
  })

  it('bought-together: empty without conversions, then the stations converted on by the same users', async ({
    server,
  }) => {
    const request = { model: 'bought-together', objectID: FREIBURG_HBF }
    expect(await recommend(server.lite(), request)).toEqual([])
    const partner = stations.find((s) => s.name === 'Offenburg')!.objectID
    await server.insights().pushEvents({
      events: [
        {
          eventType: 'conversion',
          eventName: 'Gebucht',
          index: 'stations',
          userToken: 'fbt-1',
          objectIDs: [FREIBURG_HBF, partner],
        },
      ],
    })
    const hits = await recommend(server.lite(), request)
    expect(hits).toMatchObject([{ objectID: partner, _score: 100 }])
  })

  it('trending-items: answers without events from the stations’ importance, the same twice', async ({
    server,
  }) => {
    const request = { model: 'trending-items', maxRecommendations: 8 }
    const first = await recommend(server.lite(), request)
    expect(first).toHaveLength(8)
    expect(await recommend(server.lite(), request)).toEqual(first)
  })

  it('trending-items: ten views from one user token do not make a quiet station trend', async ({
    server,
  }) => {
    const quiet = stations.find((s) => s.category === 7 && s.federalState === 'Sachsen-Anhalt')!
    await sendFrom(
      server,
      '203.0.113.20',
      Array.from({ length: 10 }, () => view(quiet.objectID, 'one-viewer')),
    )
    const after = await recommend(server.lite(), { model: 'trending-items', maxRecommendations: 30 })
    expect(ids(after)).not.toContain(quiet.objectID)
  })

  it('trending-items: one address with a thousand user tokens makes nothing trend', async ({ server }) => {
    const quiet = stations.find((s) => s.category === 7 && s.federalState === 'Sachsen')!
    const tokens = Array.from({ length: 1000 }, (_, n) => `minted-${n}`)
    await sendFrom(
      server,
      '2001:db8:20::1',
      tokens.map((token) => click(quiet.objectID, token)),
    )
    // The addresses of one /64 are one client.
    await sendFrom(server, '2001:db8:20::2', [click(quiet.objectID, 'minted-again')])
    const after = await recommend(server.lite(), { model: 'trending-items', maxRecommendations: 30 })
    expect(ids(after)).not.toContain(quiet.objectID)
  })

  it('trending-items: a burst of clicks from five clients makes a quiet station trend at once', async ({
    server,
  }) => {
    const quiet = stations.find((s) => s.category === 7 && s.federalState === 'Thüringen')!
    const before = await recommend(server.lite(), { model: 'trending-items', maxRecommendations: 8 })
    expect(ids(before)).not.toContain(quiet.objectID)
    for (const n of [1, 2, 3, 4, 5])
      await sendFrom(server, `198.51.100.${n}`, [click(quiet.objectID, `burst-${n}`)])
    const after = await recommend(server.lite(), { model: 'trending-items', maxRecommendations: 8 })
    expect(after[0]).toMatchObject({ objectID: quiet.objectID, _score: 100 })
  })

  it('trending-items within a facet value: only records that carry it', async ({ server }) => {
    const hits = await recommend(server.lite(), {
      model: 'trending-items',
      facetName: 'federalState',
      facetValue: 'Bremen',
      maxRecommendations: 30,
    })
    expect(hits.length).toBeGreaterThan(0)
    for (const hit of hits) expect(byID.get(hit.objectID)!.federalState).toBe('Bremen')
  })

  it('trending-facets: facet values with a score, no records', async ({ server }) => {
    const { results } = await server.lite().getRecommendations({
      requests: [
        { indexName: 'stations', model: 'trending-facets', facetName: 'federalState', threshold: 0 },
      ],
    })
    const hits = results[0]!.hits as unknown as { facetName: string; facetValue: string; _score: number }[]
    expect(hits.length).toBe(16)
    for (const hit of hits) {
      expect(Object.keys(hit).sort()).toEqual(['_score', 'facetName', 'facetValue'])
      expect(hit.facetName).toBe('federalState')
    }
  })
})

describe('recommend request parameters', () => {
  it('threshold: only hits scoring at least that', async ({ server }) => {
    const all = await recommend(server.lite(), { model: 'related-products', objectID: KOELN_HBF })
    const cut = all[10]!._score!
    const hits = await recommend(server.lite(), {
      model: 'related-products',
      objectID: KOELN_HBF,
      threshold: cut,
    })
    expect(hits.length).toBeGreaterThan(0)
    expect(hits.length).toBeLessThanOrEqual(all.length)
    for (const hit of hits) expect(hit._score).toBeGreaterThanOrEqual(cut)
  })

  it('maxRecommendations: at most that many, 30 by default and at most', async ({ server }) => {
    expect(await recommend(server.lite(), { model: 'trending-items', maxRecommendations: 3 })).toHaveLength(3)
    expect(await recommend(server.lite(), { model: 'trending-items' })).toHaveLength(30)
    const response = await postRecommend(server, {
      requests: [{ indexName: 'stations', model: 'trending-items', threshold: 0, maxRecommendations: 31 }],
    })
    expect(response).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/maxRecommendations/) },
    })
  })

  it('queryParameters: filters narrow the recommendations, attributesToRetrieve trims them', async ({
    server,
  }) => {
    const hits = await recommend(server.lite(), {
      model: 'related-products',
      objectID: KOELN_HBF,
      maxRecommendations: 10,
      queryParameters: { filters: 'federalState:Hessen AND category <= 3', attributesToRetrieve: ['name'] },
    })
    expect(hits).toHaveLength(10)
    for (const hit of hits) {
      const station = byID.get(hit.objectID)!
      expect(station.federalState).toBe('Hessen')
      expect(station.category).toBeLessThanOrEqual(3)
      expect(Object.keys(hit).sort()).toEqual(['_score', 'name', 'objectID'])
    }
  })

  it('queryParameters: optionalFilters rank matching stations first without excluding others', async ({
    server,
  }) => {
    const bremen = stations.filter((s) => s.federalState === 'Bremen').length
    expect(bremen).toBeLessThan(30)
    const hits = await recommend(server.lite(), {
      model: 'related-products',
      objectID: KOELN_HBF,
      maxRecommendations: 30,
      queryParameters: { optionalFilters: ['federalState:Bremen'] },
    })
    const states = hits.map((hit) => byID.get(hit.objectID)!.federalState)
    expect(states).toHaveLength(30)
    expect(states.slice(0, bremen)).toEqual(Array(bremen).fill('Bremen'))
    expect(states.slice(bremen)).not.toContain('Bremen')
  })

  it('fallbackParameters fill up when the model has too few, never with the item', async ({ server }) => {
    const request = {
      model: 'related-products',
      objectID: KOELN_HBF,
      threshold: 99.99,
      maxRecommendations: 5,
    }
    expect(await recommend(server.lite(), request)).toEqual([])
    const hits = await recommend(server.lite(), {
      ...request,
      fallbackParameters: { filters: 'category:1' },
    })
    expect(hits).toHaveLength(5)
    expect(ids(hits)).not.toContain(KOELN_HBF)
    for (const hit of hits) expect(byID.get(hit.objectID)!.category).toBe(1)
  })

  it('refuses what Algolia refuses: no threshold, an unknown model, a facetName without its value', async ({
    server,
  }) => {
    const base = { indexName: 'stations', objectID: KOELN_HBF }
    for (const [request, message] of [
      [{ ...base, model: 'related-products' }, /threshold/],
      [{ ...base, model: 'most-popular', threshold: 0 }, /model/],
      [
        { indexName: 'stations', model: 'trending-items', threshold: 0, facetName: 'federalState' },
        /facetValue/,
      ],
      [{ indexName: 'stations', model: 'trending-facets', threshold: 0 }, /facetName/],
      [{ ...base, model: 'related-products', threshold: 0, queryParameters: { nope: 1 } }, /nope/],
    ] as const) {
      const response = await postRecommend(server, { requests: [request] })
      expect(response).toMatchObject({ status: 400, body: { message: expect.stringMatching(message) } })
    }
    const missing = await postRecommend(server, {
      requests: [{ indexName: 'no-such-index', model: 'trending-items', threshold: 0 }],
    })
    expect(missing.status).toBe(404)
  })
})

describe('recommend and keys', () => {
  it('a secured key’s filters apply to every model', async ({ server }) => {
    const key = server.client().generateSecuredApiKey({
      parentApiKey: server.searchKey,
      restrictions: { filters: 'federalState:Hessen' },
    })
    const client = server.lite(key)
    for (const request of [
      { model: 'trending-items' },
      { model: 'related-products', objectID: KOELN_HBF },
      { model: 'related-products', objectID: KOELN_HBF, threshold: 100, fallbackParameters: {} },
    ]) {
      const hits = await recommend(client, request)
      expect(hits.length).toBeGreaterThan(0)
      for (const hit of hits) expect(byID.get(hit.objectID)!.federalState).toBe('Hessen')
    }
    const { results } = await client.getRecommendations({
      requests: [
        { indexName: 'stations', model: 'trending-facets', facetName: 'federalState', threshold: 0 },
      ],
    })
    expect(results[0]!.hits).toMatchObject([{ facetValue: 'Hessen' }])
  })

  it('a key restricted to other indexes may not ask for recommendations on stations', async ({ server }) => {
    const key = server.client().generateSecuredApiKey({
      parentApiKey: server.searchKey,
      restrictions: { restrictIndices: ['stations_name_asc'] },
    })
    const response = await server.request(
      'POST',
      '/1/indexes/*/recommendations',
      { requests: [{ indexName: 'stations', model: 'trending-items', threshold: 0 }] },
      { 'x-algolia-api-key': key },
    )
    expect(response).toMatchObject({ status: 403, body: { message: 'Index not allowed with this API key' } })
  })
})

describe('the station page’s "Ähnliche Bahnhöfe"', () => {
  /** The request the station page's widget sends (useLookingSimilar's props, as InstantSearch maps them). */
  async function similarStations(client: LiteClient, objectID: string): Promise<Hit[]> {
    const { limit, threshold, queryParameters } = similarStationsParameters({
      objectID,
      category: byID.get(objectID)!.category ?? undefined,
    })
    return recommend(client, {
      // The model of InstantSearch's useLookingSimilar, which the station page uses.
      model: 'looking-similar',
      objectID,
      maxRecommendations: limit,
      threshold,
      queryParameters: {
        ...queryParameters,
        attributesToRetrieve: [...queryParameters.attributesToRetrieve],
      },
    })
  }

  /** What the station page lists under "In der Nähe": the search of web/stations/fetch-nearby-stations.ts. */
  async function nearby(server: SearchServer, objectID: string): Promise<StationRecord[]> {
    const { lat, lng } = byID.get(objectID)!._geoloc!
    const { hits } = await server.search({
      aroundLatLng: `${lat},${lng}`,
      aroundRadius: NEARBY_RADIUS_M,
      hitsPerPage: 200,
      analytics: false,
    })
    return hits.filter((hit) => hit.objectID !== objectID)
  }

  it('for Köln Hbf: other category-1 hubs in other cities, none of its neighbours within 10 km', async ({
    server,
  }) => {
    // Travellers who look at Köln Hbf and then at its neighbours, as the trial's did.
    const neighbours = await nearby(server, KOELN_HBF)
    expect(neighbours.map((n) => n.name)).toEqual(
      expect.arrayContaining(['Köln Hansaring', 'Köln Messe/Deutz']),
    )
    await server.insights().pushEvents({
      events: [1, 2, 3, 4, 5].map((n) => ({
        eventType: 'click' as const,
        eventName: 'Bahnhof angeklickt',
        index: 'stations',
        userToken: `koeln-nearby-${n}`,
        objectIDs: [KOELN_HBF, ...neighbours.slice(0, 5).map((neighbour) => neighbour.objectID)],
      })),
    })

    const hits = await similarStations(server.lite(), KOELN_HBF)
    expect(hits).toHaveLength(6)
    const near = new Set(neighbours.map((neighbour) => neighbour.objectID))
    for (const hit of hits) {
      const station = byID.get(hit.objectID)!
      expect(near.has(hit.objectID), station.name).toBe(false)
      expect(distanceMeters(byID.get(KOELN_HBF)!._geoloc!, station._geoloc!)).toBeGreaterThan(NEARBY_RADIUS_M)
      expect(station.city).not.toBe('Köln')
      // Köln Messe/Deutz is a category-1 hub too, but 1 km away: the others are elsewhere.
      expect(station.category, station.name).toBe(1)
    }
  })

  it('for a small station: stations of its own category first, none within 10 km', async ({ server }) => {
    const small = stations.find((s) => s.name === 'Aalen Hbf')!
    const hits = await similarStations(server.lite(), small.objectID)
    expect(hits).toHaveLength(6)
    for (const hit of hits) {
      const station = byID.get(hit.objectID)!
      expect(station.category).toBe(small.category)
      expect(distanceMeters(small._geoloc!, station._geoloc!)).toBeGreaterThan(NEARBY_RADIUS_M)
    }
  })
})
