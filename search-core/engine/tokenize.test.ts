import { describe, expect, it } from 'vitest'
import { loadStations } from '../../scripts/generate-records.ts'
import { randomText, seededRandom } from '../../tests/helpers/random-inputs.ts'
import { spans, words } from './tokenize.ts'

/** The definition: what the word pattern (with separatorsToIndex as words of their own) matches. */
function expected(text: string, separators: string): { text: string; start: number; end: number }[] {
  const own = [...new Set(separators)].filter((c) => !/[\p{L}\p{N}\p{M}\s]/u.test(c))
  const escaped = own.map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('')
  const re = new RegExp(`[\\p{L}\\p{N}\\p{M}]+${escaped === '' ? '' : `|[${escaped}]`}`, 'gu')
  return [...text.matchAll(re)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }))
}

describe('spans', () => {
  it('finds what the word pattern finds in every station name, city and street', async () => {
    const stations = await loadStations()
    for (const station of stations) {
      for (const text of [station.name, station.city, station.street]) {
        if (typeof text !== 'string') continue
        expect(spans(text)).toEqual(expected(text, ''))
      }
    }
  })

  it('finds what the word pattern finds in random texts, with and without separatorsToIndex', () => {
    const random = seededRandom(42)
    for (let i = 0; i < 5000; i++) {
      const text = randomText(random)
      for (const separators of ['', '#+', '#a ', '😀-']) {
        expect(spans(text, separators), JSON.stringify({ text, separators })).toEqual(
          expected(text, separators),
        )
        expect(spans(text, separators).map((s) => s.text)).toEqual(words(text, separators))
      }
    }
  })
})
