// Disjunctive faceting as InstantSearch does it, through algoliasearch-helper: the counts of a
// refined disjunctive facet ignore its own refinement. Counts come from db-stations directly.
import algoliasearchHelper, { type SearchResults } from 'algoliasearch-helper'
import { describe, expect } from 'vitest'
import type { StationRecord } from '../../server/stations/station-records.ts'
import { allStations, countBy } from '../helpers/stations.ts'
import { it } from './fixture.ts'

const stations = await allStations()

type Helper = ReturnType<typeof algoliasearchHelper>

function searchOnce(helper: Helper): Promise<SearchResults> {
  return new Promise((resolve, reject) => {
    helper.once('result', ({ results }) => resolve(results))
    helper.once('error', ({ error }) => reject(error))
    helper.search()
  })
}

function facetCounts(results: SearchResults, facet: string): Record<string, number> {
  const values = results.getFacetValues(facet, {}) as { name: string; count: number }[]
  return Object.fromEntries(values.map((value) => [value.name, value.count]))
}

describe('disjunctive facets with algoliasearch-helper', () => {
  it('counts a refined disjunctive facet as if it were not refined, and the others under it', async ({
    server,
  }) => {
    const client = server.lite()
    const helper = algoliasearchHelper(client as never, 'stations', {
      disjunctiveFacets: ['federalState', 'category'],
      facets: ['steplessAccess'],
      maxValuesPerFacet: 100,
    })
    helper.addDisjunctiveFacetRefinement('federalState', 'Bayern')
    helper.addDisjunctiveFacetRefinement('federalState', 'Berlin')
    helper.addDisjunctiveFacetRefinement('category', '2')
    helper.addDisjunctiveFacetRefinement('category', '3')
    const results = await searchOnce(helper)

    const inStates = (s: StationRecord) => s.federalState === 'Bayern' || s.federalState === 'Berlin'
    const inCategories = (s: StationRecord) => s.category === 2 || s.category === 3
    const matching = stations.filter((s) => inStates(s) && inCategories(s))
    expect(results.nbHits).toBe(matching.length)
    expect(facetCounts(results, 'federalState')).toEqual(
      countBy(stations.filter(inCategories), 'federalState'),
    )
    expect(facetCounts(results, 'category')).toEqual(countBy(stations.filter(inStates), 'category'))
    expect(facetCounts(results, 'steplessAccess')).toEqual(countBy(matching, 'steplessAccess'))
  })

  it('combines a query, a conjunctive refinement and a disjunctive one', async ({ server }) => {
    const helper = algoliasearchHelper(server.lite() as never, 'stations', {
      disjunctiveFacets: ['federalState'],
      facets: ['facilities'],
    })
    helper
      .setQuery('')
      .addFacetRefinement('facilities', 'DB Lounge')
      .addDisjunctiveFacetRefinement('federalState', 'Hessen')
    const results = await searchOnce(helper)
    const lounges = stations.filter((s) => s.facilities.includes('DB Lounge'))
    expect(results.nbHits).toBe(lounges.filter((s) => s.federalState === 'Hessen').length)
    expect(facetCounts(results, 'federalState')).toEqual(countBy(lounges, 'federalState'))
  })
})
