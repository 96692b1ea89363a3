// facetingAfterDistinct: with distinct on, facet counts count what deduplication keeps, so they
// add up to nbHits; without it they count every match, as Algolia does.
import { describe, expect } from 'vitest'
import { allStations } from '../helpers/stations.ts'
import { it } from './fixture.ts'

const stations = await allStations()
const sum = (counts: Record<string, number> | undefined) =>
  Object.values(counts ?? {}).reduce((total, n) => total + n, 0)

describe('facetingAfterDistinct', () => {
  it.beforeAll(async ({ server }) => {
    const client = server.client()
    const copy = await client.operationIndex({
      indexName: 'stations',
      operationIndexParams: { operation: 'copy', destination: 'stations_by_city' },
    })
    await client.waitForTask({ indexName: 'stations_by_city', taskID: copy.taskID })
    const { taskID } = await client.setSettings({
      indexName: 'stations_by_city',
      indexSettings: { attributeForDistinct: 'city', distinct: true },
    })
    await client.waitForTask({ indexName: 'stations_by_city', taskID })
  })

  it('counts facets over one station per city when asked', async ({ server }) => {
    const cities = new Set(stations.map((s) => s.city))
    const after = await server.search(
      { query: '', facets: ['federalState'], facetingAfterDistinct: true },
      'stations_by_city',
    )
    expect(after.nbHits).toBe(cities.size)
    expect(sum(after.facets?.federalState)).toBe(after.nbHits)
    // Berlin is one city with many stations: one of them is counted.
    expect(after.facets?.federalState?.Berlin).toBe(1)
  })

  it('counts every matching station otherwise', async ({ server }) => {
    const before = await server.search({ query: '', facets: ['federalState'] }, 'stations_by_city')
    expect(before.nbHits).toBe(new Set(stations.map((s) => s.city)).size)
    expect(sum(before.facets?.federalState)).toBe(stations.length)
    expect(before.facets?.federalState?.Berlin).toBe(
      stations.filter((s) => s.federalState === 'Berlin').length,
    )
  })

  it('counts after deduplication with a query too', async ({ server }) => {
    const after = await server.search(
      { query: 'hamburg', facets: ['federalState'], facetingAfterDistinct: true },
      'stations_by_city',
    )
    expect(sum(after.facets?.federalState)).toBe(after.nbHits)
  })
})
