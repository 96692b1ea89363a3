// Two services on one database, as two processes serving one DATA_DIR: the writer applies the log
// and records its engine changes; the follower logs writes for it and replays the changes. The
// messages between them are passed by hand here, so each step can be held back.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SearchIndex } from '../../search-core/engine/search-index.ts'
import type { IndexSettings } from '../../search-core/engine/types.ts'
import { type Database, openDatabase } from '../../server/db/database.ts'
import { type EngineChange, SearchService } from '../../server/search/service/search-service.ts'
import { SearchStore } from '../../server/search/store/search-store.ts'
import { TaskStore } from '../../server/search/store/task-store.ts'

let dir: string
let databases: Database[]
let through: number
let outbox: { taskID: number; changes: EngineChange[] }[]
let writer: SearchService
let follower: SearchService
/** Per process: the replicas whose engine took records of its own (rather than reading its primary's). */
let copies: Record<'writer' | 'follower', string[]>

/** An engine that notes the replicas' record writes. */
class NotingIndex extends SearchIndex {
  readonly #note: () => void
  constructor(settings: IndexSettings, note: () => void) {
    super(settings)
    this.#note = note
  }
  override save(records: Parameters<SearchIndex['save']>[0]): void {
    this.#note()
    super.save(records)
  }
}

function service(role: 'writer' | 'follower'): SearchService {
  const db = openDatabase(dir)
  databases.push(db)
  return new SearchService(new SearchStore(db), new TaskStore(db), {
    factory: (settings: IndexSettings) =>
      new NotingIndex(settings, () => {
        if (settings.primary) copies[role].push(`replica of ${settings.primary}`)
      }),
    shared: {
      role,
      publishedThrough: () => through,
      applied: (taskID, changes) => outbox.push({ taskID, changes: structuredClone(changes) }),
      logged: () => writer.pullLogged(),
    },
  })
}

/** The follower replays what the writer sent; the watermark moves once both hold it. */
function deliver(): void {
  for (const { taskID, changes } of outbox.splice(0)) {
    follower.replay(taskID, changes)
    through = taskID
  }
}

const names = (service: SearchService, index: string, query = ''): string[] =>
  service.search(index, { query }).hits.map((hit) => String(hit.objectID))

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shared-log-'))
  databases = []
  through = 0
  outbox = []
  copies = { writer: [], follower: [] }
  writer = service('writer')
  await writer.load()
  follower = service('follower')
})

afterEach(() => {
  writer.close()
  follower.close()
  for (const db of databases) db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a task log shared by a writer and a follower', () => {
  it('answers published only once the follower holds the write, on either side', async () => {
    await follower.load()
    const { taskIDs } = follower.batch([
      { action: 'addObject', indexName: 'shared', body: { objectID: 'a', name: 'Nord' } },
    ])
    const taskID = taskIDs.get('shared')!
    await writer.idle()
    // Applied and committed by the writer; the follower has not replayed it yet.
    expect(names(writer, 'shared')).toEqual(['a'])
    expect(writer.taskStatus(taskID)).toBe('notPublished')
    expect(follower.taskStatus(taskID)).toBe('notPublished')
    deliver()
    expect(names(follower, 'shared')).toEqual(['a'])
    expect(writer.taskStatus(taskID)).toBe('published')
    expect(follower.taskStatus(taskID)).toBe('published')
  })

  it('ends in the writer’s state when its changes arrive after the store moved on', async () => {
    await follower.load()
    writer.setSettings('late', { searchableAttributes: ['name'], customRanking: ['desc(rank)'] }, false)
    writer.batch([
      { action: 'addObject', indexName: 'late', body: { objectID: 'a', name: 'Sternwarte', rank: 1 } },
      { action: 'addObject', indexName: 'late', body: { objectID: 'b', name: 'Sternschanze', rank: 2 } },
      { action: 'addObject', indexName: 'late', body: { objectID: 'c', name: 'Sternberg', rank: 3 } },
    ])
    writer.batch([{ action: 'deleteObject', indexName: 'late', body: { objectID: 'c' } }])
    writer.batch([{ action: 'partialUpdateObject', indexName: 'late', body: { objectID: 'a', rank: 9 } }])
    await writer.idle()
    // Every task is in the store before the follower hears of the first one.
    deliver()
    expect(names(follower, 'late', 'stern')).toEqual(names(writer, 'late', 'stern'))
    expect(names(follower, 'late', 'stern')).toEqual(['a', 'b'])
    expect(follower.getObject('late', 'a')).toEqual(writer.getObject('late', 'a'))
  })

  it('skips, after loading, the tasks the store already held', async () => {
    writer.batch([{ action: 'addObject', indexName: 'early', body: { objectID: 'a', name: 'Alt' } }])
    await writer.idle()
    await follower.load()
    writer.batch([{ action: 'addObject', indexName: 'early', body: { objectID: 'b', name: 'Neu' } }])
    await writer.idle()
    deliver()
    expect(names(follower, 'early').sort()).toEqual(['a', 'b'])
    expect(follower.appliedThrough()).toBe(writer.appliedThrough())
  })
})

