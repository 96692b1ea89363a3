import { describe, expect, it } from 'vitest'
import { fold, germanVariant, isNumericWord, originalLength } from './normalize.ts'
import { spans, words } from './tokenize.ts'

describe('fold', () => {
  it('folds case, accents, umlauts and ß', () => {
    expect(fold('München')).toBe('munchen')
    expect(fold('STRAßE')).toBe('strasse')
    expect(fold('Straße')).toBe(fold('strasse'))
    expect(fold('Café')).toBe('cafe')
    expect(fold('Øresund')).toBe('oresund')
  })

  it('handles decomposed input like precomposed', () => {
    expect(fold('Mu\u0308nchen')).toBe('munchen')
  })
})

describe('germanVariant', () => {
  it('transliterates umlauts so muenchen finds München', () => {
    expect(germanVariant('München')).toBe('muenchen')
    expect(germanVariant('Köln')).toBe('koeln')
    expect(germanVariant('Mu\u0308nchen')).toBe('muenchen')
  })

  it('has no variant without umlauts', () => {
    expect(germanVariant('Berlin')).toBeUndefined()
    expect(germanVariant('Straße')).toBeUndefined()
  })
})

describe('originalLength', () => {
  it('maps a folded prefix back to the original characters', () => {
    // "stras" ends inside the two letters ß folds to: the whole ß is highlighted.
    expect(originalLength('Straße', 5, false)).toBe(5)
    expect(originalLength('Straße', 4, false)).toBe(4)
    expect(originalLength('München', 4, true)).toBe(3) // "muen" = "Mün"
    expect(originalLength('München', 3, false)).toBe(3)
  })

  it('keeps combining marks with their letter, after ASCII letters as after others', () => {
    // "Me\u0301nde" is "Ménde" written with a combining accent: "me" ends after the accent.
    expect(originalLength('Me\u0301nde', 2, false)).toBe(3)
    expect(originalLength('Me\u0301nde', 1, false)).toBe(1)
    expect(originalLength('Ü\u0308ber', 1, false)).toBe(2)
    expect(originalLength('BAHNHOF', 4, false)).toBe(4)
  })
})

describe('tokenize', () => {
  it('splits on everything but letters and digits; numbers are words', () => {
    expect(words('Frankfurt (Main) Hbf')).toEqual(['Frankfurt', 'Main', 'Hbf'])
    expect(words('Baden-Württemberg, 70173 Stuttgart')).toEqual([
      'Baden',
      'Württemberg',
      '70173',
      'Stuttgart',
    ])
    expect(words('  ')).toEqual([])
  })

  it('keeps offsets for highlighting', () => {
    expect(spans('a-bc d')).toEqual([
      { text: 'a', start: 0, end: 1 },
      { text: 'bc', start: 2, end: 4 },
      { text: 'd', start: 5, end: 6 },
    ])
  })

  it('knows numeric words', () => {
    expect(isNumericWord('80331')).toBe(true)
    expect(isNumericWord('s1')).toBe(false)
  })
})
