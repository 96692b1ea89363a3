import { mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { closeDatabase, type Database, databaseFile, openDatabase, transaction } from './db/database.ts'
import { FALLBACK_CHECKPOINT_PAGES, WalCheckpoints } from './wal-checkpoints.ts'

const opened: Array<{ close(): void }> = []
afterEach(() => {
  for (const each of opened.splice(0)) each.close()
})

/** A serving process's connection, as it opens under the supervisor, with ~1 MB committed in 50 commits. */
function servingConnection(): { dir: string; db: Database } {
  const dir = mkdtempSync(join(tmpdir(), 'wal-checkpoints-'))
  const db = openDatabase(dir, { checkpointPages: FALLBACK_CHECKPOINT_PAGES })
  opened.push({ close: () => closeDatabase(db) })
  db.exec('CREATE TABLE filler (text TEXT)')
  const insert = db.prepare('INSERT INTO filler (text) VALUES (?)')
  for (let commit = 0; commit < 50; commit++) {
    transaction(db, () => {
      for (let i = 0; i < 20; i++) insert.run('x'.repeat(1000))
    })
  }
  return { dir, db }
}

const databaseSize = (dir: string): number => statSync(databaseFile(dir)).size

describe('the supervisor folding the write-ahead log in', () => {
  it('leaves a serving process’s commits below the fallback limit to it', () => {
    const { dir } = servingConnection()
    // Everything committed is still in the log: the serving connection folded nothing in.
    expect(databaseSize(dir)).toBeLessThan(100 * 1024)
    expect(statSync(`${databaseFile(dir)}-wal`).size).toBeGreaterThan(1024 * 1024)
  })

  it('folds the log into the database file on its schedule', async () => {
    const { dir, db } = servingConnection()
    const checkpoints = new WalCheckpoints(dir, (error) => {
      throw error
    })
    opened.push({ close: () => checkpoints.stop() })
    checkpoints.start(10)
    const deadline = Date.now() + 5000
    while (databaseSize(dir) < 1024 * 1024 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(databaseSize(dir)).toBeGreaterThan(1024 * 1024)
    // Once folded in, the serving process's next commits start the log over: it stays small.
    const insert = db.prepare('INSERT INTO filler (text) VALUES (?)')
    const before = statSync(`${databaseFile(dir)}-wal`).size
    for (let commit = 0; commit < 10; commit++) {
      transaction(db, () => insert.run('y'.repeat(1000)))
      checkpoints.checkpoint()
    }
    expect(statSync(`${databaseFile(dir)}-wal`).size).toBeLessThanOrEqual(before)
    expect(db.prepare('SELECT COUNT(*) AS n FROM filler').get()).toEqual({ n: 1010 })
  })

  it('reports a database it cannot open, and goes on (once a minute while it fails)', () => {
    const errors: unknown[] = []
    // A DATA_DIR beneath a file cannot be made.
    const file = join(mkdtempSync(join(tmpdir(), 'wal-checkpoints-')), 'a-file')
    writeFileSync(file, '')
    const checkpoints = new WalCheckpoints(join(file, 'data'), (error) => errors.push(error))
    checkpoints.checkpoint()
    checkpoints.checkpoint()
    checkpoints.stop()
    expect(errors).toHaveLength(1)
  })
})
