import { describe, expect, it } from 'vitest'
import { KeptEntries } from './kept-entries.ts'

describe('kept entries', () => {
  it('answers only at the generation and before the time it was kept for', () => {
    const cache = new KeptEntries<string>(1024 * 1024)
    cache.set('k', 'v', 10, 7, 2_000)
    expect(cache.get('k', 7, 1_000)).toBe('v')
    expect(cache.get('k', 8, 1_000)).toBeUndefined()
    // A stale entry is dropped, not kept for the old generation.
    expect(cache.get('k', 7, 1_000)).toBeUndefined()
    cache.set('k', 'v', 10, 7, 2_000)
    expect(cache.get('k', 7, 2_000)).toBeUndefined()
    expect(cache.size).toBe(0)
    expect(cache.bytes).toBe(0)
    expect([cache.hits, cache.misses]).toEqual([1, 3])
  })

  it('drops the least recently used entries to stay within its bytes, and keeps no large entry', () => {
    // Each entry: 90 bytes and a key of 6 characters (12 bytes); a sixteenth of the budget is 102.
    const cache = new KeptEntries<number>(16 * 102)
    for (let i = 0; i < 20; i++)
      cache.set(`key ${String(i).padStart(2, '0')}`, i, 90, 1, Number.POSITIVE_INFINITY)
    expect(cache.bytes).toBe(16 * 102)
    expect(cache.get('key 00', 1)).toBeUndefined()
    expect(cache.get('key 03', 1)).toBeUndefined()
    expect(cache.get('key 04', 1)).toBe(4)
    expect(cache.get('key 19', 1)).toBe(19)
    const kept = cache.size
    // Used, so kept when the next ones come.
    expect(cache.get('key 05', 1)).toBe(5)
    cache.set('key 20', 20, 90, 1, Number.POSITIVE_INFINITY)
    cache.set('key 21', 21, 90, 1, Number.POSITIVE_INFINITY)
    expect(cache.get('key 05', 1)).toBe(5)
    expect(cache.get('key 06', 1)).toBeUndefined()
    expect(cache.size).toBe(kept)
    // More than a sixteenth of the budget: not kept, nothing dropped for it.
    cache.set('big', -1, 97, 1, Number.POSITIVE_INFINITY)
    expect(cache.get('big', 1)).toBeUndefined()
    expect(cache.size).toBe(kept)
  })
})
