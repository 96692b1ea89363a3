// An index's record count is kept between listings; every change of its records shows in the next
// count, whichever process made it, and a rolled-back write leaves the count as it was.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../db/database.ts'
import { SearchStore } from './search-store.ts'

let dir: string
let db: Database
let store: SearchStore

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'search-store-'))
  db = openDatabase(dir)
  store = new SearchStore(db)
})

afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const records = (...ids: string[]) => ids.map((objectID) => ({ objectID, name: objectID }))

describe('record counts', () => {
  it('follow every write to an index’s records', () => {
    store.putRecords('a', records('1', '2'))
    expect(store.recordCount('a')).toBe(2)
    store.putRecords('a', records('2', '3'))
    expect(store.recordCount('a')).toBe(3)
    store.deleteRecords('a', ['1'])
    expect(store.recordCount('a')).toBe(2)
    store.copyIndex('a', 'b')
    expect(store.recordCount('b')).toBe(2)
    store.clearRecords('a')
    expect(store.recordCount('a')).toBe(0)
    store.moveIndex('b', 'a')
    expect([store.recordCount('a'), store.recordCount('b')]).toEqual([2, 0])
    store.dropIndex('a')
    expect(store.recordCount('a')).toBe(0)
  })

  it('follow writes another process made to the database', () => {
    // Processes serving together each count through a connection of their own: the query
    // suggestions index, rebuilt by one, was listed with its old count by the other.
    const otherDb = openDatabase(dir)
    try {
      const other = new SearchStore(otherDb)
      store.putRecords('a', records('1', '2'))
      expect(other.recordCount('a')).toBe(2)
      store.putRecords('a', records('3', '4'))
      expect(other.recordCount('a')).toBe(4)
      store.clearRecords('a')
      expect(other.recordCount('a')).toBe(0)
    } finally {
      otherDb.close()
    }
  })

  it('are unchanged by a write that is rolled back, also when counted during it', () => {
    store.putRecords('a', records('1'))
    expect(store.recordCount('a')).toBe(1)
    expect(() =>
      store.transaction(() => {
        store.putRecords('a', records('2', '3'))
        expect(store.recordCount('a')).toBe(3)
        throw new Error('rolled back')
      }),
    ).toThrow('rolled back')
    expect(store.recordCount('a')).toBe(1)
  })

  it('are not part of an index’s lookup', () => {
    store.putRecords('a', records('1'))
    expect(store.hasIndex('a')).toBe(true)
    expect(store.hasIndex('b')).toBe(false)
    expect(store.getIndex('a')).not.toHaveProperty('entries')
  })
})
