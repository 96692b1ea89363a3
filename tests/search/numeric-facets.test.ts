// Numeric ranges and facets_stats, the way a range slider uses them.
import { describe, expect } from 'vitest'
import { allStations, countBy } from '../helpers/stations.ts'
import { it } from './fixture.ts'

const stations = await allStations()

describe('numeric ranges and facets_stats', () => {
  it('reports min, max, avg and sum of a numeric facet over the result', async ({ server }) => {
    const result = await server.search({
      facets: ['category'],
      filters: 'federalState:Thüringen',
      hitsPerPage: 0,
    })
    const categories = stations
      .filter((s) => s.federalState === 'Thüringen' && s.category !== null)
      .map((s) => s.category as number)
    const sum = categories.reduce((a, b) => a + b, 0)
    expect(result.facets_stats?.category).toMatchObject({
      min: Math.min(...categories),
      max: Math.max(...categories),
      sum,
    })
    expect(result.facets_stats?.category?.avg).toBeCloseTo(sum / categories.length, 6)
    expect(result.facets?.category).toEqual(
      countBy(
        stations.filter((s) => s.federalState === 'Thüringen'),
        'category',
      ),
    )
  })

  it('filters a range with numericFilters as a slider sends it', async ({ server }) => {
    const result = await server.search({
      numericFilters: ['category>=2', 'category<=3'],
      facets: ['category'],
      hitsPerPage: 0,
    })
    expect(result.nbHits).toBe(stations.filter((s) => s.category === 2 || s.category === 3).length)
    expect(Object.keys(result.facets?.category ?? {}).sort()).toEqual(['2', '3'])
  })

  it('sorts facet values by count by default and alphabetically on request', async ({ server }) => {
    const byCount = await server.search({ facets: ['federalState'], hitsPerPage: 0 })
    const counts = Object.values(byCount.facets!.federalState!)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    const alpha = await server.search({
      facets: ['federalState'],
      sortFacetValuesBy: 'alpha',
      hitsPerPage: 0,
      maxValuesPerFacet: 3,
    })
    expect(Object.keys(alpha.facets!.federalState!)).toEqual(['Baden-Württemberg', 'Bayern', 'Berlin'])
  })
})
