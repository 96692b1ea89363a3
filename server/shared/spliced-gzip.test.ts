import { deflateRawSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { fixedTexts, ownTexts, random, sizeApart, slotLengths } from '../../tests/helpers/spliced-fixture.ts'
import { gzipAnswer, gzipPieces } from './spliced-gzip.ts'

describe("the CRC-32 of an answer's trailer, joined from its parts' CRCs", () => {
  it('is the CRC of the whole answer (gunzip checks it), for parts and slots of any length', () => {
    const next = random(7)
    const text = (length: number) =>
      Array.from({ length }, () => String.fromCharCode(32 + Math.floor(next() * 95))).join('')
    for (let round = 0; round < 100; round++) {
      const fixed = Array.from({ length: 3 }, () => text(Math.floor(next() * 3000)))
      const own = Array.from({ length: 2 }, () => text(Math.floor(next() * 60)))
      const answer = gzipAnswer(
        gzipPieces(
          fixed,
          own.map((slot) => slot.length),
        ),
        own,
      )
      expect(gunzipSync(answer).toString()).toBe(`${fixed[0]}${own[0]}${fixed[1]}${own[1]}${fixed[2]}`)
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