describe('sort replicas reading their primary’s records, in both processes', () => {
  const RANKING = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom']
  const station = (objectID: string, name: string, city: string) => ({
    action: 'addObject' as const,
    indexName: 'family',
    body: { objectID, name, city },
  })
  const both = (index: string, query = '') => {
    const answer = names(writer, index, query)
    expect(names(follower, index, query)).toEqual(answer)
    return answer
  }

  it('hold no copy of the records, follow every write, and take a copy when their data settings differ', async () => {
    await follower.load()
    writer.batch([
      station('b', 'Bonn', 'Bonn'),
      station('a', 'Aalen', 'Aalen'),
      station('c', 'Celle', 'Celle'),
    ])
    writer.setSettings(
      'family',
      { searchableAttributes: ['name'], replicas: ['family_asc', 'family_desc'] },
      false,
    )
    writer.setSettings(
      'family_asc',
      { searchableAttributes: ['name'], ranking: ['asc(name)', ...RANKING] },
      false,
    )
    writer.setSettings(
      'family_desc',
      { searchableAttributes: ['name'], ranking: ['desc(name)', ...RANKING] },
      false,
    )
    await writer.idle()
    deliver()
    expect(both('family_asc')).toEqual(['a', 'b', 'c'])
    expect(both('family_desc')).toEqual(['c', 'b', 'a'])
    // Only the primary's engines took the records; its replicas read them.
    for (const role of ['writer', 'follower'] as const)
      expect(copies[role]).not.toContain('replica of family')

    writer.batch([
      station('d', 'Aachen', 'Aachen'),
      { action: 'deleteObject', indexName: 'family', body: { objectID: 'b' } },
    ])
    await writer.idle()
    deliver()
    expect(both('family_asc')).toEqual(['d', 'a', 'c'])
    expect(both('family_desc')).toEqual(['c', 'a', 'd'])

    // Other searchable attributes build other data: that replica takes its own copy and, from then
    // on, record writes of its own.
    writer.setSettings('family_desc', { searchableAttributes: ['name', 'city'] }, false)
    writer.batch([station('e', 'Zeitz', 'Aue')])
    await writer.idle()
    deliver()
    expect(both('family_desc')).toEqual(['e', 'c', 'a', 'd'])
    expect(both('family_desc', 'aue')).toEqual(['e'])
    expect(both('family_asc', 'aue')).toEqual([])
    expect(both('family_asc')).toEqual(['d', 'a', 'c', 'e'])

    // A primary rebuilt whole (an index copied over it) brings its sharing replica along.
    writer.setSettings('source', { searchableAttributes: ['name'] }, false)
    writer.batch([{ ...station('x', 'Xanten', 'Xanten'), indexName: 'source' }])
    writer.copyIndex('source', 'family')
    writer.batch([station('f', 'Anklam', 'Anklam')])
    await writer.idle()
    deliver()
    expect(both('family')).toEqual(expect.arrayContaining(['x', 'f']))
    expect(both('family_asc')).toEqual(['f', 'x'])
    expect(both('family_desc')).toEqual(['x', 'f'])
  })
})
