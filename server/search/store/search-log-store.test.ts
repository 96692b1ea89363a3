// The search log's background write does not wait for another process's write lock: it says the
// database is busy and writes nothing, and the caller tries again later.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loggedSearch as search } from '../../../tests/helpers/logged-search.ts'
import { closeDatabase, type Database, databaseFile, openDatabase } from '../../db/database.ts'
import { SearchLogStore } from './search-log-store.ts'

let dir: string
let db: Database
/** Another serving process's connection to the same database. */
let other: DatabaseSync

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'search-log-store-'))
  db = openDatabase(dir)
  other = new DatabaseSync(databaseFile(dir))
})

afterEach(() => {
  other.close()
  closeDatabase(db)
  rmSync(dir, { recursive: true, force: true })
})

const queries = (store: SearchLogStore) => store.list('stations', 0, Date.now() + 1).map((s) => s.query)

describe('search log store', () => {
  it('writes nothing and says so while another connection holds the write lock', () => {
    const store = new SearchLogStore(db)
    other.exec('BEGIN IMMEDIATE')
    // The holder runs on this very thread: waiting for it would end only in "database is locked".
    expect(store.appendIfFree([search('kiel'), search('rostock')])).toBeUndefined()
    other.exec('COMMIT')
    expect(queries(store)).toEqual([])
    expect(store.appendIfFree([search('kiel'), search('rostock')])).toEqual({ refused: 0 })
    expect(queries(store)).toEqual(['kiel', 'rostock'])
  })

  it('leaves out only a search the table cannot hold, and writes the rest of its batch', () => {
    const store = new SearchLogStore(db)
    // 1e20 is an integer to JavaScript, but SQLite stores it as a float, which an INTEGER column refuses.
    const unstorable = { ...search('bonn'), page: 1e20 }
    expect(store.append([search('kiel'), unstorable, search('rostock')])).toEqual({ refused: 1 })
    expect(store.appendIfFree([search('ulm'), unstorable])).toEqual({ refused: 1 })
    expect(queries(store)).toEqual(['kiel', 'rostock', 'ulm'])
  })

  it('leaves the other writes waiting for the lock as before', () => {
    const store = new SearchLogStore(db)
    other.exec('BEGIN IMMEDIATE')
    expect(store.appendIfFree([search('kiel')])).toBeUndefined()
    other.exec('COMMIT')
    expect(db.prepare('PRAGMA busy_timeout').get()).toEqual({ timeout: 5000 })
  })
})
