// Facet-value search (searchForFacetValues and type: "facet" multi-queries): folded prefix
// matching, highlighted values, counts under the current query and filters, maxFacetHits.
import { describe, expect } from 'vitest'
import { allStations, countBy } from '../helpers/stations.ts'
import { it } from './fixture.ts'

const stations = await allStations()

describe('facet-value search', () => {
  it('finds values by a folded prefix, highlighted, with their counts', async ({ server }) => {
    const result = await server.client().searchForFacetValues({
      indexName: 'stations',
      facetName: 'federalState',
      searchForFacetValuesRequest: { facetQuery: 'baden' },
    })
    const counts = countBy(stations, 'federalState')
    expect(result.facetHits).toEqual([
      {
        value: 'Baden-Württemberg',
        highlighted: '<em>Baden</em>-Württemberg',
        count: counts['Baden-Württemberg'],
      },
    ])
  })

  it('counts under the current filters', async ({ server }) => {
    const result = await server.client().searchForFacetValues({
      indexName: 'stations',
      facetName: 'facilities',
      searchForFacetValuesRequest: {
        facetQuery: 'wl',
        params: new URLSearchParams({ filters: 'federalState:Berlin' }).toString(),
      },
    })
    const berlin = stations.filter((s) => s.federalState === 'Berlin')
    expect(result.facetHits[0]).toMatchObject({ value: 'WLAN', count: countBy(berlin, 'facilities').WLAN })
  })

  it('limits the values to maxFacetHits', async ({ server }) => {
    const result = await server.client().searchForFacetValues({
      indexName: 'stations',
      facetName: 'operator',
      searchForFacetValuesRequest: { facetQuery: '', maxFacetHits: 3 },
    })
    expect(result.facetHits).toHaveLength(3)
    const counts = result.facetHits.map((hit) => hit.count)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
  })

  it('answers type: "facet" requests inside a multi-query, as InstantSearch sends them', async ({
    server,
  }) => {
    const { results } = await server.lite().search({
      requests: [
        { indexName: 'stations', type: 'facet', facet: 'segment', facetQuery: 'metro' },
        { indexName: 'stations', query: 'essen', hitsPerPage: 1 },
      ],
    })
    expect(results[0]).toMatchObject({
      facetHits: [{ value: 'Metropolbahnhof' }],
      exhaustiveFacetsCount: true,
    })
    expect(results[1]).toHaveProperty('hits')
  })

  it('refuses a facet that is not searchable(), and more than 100 facet hits', async ({ server }) => {
    const notSearchable = await server.request('POST', '/1/indexes/stations/facets/category/query', {
      facetQuery: '1',
    })
    expect(notSearchable).toMatchObject({
      status: 400,
      body: { status: 400, message: expect.stringMatching(/searchable\(category\)/) },
    })
    const tooMany = await server.request('POST', '/1/indexes/stations/facets/operator/query', {
      maxFacetHits: 101,
    })
    expect(tooMany).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/maxFacetHits.*100/) },
    })
  })
})
