import { describe, expect, it } from 'vitest'
import { seededRandom as random } from '../../tests/helpers/station-index.ts'
import { Projection, RecordStore } from './record-store.ts'
import type { SearchRecord } from './types.ts'

// Strings that look like JSON structure, escapes and text beyond ASCII.
const TRICKY = [
  'a,b',
  '[x]',
  '{"y":1}',
  'quote " inside',
  'back\\slash\\',
  'München',
  'Straße 🚉',
  '',
  '\\"',
  '\n\t',
]
const KEYS = ['name', 'city', 'tags', 'geo', 'count', 'flag', 'nested', 'empty', 'Ünïcode', 'a.b']

function randomValue(next: () => number, depth: number): unknown {
  const kind = Math.floor(next() * (depth > 2 ? 5 : 7))
  switch (kind) {
    case 0:
      return TRICKY[Math.floor(next() * TRICKY.length)]
    case 1:
      return Math.round(next() * 1e6) / 100
    case 2:
      return next() < 0.5
    case 3:
      return null
    case 4:
      return `${TRICKY[Math.floor(next() * TRICKY.length)]}${Math.floor(next() * 100)}`
    case 5:
      return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1))
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(next() * 3) }, (_, i) => [
          TRICKY[i] ?? `k${i}`,
          randomValue(next, depth + 1),
        ]),
      )
  }
}

function randomRecord(next: () => number, i: number): SearchRecord {
  const record: SearchRecord = { objectID: `r${i}` }
  // A few shapes: most records share their keys, some differ in order or in which keys they have.
  const keys = next() < 0.7 ? KEYS : KEYS.filter(() => next() < 0.6).reverse()
  for (const key of keys) record[key] = randomValue(next, 0)
  return record
}

describe('RecordStore', () => {
  it('gives every record back as it was saved, key order included', () => {
    const next = random(7)
    const store = new RecordStore()
    const records = Array.from({ length: 500 }, (_, i) => randomRecord(next, i))
    for (const record of records) store.append(record)
    records.forEach((record, slot) => {
      const back = store.get(slot)
      expect(back).toEqual(record)
      expect(Object.keys(back ?? {})).toEqual(Object.keys(record))
    })
  })

  it('decodes a subset of attributes exactly as picking them from the whole record', () => {
    const next = random(11)
    const store = new RecordStore()
    const records = Array.from({ length: 500 }, (_, i) => randomRecord(next, i))
    for (const record of records) store.append(record)
    for (let round = 0; round < 20; round++) {
      const names = [...KEYS, 'objectID', 'missing'].filter(() => next() < 0.4)
      const projection = new Projection(names)
      records.forEach((record, slot) => {
        const expected = Object.fromEntries(Object.entries(record).filter(([key]) => names.includes(key)))
        expect(store.getSome(slot, projection)).toEqual(expected)
      })
    }
  })

  it('decodes a hit in two parts: the returned attributes as one object, the extras beside it', () => {
    const next = random(13)
    const store = new RecordStore()
    const records = Array.from({ length: 500 }, (_, i) => randomRecord(next, i))
    for (const record of records) store.append(record)
    for (let round = 0; round < 20; round++) {
      const names = [...KEYS, 'objectID', 'missing'].filter(() => next() < 0.5)
      const returned = names.filter(() => next() < 0.6)
      const projection = new Projection(names, returned)
      const extras = names.filter((name) => !returned.includes(name))
      expect(projection.extras).toEqual(extras)
      records.forEach((record, slot) => {
        const parts = store.getHitParts(slot, projection)
        const object = Object.fromEntries(Object.entries(record).filter(([key]) => returned.includes(key)))
        // An extra the record lacks reads as null, which highlighting skips like a missing value.
        expect(parts).toEqual([object, ...extras.map((name) => record[name] ?? null)])
        // In the record's key order, as a whole record would list them.
        expect(Object.keys(parts?.[0] ?? {})).toEqual(Object.keys(object))
      })
    }
  })

  it('keeps records whose values an array cannot carry as whole objects', () => {
    const store = new RecordStore()
    const withUndefined = { objectID: 'u', name: 'x', gone: undefined } as unknown as SearchRecord
    const withProto = JSON.parse('{"objectID":"p","__proto__":{"polluted":true},"name":"y"}') as SearchRecord
    store.append(withUndefined)
    store.append(withProto)
    expect(store.get(0)).toEqual({ objectID: 'u', name: 'x' })
    const proto = store.get(1) as Record<string, unknown>
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype)
    expect(Object.keys(proto)).toEqual(['objectID', '__proto__', 'name'])
    expect(store.getSome(1, new Projection(['name']))).toMatchObject({ name: 'y' })
    // A record kept whole has no parts: the caller reads it whole.
    expect(store.getHitParts(1, new Projection(['name'], ['name']))).toBeUndefined()
  })

  it('answers nothing for a removed slot', () => {
    const store = new RecordStore()
    store.append({ objectID: 'a', name: 'x' })
    store.remove(0)
    expect(store.get(0)).toBeUndefined()
    expect(store.getSome(0, new Projection(['name']))).toBeUndefined()
    expect(store.getHitParts(0, new Projection(['name'], ['name']))).toBeUndefined()
  })
})
