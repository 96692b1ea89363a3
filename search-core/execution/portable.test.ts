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
    const ids = Array.from({ length: 600 }, () => newQueryID())
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/)
    expect(new Set(ids).size).toBe(ids.length)
    // Within one millisecond, 80 random bits tell them apart.
    const sameTime = Array.from({ length: 600 }, () => newQueryID(1_800_000_000_000))
    expect(new Set(sameTime.map((id) => id.slice(12))).size).toBe(sameTime.length)
  })

  it('orders queryIDs by the time they were drawn (the search log index appends)', () => {
    const times = [0, 1, 999, 1_800_000_000_000, 1_800_000_000_001, 1_900_000_000_000, 16 ** 12 - 1]
    const ids = times.map((t) => newQueryID(t))
    expect([...ids].sort()).toEqual(ids)
    expect(ids[3]?.slice(0, 12)).toBe((1_800_000_000_000).toString(16).padStart(12, '0'))
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
