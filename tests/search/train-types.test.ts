// The Züge filter as the search page uses it: the train types as a facet with exact counts, query
// words that refine to it, and long-distance stops first among equal matches. Expectations come from
// db-hafas-stations itself (tests/helpers/train-types.ts).
import { describe, expect } from 'vitest'
import { allStations } from '../helpers/stations.ts'
import { trainCounts, trainTypesFromPackage } from '../helpers/train-types.ts'
import { it } from './fixture.ts'

const stations = await allStations()
const types = await trainTypesFromPackage()
const has = (id: string, ...wanted: string[]) => wanted.some((type) => types.get(id)?.includes(type))

describe('the Züge facet', () => {
  it('counts every train type exactly (ICE at 245), in the travellers’ order', async ({ server }) => {
    const result = await server.search({ facets: ['trains'], hitsPerPage: 0 })
    expect(result.facets?.trains).toEqual(await trainCounts())
    expect(result.facets?.trains?.ICE).toBe(245)
    const ordering = result.renderingContent?.facetOrdering
    expect(ordering?.facets?.order?.slice(0, 2)).toEqual(['federalState', 'trains'])
    expect(ordering?.values?.trains?.order).toEqual([
      'ICE',
      'IC/EC',
      'RE/RB',
      'S-Bahn',
      'U-Bahn',
      'Straßenbahn',
      'Bus',
      'Fähre',
    ])
  })

  it('refines disjunctively, with the other facets counted under it', async ({ server }) => {
    const result = await server.search({
      facetFilters: [['trains:ICE', 'trains:U-Bahn']],
      facets: ['federalState'],
      hitsPerPage: 0,
    })
    const matching = stations.filter((s) => has(s.objectID, 'ICE', 'U-Bahn'))
    expect(result.nbHits).toBe(matching.length)
    const bavaria = matching.filter((s) => s.federalState === 'Bayern').length
    expect(result.facets?.federalState?.Bayern).toBe(bavaria)
  })
})

describe('train types in the query', () => {
  it('"ice" alone lists the ICE stops, largest first, and names the refinement', async ({ server }) => {
    const result = await server.search({ query: 'ICE', facets: ['trains'], hitsPerPage: 3 })
    expect(result.nbHits).toBe(245)
    expect(result.parsedQuery).toBe('')
    expect(result.userData).toEqual([{ kind: 'refinement', attribute: 'trains', values: ['ICE'] }])
    expect(result.hits.every((hit) => has(hit.objectID, 'ICE'))).toBe(true)
    // Without the rules "ice" matches no station.
    expect((await server.search({ query: 'ice', enableRules: false })).nbHits).toBe(0)
  })

  it('"fernverkehr" means ICE or IC/EC; "s-bahn hamburg" the S-Bahn stations of Hamburg', async ({
    server,
  }) => {
    const fern = await server.search({ query: 'fernverkehr', hitsPerPage: 0 })
    expect(fern.nbHits).toBe(stations.filter((s) => has(s.objectID, 'ICE', 'IC/EC')).length)
    expect(fern.userData).toEqual([{ kind: 'refinement', attribute: 'trains', values: ['ICE', 'IC/EC'] }])
    const sBahn = await server.search({ query: 's-bahn hamburg', hitsPerPage: 100 })
    expect(sBahn.parsedQuery).toBe('hamburg')
    expect(sBahn.nbHits).toBeGreaterThan(10)
    expect(sBahn.hits.every((hit) => has(hit.objectID, 'S-Bahn'))).toBe(true)
    const spaced = await server.search({ query: 'hamburg s bahn', hitsPerPage: 0 })
    expect(spaced.nbHits).toBe(sBahn.nbHits)
  })

  it('with a state: "ice bayern" lists Bayern’s ICE stops', async ({ server }) => {
    const result = await server.search({ query: 'ice bayern', hitsPerPage: 1000 })
    const expected = stations.filter((s) => s.federalState === 'Bayern' && has(s.objectID, 'ICE'))
    expect(result.hits.map((hit) => hit.objectID).sort()).toEqual(expected.map((s) => s.objectID).sort())
  })
})

describe('long-distance stops among equal matches', () => {
  it.for(['ost', 'hbf', 'bahnhof', 'nord'])(
    '"%s": within equally good text matches, no station without ICE or IC/EC before one with',
    async (query, { server }) => {
      const result = await server.search({ query, hitsPerPage: 1000, getRankingInfo: true })
      // The text criteria of the ranking; what follows them is the custom ranking.
      const textRank = (info: Record<string, unknown> | undefined) =>
        JSON.stringify(
          ['nbTypos', 'words', 'filters', 'proximityDistance', 'firstMatchedWord', 'nbExactWords'].map(
            (key) => info?.[key],
          ),
        )
      let tiesSeen = 0
      for (let i = 1; i < result.hits.length; i++) {
        const [before, after] = [result.hits[i - 1]!, result.hits[i]!]
        if (textRank(before._rankingInfo) !== textRank(after._rankingInfo)) continue
        tiesSeen++
        if (has(after.objectID, 'ICE', 'IC/EC'))
          expect(has(before.objectID, 'ICE', 'IC/EC'), `${before.name} before ${after.name}`).toBe(true)
      }
      expect(tiesSeen).toBeGreaterThan(10)
    },
  )

  it('even above a bigger category: "baden" finds Baden-Baden first, "limburg" Limburg Süd (ICE)', async ({
    server,
  }) => {
    const baden = await server.search({ query: 'baden', hitsPerPage: 1 })
    expect(baden.hits[0]?.name).toBe('Baden-Baden')
    const limburg = await server.search({ query: 'limburg', hitsPerPage: 2 })
    expect(limburg.hits.map((hit) => [hit.name, hit.category])).toEqual([
      ['Limburg Süd', 4],
      ['Limburg (Lahn)', 3],
    ])
    expect(has('8000229', 'ICE', 'IC/EC')).toBe(false)
  })
})
