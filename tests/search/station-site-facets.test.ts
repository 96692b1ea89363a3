// The station-site filters as the search page uses them: Bahnsteighöhe (a station under each height
// group one of its platforms has: 96 cm and higher, 76, 55, 38 and lower) and Aufzug (the stations
// DB's lift data lists a lift at), with exact counts. Expectations come from db-platforms and
// db-elevators themselves (tests/helpers/station-site.ts).
import { describe, expect } from 'vitest'
import { platformHeightCounts, stationsWithHeights, stationsWithLifts } from '../helpers/station-site.ts'
import { allStations } from '../helpers/stations.ts'
import { it } from './fixture.ts'

const stations = await allStations()
const ids = new Set(stations.map((station) => station.objectID))

describe('the Bahnsteighöhe facet', () => {
  it('counts the stations with a platform of each height group exactly, highest first', async ({
    server,
  }) => {
    const result = await server.search({ facets: ['platformHeights'], hitsPerPage: 0 })
    const counts = platformHeightCounts(ids)
    expect(result.facets?.platformHeights).toEqual(counts)
    // The two standard heights each hold well over a thousand stations.
    expect(counts['76']).toBeGreaterThan(1000)
    expect(counts['55']).toBeGreaterThan(1000)
    const ordering = result.renderingContent?.facetOrdering
    expect(ordering?.facets?.order).toContain('platformHeights')
    expect(ordering?.values?.platformHeights?.order).toEqual(['96', '76', '55', '38'])
  })

  it('refines disjunctively, with the other facets counted under it', async ({ server }) => {
    const result = await server.search({
      facetFilters: [['platformHeights:96', 'platformHeights:76']],
      facets: ['steplessAccess'],
      hitsPerPage: 0,
    })
    const matching = stationsWithHeights(ids, ['96', '76'])
    expect(result.nbHits).toBe(matching.size)
    const stepFree = stations.filter((s) => matching.has(s.objectID) && s.steplessAccess === 'ja').length
    expect(result.facets?.steplessAccess?.ja).toBe(stepFree)
  })
})

describe('the Aufzug facet', () => {
  it('counts the stations with a lift for travellers exactly, and refines to them', async ({ server }) => {
    const withLifts = stationsWithLifts(ids)
    expect(withLifts.size).toBeGreaterThan(1000)
    const all = await server.search({ facets: ['lift'], hitsPerPage: 0 })
    expect(all.facets?.lift).toEqual({ ja: withLifts.size })
    const refined = await server.search({ facetFilters: ['lift:ja'], query: 'köln hbf', hitsPerPage: 5 })
    expect(refined.hits.length).toBeGreaterThan(0)
    expect(refined.hits.every((hit) => withLifts.has(hit.objectID))).toBe(true)
  })
})
