import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { fixedTexts, ownTexts, random, sizeApart, slotLengths } from '../../tests/helpers/spliced-fixture.ts'
import { brotliAnswer, brotliPieces } from './spliced-brotli.ts'

describe('brotli answers from pieces', () => {
  const texts = fixedTexts
  const own = ownTexts
  const slots = slotLengths
  const joined = (parts: readonly string[], between: readonly string[]) =>
    parts.map((part, i) => (i < between.length ? `${part}${between[i]}  ` : part)).join('')

  it("decode to the fixed parts with each answer's own bytes and two spaces between them", () => {
    for (const quality of [1, 5, 10, 11]) {
      const pieces = brotliPieces(texts, slots, quality)
      expect(pieces).toBeDefined()
      for (const n of [1, 2, 999999]) {
        expect(brotliDecompressSync(brotliAnswer(pieces!, own(n))).toString()).toBe(joined(texts, own(n)))
      }
    }
  })

  it('decode whatever bytes the slots hold, also where literals are coded by the bytes before them', () => {
    // Large and varied text, which brotli codes with literal context modeling, between five slots.
    const next = random(5)
    const words = ['Köln', 'Hbf', 'Straße', 'Düsseldorf', 'Flughafen', 'Gleis', '🚆', 'München', '12', '3.5']
    words.push('true', 'null', '"name"', '{', '}', '[', ']', ':', ',', 'ß', 'Ä', '中文', 'Ωμέγα', 'x')
    const text = () =>
      Array.from({ length: 2000 }, () => words[Math.floor(next() * words.length)]).join(
        next() < 0.5 ? ' ' : '',
      )
    const varied = Array.from({ length: 6 }, text)
    const lengths = [30, 5, 60, 1, 34]
    for (const quality of [5, 10, 11]) {
      const pieces = brotliPieces(varied, lengths, quality)
      expect(pieces).toBeDefined()
      for (let round = 0; round < 20; round++) {
        const own2 = lengths.map((slot) =>
          Array.from({ length: slot }, () => String.fromCharCode(0x20 + Math.floor(next() * 95))).join(''),
        )
        expect(brotliDecompressSync(brotliAnswer(pieces!, own2)).toString()).toBe(joined(varied, own2))
      }
    }
  })

  it('reach back across the uncompressed meta-blocks: later parts refer to the earlier ones', () => {
    const answer = brotliAnswer(brotliPieces(texts, slots)!, own(5))
    expect(answer.length).toBeLessThan(sizeApart((bytes) => brotliCompressSync(bytes)) - 60)
  })

  it('are not made for a slot longer than one uncompressed meta-block', () => {
    expect(brotliPieces(['{"a":1', '}'], [65_534])).toBeDefined()
    expect(brotliPieces(['{"a":1', '}'], [65_535])).toBeUndefined()
  })

  it('refuse own bytes of another length than their slot', () => {
    const pieces = brotliPieces(texts, slots)!
    expect(() => brotliAnswer(pieces, ['x', '', 'y'])).toThrow(/slot 0/)
  })
})
