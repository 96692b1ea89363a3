// typoTolerance on the stations ('min'): where stations match as typed, misspelt matches are
// neither listed nor counted; misspelt queries still find their stations; a RIL100 code that is
// also a typo of a main station's city lists the main station first (a query rule). See
// docs/stations.md#ranking.
import { describe, expect } from 'vitest'
import { suggestionSource } from '../../web/search/query-suggestions.ts'
import { germanMessages } from '../helpers/messages.ts'
import { it } from './fixture.ts'

const names = (result: { hits: { name: string }[] }) => result.hits.map((hit) => hit.name)

describe('exact matches hide misspelt ones', () => {
  it('"köln" lists and counts only stations that match it as typed: no Konstanz, no Baden-Württemberg', async ({
    server,
  }) => {
    const result = await server.search({
      query: 'köln',
      hitsPerPage: 1000,
      facets: ['federalState'],
      getRankingInfo: true,
      attributesToRetrieve: ['name'],
    })
    expect(names(result)[0]).toBe('Köln Hbf')
    expect(result.hits.every((hit) => hit._rankingInfo?.nbTypos === 0)).toBe(true)
    expect(names(result)).not.toContain('Konstanz')
    expect(result.nbHits).toBe(result.hits.length)
    expect(result.nbHits).toBeLessThan(40)
    // The filters count what the list shows: Cologne's stations, and two in Rheinland-Pfalz on a "Kölner Str.".
    expect(Object.keys(result.facets?.federalState ?? {}).sort()).toEqual([
      'Nordrhein-Westfalen',
      'Rheinland-Pfalz',
    ])
  })

  it.for([
    ['nürnbreg', 'Nürnberg Hbf'],
    ['frankfrut', 'Frankfurt (Main) Hbf'],
    ['stutgart', 'Stuttgart Hbf'],
    ['dusseldorff', 'Düsseldorf Hbf'],
  ])('a misspelt "%s" still finds %s first', async ([query, expected], { server }) => {
    const result = await server.search({ query, hitsPerPage: 3, getRankingInfo: true })
    expect(names(result)[0]).toBe(expected)
    expect(result.hits[0]?._rankingInfo?.nbTypos).toBeGreaterThan(0)
  })
})

describe('a station found by its street says so', () => {
  it('"köln": Niederschelden and Ingelbach come by their "Kölner Str.", which is highlighted', async ({
    server,
  }) => {
    const result = await server.search({ query: 'köln', hitsPerPage: 1000 })
    const street = (name: string) => {
      const hit = result.hits.find((h) => h.name === name)
      return (hit?._highlightResult as Record<string, { value: string; matchLevel: string }> | undefined)
        ?.street
    }
    expect(street('Niederschelden')).toMatchObject({ value: '<em>Kölner</em> Str. 8', matchLevel: 'full' })
    expect(street('Ingelbach')?.matchLevel).toBe('full')
    // Where the name matches, the street does not, and the card has nothing to add.
    expect(street('Köln Hbf')?.matchLevel).toBe('none')
  })
})

describe('a RIL100 code one typo from a main station’s city', () => {
  it('"keil": Kiel Hbf first, then Eilendorf (its code is KEIL), then Kiel’s other stations', async ({
    server,
  }) => {
    for (const query of ['keil', 'KEIL']) {
      const result = await server.search({ query, hitsPerPage: 20 })
      expect(names(result).slice(0, 2)).toEqual(['Kiel Hbf', 'Eilendorf'])
      expect(names(result)).toContain('Kiel-Elmschenhagen')
      // First-letter typos (Heilbronn, Weil am Rhein) count two and stay out.
      expect(names(result)).not.toContain('Heilbronn Hbf')
    }
  })

  it('the suggestions under the search box say the same', async ({ server }) => {
    const source = suggestionSource(
      {
        appId: server.appId,
        apiKey: server.searchKey,
        indexName: 'stations',
        hosts: [{ url: new URL(server.url).host, protocol: 'http' }],
        insightsHost: null,
      },
      germanMessages(),
    )
    const [, stations] = await source.suggest('keil')
    expect(stations?.suggestions.slice(0, 2).map((suggestion) => suggestion.value)).toEqual([
      'Kiel Hbf',
      'Eilendorf',
    ])
  })

  it('"hamr" finds Hamm (Westf) Hbf first and Achmer (HAMR) second; "kiel" is untouched', async ({
    server,
  }) => {
    expect(names(await server.search({ query: 'hamr', hitsPerPage: 2 }))).toEqual([
      'Hamm (Westf) Hbf',
      'Achmer',
    ])
    const kiel = await server.search({ query: 'kiel', hitsPerPage: 20 })
    expect(names(kiel)[0]).toBe('Kiel Hbf')
    expect(names(kiel)).not.toContain('Eilendorf')
  })
})
