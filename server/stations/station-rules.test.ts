// The code rules follow the data: every RIL100 code that Algolia's typo count puts one typo from the
// city of a main station has its rule, and no rule outlives its collision.
import { describe, expect, it } from 'vitest'
import { fold } from '../../search-core/engine/normalize.ts'
import { words } from '../../search-core/engine/tokenize.ts'
import { typoDistance } from '../../search-core/engine/typo.ts'
import { readStations, type StationRecord } from './station-records.ts'
import {
  CODES_NEAR_MAIN_STATIONS,
  SHORTHANDS_THAT_ARE_CODES,
  STATES_IN_QUERIES,
  STATIONS_RULES,
} from './station-rules.ts'
import { STATIONS_SYNONYMS } from './station-synonyms.ts'

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
    const sort = (list: readonly { code: string }[]) => [...list].sort((a, b) => a.code.localeCompare(b.code))
    expect(sort(CODES_NEAR_MAIN_STATIONS)).toEqual(sort(await codesNearMainStations()))
  })

  it('each rule puts the main station first for the code typed alone', () => {
    for (const { code, mainStation } of CODES_NEAR_MAIN_STATIONS) {
      const rule = STATIONS_RULES.find((r) => r.conditions?.[0]?.pattern === code.toLowerCase())
      expect(rule?.conditions).toEqual([{ pattern: code.toLowerCase(), anchoring: 'is' }])
      expect(rule?.consequence?.promote).toEqual([{ objectID: mainStation, position: 0 }])
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
    expect(
      sort(SHORTHANDS_THAT_ARE_CODES.map(({ shorthand, codeStation }) => ({ shorthand, codeStation }))),
    ).toEqual(sort(expected))
    // The main station is the main station of the city the shorthand stands for.
    for (const { shorthand, mainStation } of SHORTHANDS_THAT_ARE_CODES) {
      const synonym = STATIONS_SYNONYMS.find((s) => s.type === 'onewaysynonym' && s.input === shorthand)
      const city = 'synonyms' in (synonym ?? {}) ? (synonym as { synonyms: string[] }).synonyms[0] : undefined
      const main = stations.find((s) => s.objectID === mainStation)
      expect(main?.mainStation, shorthand).toBe(true)
      expect(startsWith(main?.name ?? '', city ?? '-'), `${shorthand}: ${main?.name}`).toBe(true)
    }
  })
})

describe('states in queries', () => {
  it('name only Bundesländer that stations are in, with no spelling that is a station’s code but NRW', async () => {
    const stations: StationRecord[] = []
    for await (const station of readStations()) stations.push(station)
    const states = new Set(stations.map((s) => s.federalState))
    for (const { state } of STATES_IN_QUERIES) expect(states).toContain(state)
    const codes = new Set(stations.map((s) => fold(s.ril100 ?? '')))
    const spellingsThatAreCodes = STATES_IN_QUERIES.flatMap(({ spellings }) =>
      spellings.filter((spelling) => codes.has(fold(spelling))),
    )
    expect(spellingsThatAreCodes).toEqual(['nrw'])
  })

  it('each spelling matches its state’s rule and is removed from the query', () => {
    for (const { state, spellings } of STATES_IN_QUERIES) {
      const rule = STATIONS_RULES.find((r) => r.consequence?.userData?.value === state)
      expect(rule?.conditions?.map((c) => c.pattern)).toEqual([...spellings])
      expect(rule?.consequence?.params?.facetFilters).toEqual([`federalState:${state}`])
    }
  })
})
