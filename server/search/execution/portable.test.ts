import { Buffer } from 'node:buffer'
import { describe, expect, it } from 'vitest'
import { fromBase64Url, newQueryID, nextTurn, toBase64Url } from './portable.ts'

describe('portable replacements of Node', () => {
  it('writes base64url as Buffer does, and reads it and Buffer’s back', () => {
    for (const text of ['', 'a', 'ab', 'abc', '{"params":{"query":"köln ?&/+"},"page":3}', '😀'.repeat(7)]) {
      const encoded = toBase64Url(text)
      expect(encoded).toBe(Buffer.from(text).toString('base64url'))
      expect(fromBase64Url(encoded)).toBe(text)
      expect(fromBase64Url(Buffer.from(text).toString('base64'))).toBe(text)
    }
    expect(() => fromBase64Url('not base64!')).toThrow()
  })

  it('draws queryIDs of 32 hex digits, each new', () => {
    const ids = Array.from({ length: 600 }, newQueryID)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('yields to what waits', async () => {
    const order: string[] = []
    setTimeout(() => order.push('timer'), 0)
    await new Promise((resolve) => setTimeout(resolve, 1))
    const turn = nextTurn().then(() => order.push('turn'))
    queueMicrotask(() => order.push('microtask'))
    await turn
    expect(order).toEqual(['timer', 'microtask', 'turn'])
  })
})
