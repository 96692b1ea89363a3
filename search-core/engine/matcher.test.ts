// How a query word gets its typo budget and what it expands to, on the real stations.
import { beforeAll, describe, expect, it } from 'vitest'
import { names, stationIndex } from '../../tests/helpers/station-index.ts'
import { parseQuery } from './matcher.ts'
import { matchOptions } from './options.ts'
import type { SearchIndex } from './search-index.ts'
import { synonymTable } from './synonyms.ts'

let index: SearchIndex
beforeAll(async () => {
  index = await stationIndex()
})

describe('typo budget per query word (minWordSizefor1Typo 4, minWordSizefor2Typos 8)', () => {
  it('gives none below 4 letters, one from 4, two from 8, counted after folding', () => {
    const options = matchOptions({}, {}, synonymTable([]))
    const budgets = parseQuery('kie keil hambrug frankfrut köln', options).map((w) => [w.folded, w.maxTypos])
    expect(budgets).toEqual([
      ['kie', 0],
      ['keil', 1],
      ['hambrug', 1],
      ['frankfrut', 2],
      ['koln', 1],
    ])
  })
})

describe('"keil" (a transposition of "kiel")', () => {
  it('finds Kiel Hbf with one typo, also as the last word typed (prefix)', () => {
    for (const queryType of ['prefixLast', 'prefixNone'] as const) {
      const result = index.search({ query: 'keil', queryType, typoTolerance: true, getRankingInfo: true })
      const kiel = result.hits.find((hit) => hit.name === 'Kiel Hbf')
      expect(kiel?._rankingInfo?.nbTypos).toBe(1)
    }
  })

  it('counts a typo on the first letter as two, as Algolia does: Heilbronn ranks after Kiel', () => {
    const result = index.search({
      query: 'keil',
      typoTolerance: true,
      getRankingInfo: true,
      hitsPerPage: 1000,
    })
    const typos = (name: string) => result.hits.find((hit) => hit.name === name)?._rankingInfo?.nbTypos
    expect(typos('Kiel Hbf')).toBe(1) // transposition inside the word
    expect(typos('Keitum')).toBe(1) // "keit…": the last letter
    expect(typos('Heilbronn Hbf')).toBe(2) // "heil…": the first letter
    expect(typos('Eilenburg')).toBe(2) // the first letter left out
    // "strict" keeps the two fewest counts (0: Eilendorf's code, 1): no first-letter typos.
    const strict = names(index.search({ query: 'keil', typoTolerance: 'strict', hitsPerPage: 1000 }))
    expect(strict).toContain('Kiel Hbf')
    expect(strict).not.toContain('Heilbronn Hbf')
    // The budget is in edits: a word of 8 letters still matches with a first-letter typo, counted two.
    const long = index.search({ query: 'wrankfurt', typoTolerance: true, getRankingInfo: true })
    expect(long.hits[0]?.name).toBe('Frankfurt (Main) Hbf')
    expect(long.hits[0]?._rankingInfo?.nbTypos).toBe(2)
  })

  it('with typoTolerance "min" keeps only an exact match elsewhere (Algolia: fewest typos only)', () => {
    // Aachen-Eilendorf's RIL100 code is KEIL: zero typos, so "min" drops every one-typo hit.
    const min = index.search({ query: 'keil', typoTolerance: 'min', attributesToRetrieve: ['ril100'] })
    expect(min.hits.map((hit) => hit.ril100)).toEqual(['KEIL'])
    // "strict" keeps the two fewest typo counts: the exact match, then Kiel Hbf.
    const strict = index.search({ query: 'keil', typoTolerance: 'strict' })
    expect(names(strict)).toContain('Kiel Hbf')
  })
})
