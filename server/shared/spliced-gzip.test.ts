import { crc32, deflateRawSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { fixedTexts, ownTexts, random, sizeApart, slotLengths } from '../../tests/helpers/spliced-fixture.ts'
import { crc32Combine, gzipAnswer, gzipPieces } from './spliced-gzip.ts'

describe('CRC-32 of joined bytes', () => {
  it('equals the CRC of the whole, for any split', () => {
    const next = random(7)
    for (let round = 0; round < 200; round++) {
      const bytes = Buffer.from(
        Array.from({ length: Math.floor(next() * 5000) }, () => Math.floor(next() * 256)),
      )
      const at = Math.floor(next() * (bytes.length + 1))
      const [a, b] = [bytes.subarray(0, at), bytes.subarray(at)]
      expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(bytes))
    }
  })
})

describe('gzip answers from pieces', () => {
  const texts = fixedTexts
  const own = ownTexts
  const slots = slotLengths

  it("decode to the fixed parts with each answer's own bytes between them", () => {
    const pieces = gzipPieces(texts, slots)
    for (const n of [1, 2, 999999]) {
      const texts2 = own(n)
      const decoded = gunzipSync(gzipAnswer(pieces, texts2)).toString()
      const [a, b, c] = texts2
      expect(decoded).toBe(`${texts[0]}${a}${texts[1]}${b}${texts[2]}${c}${texts[3]}`)
    }
  })

  it('reach back across the stored blocks: later parts refer to the earlier ones', () => {
    const answer = gzipAnswer(gzipPieces(texts, slots), own(5))
    // The same parts deflated each on its own, and the own bytes stored beside them (gzip's header
    // and trailer, 18 bytes; a stored block's, 5).
    const apart = sizeApart((bytes) => deflateRawSync(bytes, { level: 9 }), { overhead: 18, perSlot: 5 })
    expect(answer.length).toBeLessThan(apart - 60)
  })

  it('refuse own bytes of another length than their slot', () => {
    const pieces = gzipPieces(texts, slots)
    expect(() => gzipAnswer(pieces, ['x', '', 'y'])).toThrow(/slot 0/)
  })
})
