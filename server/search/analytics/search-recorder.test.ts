import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../db/database.ts'
import { type LoggedSearch, SearchLogStore } from '../store/search-log-store.ts'
import { SearchRecorder } from './search-recorder.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const dirs: string[] = []
const dbs: Database[] = []

function store(): SearchLogStore {
  const dir = mkdtempSync(join(tmpdir(), 'bf-recorder-'))
  dirs.push(dir)
  const db = openDatabase(dir)
  dbs.push(db)
  return new SearchLogStore(db)
}

afterEach(() => {
  for (const db of dbs.splice(0)) db.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const search = (query: string, at = Date.now()): LoggedSearch => ({
  at,
  index: 'stations',
  query,
  nbHits: 3,
  page: 0,
  hitsPerPage: 20,
  hitIDs: ['1', '2', '3'],
  analyticsTags: [],
})

const all = (log: SearchLogStore) => log.list('stations', 0, Number.MAX_SAFE_INTEGER, { hits: true })

describe('search recorder', () => {
  it('writes queued searches after its interval, not during the search', async () => {
    const log = store()
    const recorder = new SearchRecorder(log, { flushAfterMs: 20 })
    recorder.record(search('kiel'))
    expect(all(log)).toEqual([])
    await expect.poll(() => all(log).map((s) => s.query)).toEqual(['kiel'])
  })

  it('writes a full batch right after the search that filled it', async () => {
    const log = store()
    const recorder = new SearchRecorder(log, { flushAfterMs: 60_000, flushAtSize: 3 })
    for (const query of ['a', 'b', 'c']) recorder.record(search(query))
    await new Promise((resolve) => setImmediate(resolve))
    expect(all(log).map((s) => s.query)).toEqual(['a', 'b', 'c'])
    recorder.close()
  })

  it('writes what is queued when closed, and takes nothing after', () => {
    const log = store()
    const recorder = new SearchRecorder(log, { flushAfterMs: 60_000 })
    recorder.record(search('rostock'))
    recorder.close()
    recorder.record(search('late'))
    expect(all(log)).toMatchObject([{ query: 'rostock', hitIDs: ['1', '2', '3'] }])
  })

  it('prunes searches past the retention period', () => {
    const log = store()
    const recorder = new SearchRecorder(log, { retentionDays: 90 })
    const now = Date.now()
    log.append([search('old', now - 91 * DAY_MS), search('recent', now - 89 * DAY_MS)])
    expect(recorder.prune(now)).toBe(1)
    expect(all(log).map((s) => s.query)).toEqual(['recent'])
  })
})
