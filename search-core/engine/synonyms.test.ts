// Multi-word synonyms on the real stations: one-way and regular groups, the all-words rule around
// a synonym span, prefixes, ranking below exact matches, highlighting, writes and `synonyms: false`.
import { beforeAll, describe, expect, it } from 'vitest'
import { ids, names, STATIONS_SETTINGS, stationIndex } from '../../tests/helpers/station-index.ts'
import type { SearchIndex } from './search-index.ts'
import { synonymSpans, synonymTable } from './synonyms.ts'
import type { HighlightResult } from './types.ts'

// These tests count what synonyms add; the stations' relaxation would fill empty results.
const WITHOUT_RELAXATION = { ...STATIONS_SETTINGS, removeWordsIfNoResults: 'none' } as const

let index: SearchIndex
/** "Frankfurt (Main)" in a name or city: the words frankfurt, main next to each other. */
const FRANKFURT_MAIN = /(^|\|)Frankfurt \(Main\)/

beforeAll(async () => {
  index = await stationIndex(WITHOUT_RELAXATION)
  index.setSynonyms([
    { objectID: 'ffm', type: 'onewaysynonym', input: 'ffm', synonyms: ['frankfurt main'] },
    { objectID: 'cgn', type: 'synonym', synonyms: ['köln airport', 'köln bonn flughafen'] },
    { objectID: 'hbf', type: 'synonym', synonyms: ['hbf', 'hauptbahnhof'] },
    { objectID: 'haupt', type: 'onewaysynonym', input: 'haupt bahnhof', synonyms: ['hbf'] },
  ])
})

describe('one-way multi-word synonym ffm → frankfurt main', () => {
  it('finds the Frankfurt (Main) stations for "ffm", Hbf first, and nothing of that without synonyms', () => {
    const on = index.search({ query: 'ffm', hitsPerPage: 100 })
    const off = index.search({ query: 'ffm', hitsPerPage: 100, synonyms: false })
    expect(names(on)[0]).toBe('Frankfurt (Main) Hbf')
    const viaSynonym = on.hits.filter((h) => !ids(off).includes(h.objectID))
    expect(viaSynonym.length).toBeGreaterThan(10)
    // The phrase must be consecutive in one attribute: "Frankfurt am Main" is not enough.
    for (const hit of viaSynonym) expect(`${hit.name}|${hit.city}`).toMatch(FRANKFURT_MAIN)
    expect(names(on)).not.toContain('Frankfurt am Main Stadion')
    expect(names(off).filter((n) => FRANKFURT_MAIN.test(n))).toEqual([])
  })

  it('keeps every other query word required, wherever the span is', () => {
    expect(names(index.search({ query: 'ffm hbf' }))).toEqual(['Frankfurt (Main) Hbf'])
    expect(names(index.search({ query: 'hbf ffm' }))).toEqual(['Frankfurt (Main) Hbf'])
    expect(names(index.search({ query: 'ffm süd' }))).toEqual(['Frankfurt (Main) Süd'])
    expect(index.search({ query: 'ffm xyzzyq' }).nbHits).toBe(0)
    // Single-word synonyms still apply beside the span.
    expect(names(index.search({ query: 'ffm hauptbahnhof' }))).toEqual(['Frankfurt (Main) Hbf'])
  })

  it('counts no typos for a synonym match', () => {
    const r = index.search({ query: 'ffm hbf', getRankingInfo: true })
    expect(r.hits[0]?._rankingInfo?.nbTypos).toBe(0)
    expect(index.search({ query: 'ffm hbf', typoTolerance: 'min' }).nbHits).toBe(1)
  })

  it('applies to whole query words only, and its alternative matches whole words only', async () => {
    const withoutSynonyms = ids(index.search({ query: 'ff', hitsPerPage: 1000, synonyms: false }))
    expect(ids(index.search({ query: 'ff', hitsPerPage: 1000 }))).toEqual(withoutSynonyms)
    const local = await stationIndex(WITHOUT_RELAXATION)
    local.setSynonyms([{ objectID: 'x', type: 'onewaysynonym', input: 'ffm', synonyms: ['frankfurt mai'] }])
    expect(ids(local.search({ query: 'ffm', hitsPerPage: 100 }))).toEqual(
      ids(local.search({ query: 'ffm', hitsPerPage: 100, synonyms: false })),
    )
  })

  it('highlights the words that matched through the synonym, as a whole, for the query word', () => {
    const hit = index.search({ query: 'ffm' }).hits.find((h) => h.name === 'Frankfurt (Main) Hbf')
    const hl = hit?._highlightResult as Record<string, HighlightResult>
    expect(hl.name).toEqual({
      value: '<em>Frankfurt</em> (<em>Main</em>) Hbf',
      matchLevel: 'full',
      matchedWords: ['ffm'],
      fullyHighlighted: false,
    })
    // "Frankfurt am Main" does not hold the phrase: its words are not highlighted.
    expect(hl.city).toEqual({ value: 'Frankfurt am Main', matchLevel: 'none', matchedWords: [] })
    const off = index.search({ query: 'ffm hbf', synonyms: false, hitsPerPage: 0 })
    expect(off.nbHits).toBe(0)
  })

  it('snippets around the synonym match', () => {
    const hit = index
      .search({ query: 'ffm', attributesToSnippet: ['name:1'] })
      .hits.find((h) => h.name === 'Frankfurt (Main) Hbf')
    expect(hit?._snippetResult?.name).toEqual({ value: '<em>Frankfurt</em> …', matchLevel: 'full' })
  })
})

