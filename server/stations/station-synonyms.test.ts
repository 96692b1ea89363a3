import { describe, expect, it } from 'vitest'
import { fold } from '../../search-core/engine/normalize.ts'
import { words } from '../../search-core/engine/tokenize.ts'
import { readStations } from './station-records.ts'
import { STATIONS_SYNONYMS } from './station-synonyms.ts'

/** Every station name as its folded words, the way the engine indexes them. */
async function stationNames(): Promise<string[][]> {
  const names: string[][] = []
  for await (const station of readStations()) names.push(words(station.name).map(fold))
  return names
}

function containsPhrase(name: readonly string[], phrase: readonly string[]): boolean {
  for (let i = 0; i + phrase.length <= name.length; i++)
    if (phrase.every((word, k) => name[i + k] === word)) return true
  return false
}

describe('station synonyms', () => {
  it('lead only to words that occur, in this order, in some station name', async () => {
    const names = await stationNames()
    // `synonyms` is what a synonym leads to: every member of a two-way one, the alternatives of a
    // one-way one.
    const missing = STATIONS_SYNONYMS.flatMap((synonym) =>
      ('synonyms' in synonym ? synonym.synonyms : [])
        .filter((target) => !names.some((name) => containsPhrase(name, words(target).map(fold))))
        .map((target) => `${synonym.objectID} → ${target}`),
    )
    expect(missing).toEqual([])
  })

  it('have unique objectIDs, as the synonyms API stores them by objectID', () => {
    const ids = STATIONS_SYNONYMS.map((synonym) => synonym.objectID)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
