// Hits read in two parts (the retrieved attributes as one object, the highlighted-only values
// beside it) are the hits read from the whole record: the same attributes, highlights, snippets.
import { describe, expect, it } from 'vitest'
import { seededRandom as random } from '../../tests/helpers/station-index.ts'
import { SearchIndex } from './search-index.ts'
import type { SearchRecord } from './types.ts'

const WORDS = ['Berlin', 'Bernau', 'Köln', 'Straße', 'Hbf', 'München', 'Ost', 'süd', 'x"y', 'a\\b']
const KEYS = ['name', 'city', 'street', 'tags', 'address', 'count', 'flag', 'hidden']

function text(next: () => number): string {
  return Array.from(
    { length: 1 + Math.floor(next() * 4) },
    () => WORDS[Math.floor(next() * WORDS.length)],
  ).join(' ')
}

function value(next: () => number, key: string): unknown {
  if (key === 'tags') return Array.from({ length: Math.floor(next() * 4) }, () => text(next))
  if (key === 'address') return { street: text(next), city: text(next), zip: Math.floor(next() * 99999) }
  if (key === 'count') return Math.floor(next() * 1000)
  if (key === 'flag') return next() < 0.5
  return next() < 0.1 ? null : text(next)
}

function records(next: () => number): SearchRecord[] {
  return Array.from({ length: 300 }, (_, i) => {
    const record: SearchRecord = { objectID: `r${i}` }
    // Some records lack keys or list them in another order: several shapes.
    const keys = next() < 0.7 ? KEYS : KEYS.filter(() => next() < 0.7).reverse()
    for (const key of keys) record[key] = value(next, key)
    return record
  })
}

const pick = <T>(next: () => number, list: readonly T[], p: number): T[] => list.filter(() => next() < p)

describe('hits read in parts', () => {
  it('equal the hits read from the whole record, for any retrieved and highlighted lists', () => {
    const next = random(21)
    const index = new SearchIndex({
      searchableAttributes: ['name', 'city', 'street', 'tags', 'address.street'],
      unretrievableAttributes: ['hidden'],
    })
    index.save(records(next))
    for (let round = 0; round < 60; round++) {
      const attributesToRetrieve = pick(next, [...KEYS, 'objectID', 'missing'], 0.4)
      const attributesToHighlight = pick(next, [...KEYS, 'address.city', 'missing'], 0.4)
      const attributesToSnippet = pick(next, ['name:2', 'tags', 'address.street:1'], 0.3)
      const params = {
        query: ['ber', 'köln hbf', 'strasse', 'münchen o', ''][round % 5]!,
        hitsPerPage: 50,
        attributesToHighlight,
        attributesToSnippet,
        restrictHighlightAndSnippetArrays: next() < 0.5,
      }
      const parts = index.search({ ...params, attributesToRetrieve })
      // A dotted name that no record has: the same hits, read from the whole record.
      const whole = index.search({ ...params, attributesToRetrieve: [...attributesToRetrieve, 'no.such'] })
      expect(parts.hits.length).toBeGreaterThan(0)
      expect(parts.hits).toEqual(whole.hits)
      for (const hit of parts.hits) expect(hit).not.toHaveProperty('hidden')
    }
  })
})