describe('regular multi-word group [köln airport, köln bonn flughafen]', () => {
  it('works both ways', () => {
    expect(names(index.search({ query: 'köln airport', synonyms: false }))).toEqual([
      'Köln Airport-Businesspark',
    ])
    expect(names(index.search({ query: 'köln airport' }))).toEqual([
      'Köln Airport-Businesspark',
      'Köln/Bonn Flughafen',
    ])
    expect(names(index.search({ query: 'köln bonn flughafen', synonyms: false }))).toEqual([
      'Köln/Bonn Flughafen',
    ])
    expect(names(index.search({ query: 'köln bonn flughafen' }))).toEqual([
      'Köln/Bonn Flughafen',
      'Köln Airport-Businesspark',
    ])
    // The input is found under the German transliteration too.
    expect(names(index.search({ query: 'koeln bonn flughafen' }))).toContain('Köln Airport-Businesspark')
  })

  it('ranks a synonym match below the exact match, by the exact criterion', () => {
    const r = index.search({ query: 'köln airport', getRankingInfo: true })
    const [exact, synonym] = r.hits.map((h) => h._rankingInfo)
    expect(exact?.nbExactWords).toBe(2)
    expect(synonym?.nbExactWords).toBe(1)
    // Otherwise equal up to the exact criterion: no typos, adjacent words, first attribute.
    expect(synonym).toMatchObject({ nbTypos: 0, proximityDistance: 1, firstMatchedWord: 0 })
    expect(exact).toMatchObject({ nbTypos: 0, proximityDistance: 1, firstMatchedWord: 0 })
    // The words one alternative stands for are adjacent.
    const back = index.search({ query: 'köln bonn flughafen', getRankingInfo: true })
    expect(back.hits.map((h) => h._rankingInfo?.proximityDistance)).toEqual([2, 2])
  })

  it('highlights the alternative for every word of the span', () => {
    const hit = index.search({ query: 'köln bonn flughafen' }).hits[1]
    expect(hit?._highlightResult?.name).toMatchObject({
      value: '<em>Köln</em> <em>Airport</em>-Businesspark',
      matchedWords: ['köln', 'bonn', 'flughafen'],
    })
  })

  it('lets the other words of the query match the record as usual', () => {
    expect(names(index.search({ query: 'flughafen köln airport' }))).toEqual(['Köln/Bonn Flughafen'])
    expect(index.search({ query: 'flughafen köln airport', synonyms: false }).nbHits).toBe(0)
  })

  it('is one-way when declared so', async () => {
    const local = await stationIndex(WITHOUT_RELAXATION)
    local.setSynonyms([
      { objectID: 'x', type: 'onewaysynonym', input: 'köln airport', synonyms: ['köln bonn flughafen'] },
    ])
    expect(names(local.search({ query: 'köln airport' }))).toContain('Köln/Bonn Flughafen')
    expect(names(local.search({ query: 'köln bonn flughafen' }))).toEqual(['Köln/Bonn Flughafen'])
  })

  it('finds records saved after the build, and not removed ones', async () => {
    const local = await stationIndex(WITHOUT_RELAXATION)
    local.setSynonyms([{ objectID: 'x', type: 'onewaysynonym', input: 'ffm', synonyms: ['frankfurt main'] }])
    local.save([{ objectID: 'new', name: 'Zoo Frankfurt Main Ufer' }])
    expect(ids(local.search({ query: 'ffm zoo' }))).toEqual(['new'])
    local.remove(['new'])
    expect(local.search({ query: 'ffm zoo' }).nbHits).toBe(0)
  })
})

