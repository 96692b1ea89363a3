import { describe, expect, it } from 'vitest'
import { loadStations } from '../../scripts/generate-records.ts'
import { spans, words } from './tokenize.ts'

/** The definition: what the word pattern (with separatorsToIndex as words of their own) matches. */
function expected(text: string, separators: string): { text: string; start: number; end: number }[] {
  const own = [...new Set(separators)].filter((c) => !/[\p{L}\p{N}\p{M}\s]/u.test(c))
  const escaped = own.map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('')
  const re = new RegExp(`[\\p{L}\\p{N}\\p{M}]+${escaped === '' ? '' : `|[${escaped}]`}`, 'gu')
  return [...text.matchAll(re)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }))
}

/** A random text over letters, umlauts, marks, astral letters and symbols, lone surrogates, separators. */
function randomText(random: () => number): string {
  const pieces = [
    'a',
    'Z',
    '7',
    'ü',
    'ß',
    'É',
    '\u0301',
    ' ',
    '-',
    '#',
    '+',
    '.',
    '𝔸',
    '😀',
    '\ud800',
    '\udc00',
    'ж',
    '中',
    '\t',
    '’',
  ]
  let text = ''
  const length = Math.floor(random() * 24)
  for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * pieces.length)]
  return text
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
    let seed = 42
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
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
