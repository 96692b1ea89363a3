// The app's searches answered on the device (OfflineSearch over a snapshot of `stations`) give the
// server's answers: for every recorded request of offline-queries.json (the e2e suite's and the
// bench workload's searches as the web app sends them) the same hits in the same order with the
// same retrieved and highlighted fields, the same counts, facets and facet values. Only what
// measures time (or is random) may differ.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect } from 'vitest'
import { OfflineSearch } from '../../search-core/execution/offline-search.ts'
import type { IndexSnapshot } from '../../server/search/service/index-snapshot.ts'
import { answerOffline } from '../../web/offline/offline-routes.ts'
import { it, type SearchServer } from './fixture.ts'

interface Recorded {
  source: string
  body: { requests: Array<Record<string, unknown>>; strategy?: string }
}

const RECORDED = JSON.parse(
  readFileSync(join(import.meta.dirname, 'offline-queries.json'), 'utf8'),
) as Recorded[]

/** Fields that measure time or are drawn at random: the only ones allowed to differ. */
const UNCOMPARED = new Set(['queryID', 'serverTimeMS', 'processingTimeMS', 'processingTimingsMS'])

/**
 * An answer as compared: without those fields, and with every object's fields in name order (the
 * server writes the fields it writes per answer, `params` among them, after the others).
 */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !UNCOMPARED.has(name))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, inner]) => [name, comparable(inner)]),
  )
}

async function serverAnswer(server: SearchServer, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'x-algolia-application-id': server.appId,
      'x-algolia-api-key': server.searchKey,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  })
  expect(response.status, path).toBe(200)
  return response.json()
}

function snapshotOf(server: SearchServer): IndexSnapshot {
  // Through JSON, as a device receives it.
  return JSON.parse(JSON.stringify(server.app.context.search.snapshot('stations'))) as IndexSnapshot
}

/** The requests whose answers differ, with the first difference's request for the report. */
async function differences(
  server: SearchServer,
  offline: OfflineSearch,
  count = RECORDED.length,
): Promise<string[]> {
  const differing: string[] = []
  for (const [position, { source, body }] of RECORDED.slice(0, count).entries()) {
    const expected = comparable(await serverAnswer(server, '/1/indexes/*/queries', body))
    const actual = comparable(await offline.multiQuery(structuredClone(body)))
    if (JSON.stringify(actual) !== JSON.stringify(expected)) differing.push(`#${position} ${source}`)
  }
  return differing
}