describe('a one-word alternative for two query words (haupt bahnhof → hbf)', () => {
  it('matches, with the two words adjacent and not exact', () => {
    expect(index.search({ query: 'hamburg haupt bahnhof', synonyms: false }).nbHits).toBe(0)
    const r = index.search({ query: 'hamburg haupt bahnhof', getRankingInfo: true })
    expect(names(r)[0]).toBe('Hamburg Hbf')
    expect(r.hits[0]?._rankingInfo).toMatchObject({ nbTypos: 0, proximityDistance: 2, nbExactWords: 1 })
    expect(r.hits[0]?._highlightResult?.name).toMatchObject({ value: '<em>Hamburg</em> <em>Hbf</em>' })
  })
})

describe('synonym spans', () => {
  it('takes the exact path through overlapping spans (each query word covered once)', () => {
    const table = synonymTable([
      { objectID: 'a', type: 'onewaysynonym', input: 'x y', synonyms: ['p'] },
      { objectID: 'b', type: 'onewaysynonym', input: 'y z', synonyms: ['q'] },
    ])
    const spans = synonymSpans(['x', 'y', 'z'], [undefined, undefined, undefined], table)
    expect(spans.map((s) => [s.start, s.end, s.phrases])).toEqual([
      [0, 2, [['p']]],
      [1, 3, [['q']]],
    ])
  })

  it('does not let two overlapping spans satisfy the query together', async () => {
    const local = await stationIndex(WITHOUT_RELAXATION)
    // "köln messe" → "leipzig", "messe deutz" → "augsburg": "Köln Messe/Deutz" matches normally.
    local.setSynonyms([
      { objectID: 'a', type: 'onewaysynonym', input: 'köln messe', synonyms: ['augsburg messe'] },
      { objectID: 'b', type: 'onewaysynonym', input: 'messe deutz', synonyms: ['leipzig messe'] },
    ])
    expect(names(local.search({ query: 'köln messe deutz' }))).toEqual(['Köln Messe/Deutz'])
    local.save([{ objectID: 'both', name: 'Augsburg Messe und Leipzig Messe' }])
    // Each span alone would cover "messe"; together they would need it twice: no match.
    expect(ids(local.search({ query: 'köln messe deutz' }))).not.toContain('both')
    local.save([{ objectID: 'ok', name: 'Augsburg Messe Deutz' }])
    expect(ids(local.search({ query: 'köln messe deutz' }))).toContain('ok')
  })
})

describe('synonyms: false', () => {
  it('disables phrase synonyms in search and matchingObjectIDs', () => {
    expect(index.search({ query: 'ffm frankfurt', synonyms: false }).nbHits).toBeLessThan(
      index.search({ query: 'ffm frankfurt' }).nbHits,
    )
    expect(index.matchingObjectIDs({ query: 'ffm hbf' })).toHaveLength(1)
    expect(index.matchingObjectIDs({ query: 'ffm hbf', synonyms: false })).toHaveLength(0)
  })
})
