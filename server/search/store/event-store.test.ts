// Insights events leave the store once they are older than the retention cut-off, by the time
// they happened (an event may arrive up to 30 days after it).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../db/database.ts'
import { EventStore } from './event-store.ts'

let dir: string
let db: Database
let store: EventStore

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'event-store-'))
  db = openDatabase(dir)
  store = new EventStore(db)
})

afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const click = (objectID: string, timestamp: number) => ({
  eventType: 'click',
  eventName: 'Treffer angeklickt',
  index: 'stations',
  userToken: 'anonymous-1',
  objectIDs: [objectID],
  timestamp,
})

describe('event retention', () => {
  it('deletes the events that happened before the cut-off and keeps the others', () => {
    const now = Date.UTC(2026, 4, 1)
    store.append([click('old', now - 10_000), click('edge', now - 5_000), click('new', now)], now)
    expect(store.prune(now - 5_000)).toBe(1)
    expect(store.list('stations').map((event) => event.objectIDs)).toEqual([['edge'], ['new']])
  })
})