describe('offline search from a snapshot', () => {
  it('records at least 200 requests of every kind the app sends', () => {
    expect(RECORDED.length).toBeGreaterThanOrEqual(200)
    const kinds = new Set(RECORDED.map((entry) => entry.source))
    for (const kind of [
      'near me',
      'map box',
      'sort replica',
      'refinements',
      'facet-value search',
      'pagination',
    ])
      expect(kinds).toContain(kind)
  })

  it('answers every recorded multi-query as the server does', { timeout: 240_000 }, async ({ server }) => {
    const snapshot = snapshotOf(server)
    expect(snapshot.replicas.map((replica) => replica.name).sort()).toEqual([
      'stations_category_asc',
      'stations_name_asc',
      'stations_name_desc',
    ])
    const offline = new OfflineSearch(snapshot)
    expect(await differences(server, offline)).toEqual([])
    // Spot checks that the comparison compares something: hits, counts, facets, facet values.
    const [main] = (await offline.multiQuery({ requests: [RECORDED[0]?.body.requests[0]] }))
      .results as Array<{
      hits: unknown[]
      nbHits: number
      facets: Record<string, unknown>
    }>
    expect(main?.hits.length).toBeGreaterThan(0)
    expect(Object.keys(main?.facets ?? {})).toContain('federalState')
  })

  it('answers the facet-value route as the server does', { timeout: 60_000 }, async ({ server }) => {
    const offline = new OfflineSearch(snapshotOf(server))
    for (const [facet, facetQuery] of [
      ['federalState', 'bay'],
      ['operator', 'db'],
      ['facilities', 'w'],
      ['segment', ''],
    ] as const) {
      const body = { facetQuery, query: 'bahnhof', maxFacetHits: 20 }
      const expected = await serverAnswer(server, `/1/indexes/stations/facets/${facet}/query`, body)
      const actual = offline.facetValues('stations', facet, body)
      expect(comparable(actual)).toEqual(comparable(expected))
    }
  })

  it('differs once the snapshot differs: a changed setting is seen', { timeout: 120_000 }, async ({
    server,
  }) => {
    const snapshot = snapshotOf(server)
    const changed = new OfflineSearch({
      ...snapshot,
      settings: { ...snapshot.settings, customRanking: ['desc(weight)'] },
    })
    expect((await differences(server, changed, 40)).length).toBeGreaterThan(0)
  })

  it('answers the station pages’ requests through the device’s routes as the server does', async ({
    server,
  }) => {
    const offline = new OfflineSearch(snapshotOf(server))
    const credentials = `x-algolia-application-id=${server.appId}&x-algolia-api-key=${server.searchKey}`
    const requests = [
      // A station by its objectID (all of it, then some of it), one that does not exist.
      { method: 'GET', path: '/1/indexes/stations/1' },
      { method: 'GET', path: '/1/indexes/stations/1?attributesToRetrieve=name,city' },
      { method: 'GET', path: '/1/indexes/stations/nirgendwo' },
      { method: 'GET', path: '/1/indexes/gibtsnicht/1' },
      // Names of several stations, as notices list them.
      {
        method: 'POST',
        path: '/1/indexes/*/objects',
        body: {
          requests: ['1', '8', 'nirgendwo'].map((objectID) => ({
            indexName: 'stations',
            objectID,
            attributesToRetrieve: ['name'],
          })),
        },
      },
      // The stations nearby, as the station page asks for them; and a request the server refuses.
      {
        method: 'POST',
        path: '/1/indexes/stations/query',
        body: {
          query: '',
          aroundLatLng: '50.943,6.959',
          aroundRadius: 10000,
          hitsPerPage: 200,
          attributesToRetrieve: ['name', 'city', '_geoloc'],
          attributesToHighlight: [],
        },
      },
      { method: 'POST', path: '/1/indexes/stations/query', body: { hitsPerPage: 'viele' } },
      { method: 'POST', path: '/1/indexes/*/queries', body: '{"requests": [' },
    ]
    for (const { method, path, body } of requests) {
      const url = `${path}${path.includes('?') ? '&' : '?'}${credentials}`
      const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
      const response = await fetch(`${server.url}${url}`, { method, body: text })
      const device = await answerOffline(offline, { method, url, body: text })
      expect(device?.status, `${method} ${path}`).toBe(response.status)
      expect(comparable(JSON.parse(device?.content ?? 'null')), `${method} ${path}`).toEqual(
        comparable(await response.json()),
      )
    }
    // Every station opens on the device as the service gives it (the station page's getObject).
    const service = server.app.context.search
    let stations = 0
    for (const record of service.snapshot('stations').records) {
      const id = String(record.objectID)
      expect(offline.getObject('stations', id), id).toEqual(service.getObject('stations', id))
      stations += 1
    }
    expect(stations).toBe(5388)
    // What the device does not answer is left to the network.
    expect(
      await answerOffline(offline, { method: 'GET', url: '/1/indexes/stations/settings/x' }),
    ).toBeUndefined()
  })

  it('keeps its version while the index is unchanged and changes it with the index', async ({ server }) => {
    const before = snapshotOf(server)
    expect(snapshotOf(server).version).toBe(before.version)
    const { taskID } = await server.client().setSettings({
      indexName: 'stations_name_desc',
      indexSettings: { hitsPerPage: 21 },
    })
    await server.client().waitForTask({ indexName: 'stations_name_desc', taskID })
    const after = snapshotOf(server)
    expect(after.version).not.toBe(before.version)
    expect(
      after.replicas.find((replica) => replica.name === 'stations_name_desc')?.settings.hitsPerPage,
    ).toBe(21)
  })
})
