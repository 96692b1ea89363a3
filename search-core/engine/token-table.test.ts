import { describe, expect, it } from 'vitest'
import { randomText, seededRandom } from '../../tests/helpers/random-inputs.ts'
import { TokenTable } from './token-table.ts'
import { words } from './tokenize.ts'

describe('TokenTable', () => {
  it('cuts texts into the words `words` finds, one value per distinct word', () => {
    const random = seededRandom(7)
    for (const separators of ['', '#+', '😀-']) {
      const table = new TokenTable()
      const known = new Map<string, number>()
      const add = (word: string) => {
        expect(known.has(word)).toBe(false)
        known.set(word, known.size)
        return known.size - 1
      }
      for (let i = 0; i < 10_000; i++) {
        const text = randomText(random)
        const expected = words(text, separators)
        const knownBefore = known.size
        const count = table.scan(text, separators)
        const got: string[] = []
        for (let k = 0; k < count; k++) {
          const word = text.slice(table.starts[k]!, table.ends[k]!)
          got.push(word)
          const id = table.ids[k]!
          if (id >= 0) expect(id).toBe(known.get(word))
          // Unknown when scanned (an earlier word of the same text may have added it since).
          else expect(known.get(word) ?? knownBefore).toBeGreaterThanOrEqual(knownBefore)
          expect(table.valueOf(word, add)).toBe(known.get(word))
        }
        expect(got, JSON.stringify({ text, separators })).toEqual(expected)
      }
      expect(table.size).toBe(known.size)
      // Enough words that the table grew (it starts with room for 512).
      expect(known.size).toBeGreaterThan(512)
    }
  })
})
