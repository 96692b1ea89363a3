import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { rememberAnswer, rememberedAnswer } from './remembered-answers.ts'

class MemoryStorage {
  readonly items = new Map<string, string>()
  full = false
  getItem(key: string): string | null {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    this.items.set(key, value)
  }
}

const recommend = (objectID: string) => ({
  method: 'POST',
  url: 'http://localhost:3000/1/indexes/*/recommendations?x-algolia-agent=lite',
  body: JSON.stringify({ requests: [{ indexName: 'stations', objectID, model: 'related-products' }] }),
})

let storage: MemoryStorage

beforeEach(() => {
  storage = new MemoryStorage()
  vi.stubGlobal('localStorage', storage)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('recommendations seen before, for offline', () => {
  it('gives the last answer of the same request back, and nothing for another', () => {
    rememberAnswer(recommend('8000207'), '{"results":[1]}')
    rememberAnswer(recommend('8000207'), '{"results":[2]}')
    expect(rememberedAnswer(recommend('8000207'))).toBe('{"results":[2]}')
    expect(rememberedAnswer(recommend('8011160'))).toBeUndefined()
  })

  it('keeps only recommendation requests, not searches or records', () => {
    const search = { ...recommend('1'), url: 'http://localhost:3000/1/indexes/*/queries' }
    rememberAnswer(search, '{"results":[]}')
    rememberAnswer({ method: 'GET', url: '/1/indexes/stations/1' }, '{}')
    expect(rememberedAnswer(search)).toBeUndefined()
    expect(storage.items.size).toBe(0)
  })

  it('keeps the newest 30, and a full or unreadable storage breaks nothing', () => {
    for (let n = 0; n < 35; n += 1) rememberAnswer(recommend(String(n)), `{"n":${n}}`)
    expect(rememberedAnswer(recommend('4'))).toBeUndefined()
    expect(rememberedAnswer(recommend('5'))).toBe('{"n":5}')
    expect(rememberedAnswer(recommend('34'))).toBe('{"n":34}')
    storage.full = true
    expect(() => rememberAnswer(recommend('99'), '{}')).not.toThrow()
    storage.items.set('bahnhofsfinder:remembered-answers', '{kaputt')
    expect(rememberedAnswer(recommend('34'))).toBeUndefined()
  })
})
