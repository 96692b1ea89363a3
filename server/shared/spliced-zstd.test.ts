import { zstdCompressSync, zstdDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { fixedTexts, ownTexts, sizeApart, slotLengths } from '../../tests/helpers/spliced-fixture.ts'
import { zstdAnswer, zstdPieces } from './spliced-zstd.ts'

describe('zstd answers from pieces', () => {
  const texts = fixedTexts
  const own = ownTexts
  const slots = slotLengths

  it("decode to the fixed parts with each answer's own bytes between them", () => {
    const pieces = zstdPieces(texts, slots)
    expect(pieces).toBeDefined()
    for (const n of [1, 2, 999999]) {
      const [a, b, c] = own(n)
      const decoded = zstdDecompressSync(zstdAnswer(pieces!, own(n))).toString()
      expect(decoded).toBe(`${texts[0]}${a}${texts[1]}${b}${texts[2]}${c}${texts[3]}`)
    }
  })

  it('reach back across the raw blocks: later parts refer to the earlier ones', () => {
    const answer = zstdAnswer(zstdPieces(texts, slots)!, own(5))
    expect(answer.length).toBeLessThan(sizeApart((bytes) => zstdCompressSync(bytes)) - 60)
  })

  it('hold slots of any length a raw block holds, at any level', () => {
    for (const level of [1, 3, 19]) {
      const long = ['x'.repeat(5000), 'y'.repeat(70_000)]
      const pieces = zstdPieces(['{"a":1', '}'], [long[0]!.length], level)
      expect(zstdDecompressSync(zstdAnswer(pieces!, [long[0]!])).toString()).toBe(`{"a":1${long[0]}}`)
      const large = zstdPieces(['{"a":1', '}'], [long[1]!.length], level)
      expect(zstdDecompressSync(zstdAnswer(large!, [long[1]!])).toString()).toBe(`{"a":1${long[1]}}`)
    }
  })

  it('refuse own bytes of another length than their slot', () => {
    const pieces = zstdPieces(texts, slots)!
    expect(() => zstdAnswer(pieces, ['x', '', 'y'])).toThrow(/slot 0/)
  })
})
