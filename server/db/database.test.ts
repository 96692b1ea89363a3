import { chmodSync, mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { closeDatabase, type Database, databaseFile, openDatabase, transaction } from './database.ts'

let db: Database | undefined

afterEach(() => {
  if (db) closeDatabase(db)
  db = undefined
})

/** Writes ~2 MB in 100 small commits (as the search log and the task log write) and returns the log's size. */
function logSizeAfterWriting(configure?: (db: Database) => void): number {
  const dir = mkdtempSync(join(tmpdir(), 'database-'))
  db = openDatabase(dir)
  configure?.(db)
  db.exec('CREATE TABLE filler (text TEXT)')
  const insert = db.prepare('INSERT INTO filler (text) VALUES (?)')
  for (let commit = 0; commit < 100; commit++) {
    transaction(db, () => {
      for (let i = 0; i < 20; i++) insert.run('x'.repeat(1000))
    })
  }
  return statSync(`${databaseFile(dir)}-wal`).size
}

describe('the write-ahead log', () => {
  it('is folded into the database file every ~100 pages, so no single commit copies megabytes', () => {
    // 100 pages of 4 KB, plus the commit that crossed the mark (~5 pages).
    expect(logSizeAfterWriting()).toBeLessThan((100 + 20) * 4096)
  })

  it("grows to SQLite's default of 1,000 pages without that setting (the control for the test above)", () => {
    expect(logSizeAfterWriting((db) => db.exec('PRAGMA wal_autocheckpoint = 1000'))).toBeGreaterThan(
      1_500_000,
    )
  })
})

describe('the database files', () => {
  const modes = (dir: string) =>
    ['', '-wal', '-shm'].map((suffix) => (statSync(`${databaseFile(dir)}${suffix}`).mode & 0o777).toString(8))

  it('are readable and writable by their owner only, like credentials.json', () => {
    const dir = mkdtempSync(join(tmpdir(), 'database-'))
    db = openDatabase(dir)
    db.exec('CREATE TABLE secrets (value TEXT)')
    expect(modes(dir)).toEqual(['600', '600', '600'])
  })

  it('are made so when a database written before is opened again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'database-'))
    db = openDatabase(dir)
    db.exec('CREATE TABLE secrets (value TEXT)')
    for (const suffix of ['', '-wal', '-shm']) chmodSync(`${databaseFile(dir)}${suffix}`, 0o644)
    const other = openDatabase(dir)
    try {
      expect(modes(dir)).toEqual(['600', '600', '600'])
    } finally {
      other.close()
    }
  })
})
