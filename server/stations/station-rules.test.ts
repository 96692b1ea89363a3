// The code rules follow the data: every RIL100 code that Algolia's typo count puts one typo from the
// city of a main station has its rule, and no rule outlives its collision.
import { describe, expect, it } from 'vitest'
import { fold } from '../search/engine/normalize.ts'
import { words } from '../search/engine/tokenize.ts'
import { typoDistance } from '../search/engine/typo.ts'
import { readStations, type StationRecord } from './station-records.ts'
import { CODES_NEAR_MAIN_STATIONS, STATIONS_RULES } from './station-rules.ts'

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
