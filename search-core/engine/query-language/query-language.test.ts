// The query-language building blocks: syntax, plurals, stop words and the German splitter.
import { describe, expect, it } from 'vitest'
import { splitCompound } from './decompound.ts'
import { pluralForms } from './plurals.ts'
import { splitQuerySyntax } from './query-syntax.ts'
import { isStopWord } from './stop-words.ts'

describe('advanced query syntax', () => {
  it('reads quoted phrases and -word exclusions, a minus inside a word or quotes being text', () => {
    expect(splitQuerySyntax('climate -change "sea level" search-engine', true, true)).toEqual(
      [
        { text: 'climate ', kind: 'plain' },
        { text: 'change', kind: 'exclude' },
        { text: ' ', kind: 'plain' },
        { text: 'sea level', kind: 'phrase' },
        { text: ' search-engine', kind: 'plain' },
      ].filter((p) => p.text.trim() !== ''),
    )
    expect(splitQuerySyntax('"-engine"', true, true)).toEqual([{ text: '-engine', kind: 'phrase' }])
  })

  it('leaves the query as text without the features', () => {
    expect(splitQuerySyntax('climate -change', false, false)).toEqual([
      { text: 'climate -change', kind: 'plain' },
    ])
    expect(splitQuerySyntax('"a b" -c', false, true)).toEqual([
      { text: '"a b" ', kind: 'plain' },
      { text: 'c', kind: 'exclude' },
    ])
  })
})

describe('plurals', () => {
  it('pairs German singulars and plurals, umlaut plurals included (folded)', () => {
    expect(pluralForms('bahnhofe', ['de'])).toContain('bahnhof')
    expect(pluralForms('bahnhof', ['de'])).toContain('bahnhofe')
    expect(pluralForms('zuge', ['de'])).toContain('zug')
    expect(pluralForms('brucke', ['de'])).toContain('brucken')
    expect(pluralForms('dorfer', ['de'])).toContain('dorf')
  })

  it('pairs English forms by rule and the irregular ones', () => {
    expect(pluralForms('stations', ['en'])).toContain('station')
    expect(pluralForms('city', ['en'])).toContain('cities')
    expect(pluralForms('children', ['en'])).toContain('child')
    expect(pluralForms('station', ['de'])).not.toContain('stations')
    expect(pluralForms('ffm', ['de', 'en'])).toEqual([])
  })
})

describe('stop words', () => {
  it('knows German and English stop words per language', () => {
    expect(isStopWord('der', ['de'])).toBe(true)
    expect(isStopWord('the', ['de'])).toBe(false)
    expect(isStopWord('the', ['en', 'de'])).toBe(true)
    expect(isStopWord('bahnhof', ['de', 'en'])).toBe(false)
  })
})

describe('German decompounding', () => {
  it('splits compounds covered by known parts, linking -s- included', () => {
    expect(splitCompound('hauptbahnhof')).toEqual(['haupt', 'bahnhof'])
    expect(splitCompound('sudbahnhof')).toEqual(['sud', 'bahnhof'])
    expect(splitCompound('bahnhofsplatz')).toEqual(['bahnhof', 'platz'])
    expect(splitCompound('flughafen')).toBeUndefined()
  })

  it('keeps words with an unknown piece whole', () => {
    expect(splitCompound('hamburg')).toBeUndefined()
    expect(splitCompound('bahnhof')).toBeUndefined()
    expect(splitCompound('qxzvbahnhof')).toBeUndefined()
  })
})
