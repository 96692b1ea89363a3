import { Buffer } from 'node:buffer'
import { describe, expect, it } from 'vitest'
import { utf8ByteLength } from './utf8.ts'

describe('utf8ByteLength', () => {
  it('counts as Buffer.byteLength does', () => {
    for (const text of ['', 'köln', 'Hbf', '€', '😀x', 'a\ud800b', '\udc00', '\ud83d', 'ü'.repeat(300)]) {
      expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text))
    }
  })
})
