// The code rules follow the data: every RIL100 code that Algolia's typo count puts one typo from the
// city of a main station has its rule, and no rule outlives its collision.
import { describe, expect, it } from 'vitest'
import { fold } from '../../search-core/engine/normalize.ts'
import { words } from '../../search-core/engine/tokenize.ts'
import { typoDistance } from '../../search-core/engine/typo.ts'
import { TRAIN_TYPES } from './station-facts.ts'
import { readStations, type StationRecord } from './station-records.ts'
import { STATIONS_RULES } from './station-rules.ts'
import { STATIONS_SYNONYMS } from './station-synonyms.ts'

/** The rules of one kind, by the start of their objectID. */
const rulesNamed = (prefix: string) => STATIONS_RULES.filter((rule) => rule.objectID.startsWith(prefix))
const promoted = (rule: (typeof STATIONS_RULES)[number]) =>
  rule.consequence?.promote?.flatMap((promote) =>
    'objectIDs' in promote ? promote.objectIDs : [promote.objectID],
  )

/** One typo as Algolia counts it: one edit, not on the first letter (that one counts two). */
function oneTypoApart(query: string, word: string): boolean {
  return query[0] === word[0] && typoDistance(query, word, 1, false)?.typos === 1
}

async function codesNearMainStations() {
  const stations: StationRecord[] = []
  for await (const station of readStations()) stations.push(station)
  const placeWords = new Set(stations.flatMap((s) => words(fold(`${s.name} ${s.city ?? ''}`))))
  // Main stations (category 1 and 2) of a one-word city: what a traveller types for them.
  const mainStations = stations.filter(
    (s) => s.category !== null && s.category <= 2 && s.city && !/\s|-/.test(s.city),
  )
  const found: { code: string; codeStation: string; mainStation: string }[] = []
  for (const station of stations) {
    const code = fold(station.ril100 ?? '')
    // Fewer than 4 letters get no typo; a code that is also a place word has exact matches of its own.
    if (!/^[a-z]{4,}$/.test(code) || placeWords.has(code)) continue
    for (const main of mainStations) {
      if (main !== station && oneTypoApart(code, fold(main.city ?? ''))) {
        found.push({ code: station.ril100 ?? '', codeStation: station.objectID, mainStation: main.objectID })
      }
    }
  }
  return found
}

describe('RIL100 codes one typo from a main station’s city', () => {
  it('are exactly the ones with a rule (KEIL and KLEL for Kiel, HAMR and HAMI for Hamm)', async () => {
    const rules = rulesNamed('code-')
    const sort = (list: readonly { code: string }[]) => [...list].sort((a, b) => a.code.localeCompare(b.code))
    const withRule = rules.map((rule) => ({
      code: rule.conditions?.[0]?.pattern,
      mainStation: promoted(rule)?.[0],
    }))
    const found = (await codesNearMainStations()).map(({ code, mainStation }) => ({
      code: fold(code),
      mainStation,
    }))
    expect(sort(withRule as { code: string }[])).toEqual(sort(found))
    expect(withRule.map(({ code }) => code).sort()).toEqual(['hami', 'hamr', 'keil', 'klel'])
  })

  it('each rule puts the main station first for the code typed alone', () => {
    for (const rule of rulesNamed('code-')) {
      const code = rule.conditions?.[0]?.pattern ?? ''
      expect(rule.conditions).toEqual([{ pattern: code, anchoring: 'is' }])
      expect(rule.consequence?.promote).toEqual([{ objectID: promoted(rule)?.[0], position: 0 }])
    }
  })

  it('the typo count agrees with Algolia’s examples', () => {
    expect(oneTypoApart('keil', 'kiel')).toBe(true) // transposition
    expect(oneTypoApart('keil', 'heil')).toBe(false) // first letter: two typos
    expect(oneTypoApart('hamr', 'hamm')).toBe(true)
  })
})

describe('city shorthands that are also a RIL100 code', () => {
  it('are exactly the one-word synonyms whose input is some station’s code, each pinning that station second', async () => {
    const stations: StationRecord[] = []
    for await (const station of readStations()) stations.push(station)
    const byCode = new Map(stations.map((s) => [fold(s.ril100 ?? ''), s]))
    const startsWith = (name: string, phrase: string) => {
      const [a, b] = [words(fold(name)), words(fold(phrase))]
      return b.every((word, i) => a[i] === word)
    }
    // A shorthand stands for a city: its first alternative begins the name of a main station
    // ("bhf" → "bf" is no city, though BHF is Berlin Ostbahnhof's code).
    const isCity = (phrase: string) => stations.some((s) => s.mainStation && startsWith(s.name, phrase))
    const expected = STATIONS_SYNONYMS.flatMap((synonym) =>
      synonym.type === 'onewaysynonym' && byCode.has(fold(synonym.input)) && isCity(synonym.synonyms[0] ?? '')
        ? [{ shorthand: fold(synonym.input), codeStation: byCode.get(fold(synonym.input))?.objectID }]
        : [],
    )
    const sort = (list: readonly { shorthand: string }[]) =>
      [...list].sort((a, b) => a.shorthand.localeCompare(b.shorthand))
    const rules = rulesNamed('kuerzel-').map((rule) => {
      const [mainStation, codeStation] = promoted(rule) ?? []
      return { shorthand: rule.conditions?.[0]?.pattern ?? '', mainStation, codeStation }
    })
    expect(sort(rules.map(({ shorthand, codeStation }) => ({ shorthand, codeStation })))).toEqual(
      sort(expected),
    )
    // The main station is the main station of the city the shorthand stands for.
    for (const { shorthand, mainStation } of rules) {
      const synonym = STATIONS_SYNONYMS.find((s) => s.type === 'onewaysynonym' && s.input === shorthand)
      const city = 'synonyms' in (synonym ?? {}) ? (synonym as { synonyms: string[] }).synonyms[0] : undefined
      const main = stations.find((s) => s.objectID === mainStation)
      expect(main?.mainStation, shorthand).toBe(true)
      expect(startsWith(main?.name ?? '', city ?? '-'), `${shorthand}: ${main?.name}`).toBe(true)
    }
  })
})

/** The Bundesländer the rules recognize in a query, with the spellings each rule matches. */
const statesInQueries = () =>
  STATIONS_RULES.flatMap((rule) =>
    rule.consequence?.userData?.kind === 'refinement' &&
    rule.consequence.userData.attribute === 'federalState'
      ? [
          {
            state: String(rule.consequence.userData.value),
            spellings: rule.conditions?.map((c) => c.pattern) ?? [],
          },
        ]
      : [],
  )

describe('states in queries', () => {
  it('name only Bundesländer that stations are in, with no spelling that is a station’s code but NRW', async () => {
    const stations: StationRecord[] = []
    for await (const station of readStations()) stations.push(station)
    const states = new Set(stations.map((s) => s.federalState))
    expect(statesInQueries()).toHaveLength(12)
    for (const { state } of statesInQueries()) expect(states).toContain(state)
    const codes = new Set(stations.map((s) => fold(s.ril100 ?? '')))
    const spellingsThatAreCodes = statesInQueries().flatMap(({ spellings }) =>
      spellings.filter((spelling) => spelling !== undefined && codes.has(fold(spelling))),
    )
    expect(spellingsThatAreCodes).toEqual(['nrw'])
  })

  it('each spelling matches its state’s rule and is removed from the query', () => {
    for (const { state, spellings } of statesInQueries()) {
      const rule = STATIONS_RULES.find((r) => r.consequence?.userData?.value === state)
      expect(rule?.conditions?.every((c) => c.anchoring === 'contains')).toBe(true)
      expect(rule?.consequence?.params?.facetFilters).toEqual([`federalState:${state}`])
      expect(rule?.consequence?.params?.query).toEqual({
        edits: spellings.map((spelling) => ({ type: 'remove', delete: spelling })),
      })
    }
  })
})

/** The train types the rules recognize in a query, with the spellings each rule matches. */
const trainsInQueries = () =>
  STATIONS_RULES.flatMap((rule) =>
    rule.consequence?.userData?.kind === 'refinement' && rule.consequence.userData.attribute === 'trains'
      ? [
          {
            rule,
            types: rule.consequence.userData.values,
            spellings: rule.conditions?.map((c) => c.pattern) ?? [],
          },
        ]
      : [],
  )

describe('train types in queries', () => {
  it('name train types stations have, with no spelling that is a word of a name, nor a code but BUS', async () => {
    const stations: StationRecord[] = []
    for await (const station of readStations()) stations.push(station)
    const types = new Set(stations.flatMap((s) => s.trains ?? []))
    const rules = trainsInQueries()
    expect(rules.flatMap(({ types }) => types)).toEqual(expect.arrayContaining([...TRAIN_TYPES]))
    for (const { types: named } of rules) for (const type of named as string[]) expect(types).toContain(type)
    const nameWords = new Set(stations.flatMap((s) => words(fold(`${s.name} ${s.city ?? ''}`))))
    const codes = new Set(stations.map((s) => fold(s.ril100 ?? '')))
    const spellings = rules.flatMap(({ spellings }) => spellings.map((spelling) => fold(spelling ?? '')))
    expect(spellings.filter((spelling) => words(spelling).every((word) => nameWords.has(word)))).toEqual([])
    expect(spellings.filter((spelling) => codes.has(spelling))).toEqual(['bus'])
    // Two letters begin names typed letter by letter.
    expect(spellings.filter((spelling) => spelling.length < 3)).toEqual([])
  })

  it('each spelling filters on its train types, ORed, and is removed from the query', () => {
    for (const { rule, types, spellings } of trainsInQueries()) {
      expect(rule.conditions?.every((c) => c.anchoring === 'contains')).toBe(true)
      expect(rule.consequence?.params?.facetFilters).toEqual([
        (types as string[]).map((type) => `trains:${type}`),
      ])
      expect(rule.consequence?.params?.query).toEqual({
        edits: spellings.map((spelling) => ({ type: 'remove', delete: spelling })),
      })
    }
    const fern = trainsInQueries().find(({ spellings }) => spellings.includes('fernverkehr'))
    expect(fern?.types).toEqual(['ICE', 'IC/EC'])
  })
})
