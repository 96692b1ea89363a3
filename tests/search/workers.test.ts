// Several processes serving one DATA_DIR (WORKERS=2): a write acknowledged by one process and
// reported published by `waitTask` is seen by whichever process answers the next search, over new
// connections each time (the cluster hands each to the next process in turn); every process lists
// the same indexes; the processes share the keys' rate limits and the analytics of every search,
// and the supervisor folds the database's write-ahead log in for all.
import { readFileSync, statSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseFile } from '../../server/db/database.ts'
import { type RunningServer, startServer } from '../e2e/server-process.ts'

const ADMIN_KEY = 'workers-test-admin-key-0123456789'
const APP_ID = 'bahnhofsfinder'
let server: RunningServer

interface Answer {
  status: number
  body: Record<string, unknown>
}

/** One request on a connection of its own (no keep-alive pool: every request may meet another process). */
function call(method: string, path: string, body?: unknown, key = ADMIN_KEY): Promise<Answer> {
  const url = new URL(path, server.url)
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        agent: false,
        headers: {
          connection: 'close',
          'x-algolia-application-id': APP_ID,
          'x-algolia-api-key': key,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }))
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

async function waitTask(index: string, taskID: unknown): Promise<void> {
  for (;;) {
    const answer = await call('GET', `/1/indexes/${index}/task/${taskID}`)
    if (answer.body.status === 'published') return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

beforeAll(async () => {
  // At info, each process says when it serves (readyProcesses counts it). The operator sets one of
  // the allocator's settings; the supervisor sets the other (docs/operations.md).
  server = await startServer({
    env: {
      WORKERS: '2',
      SEARCH_ADMIN_KEY: ADMIN_KEY,
      LOG_LEVEL: 'info',
      MALLOC_TRIM_THRESHOLD_: '262144',
    },
  })
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

describe('two processes serving one store', () => {
  it('answers from more than one process', async () => {
    // The server names no process; a write's task ID is answered by whichever logs it, and both
    // processes answer searches, so distinct connections must keep working whichever answers.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/1/indexes/stations/query', { query: 'köln', hitsPerPage: 1 }),
      ),
    )
    expect(answers.every((answer) => answer.status === 200 && Number(answer.body.nbHits) > 0)).toBe(true)
  })

  it('starts its serving processes with the allocator settings that keep them small', () => {
    // The supervisor's children, as the kernel lists them (Linux).
    const children = readFileSync(`/proc/${server.process.pid}/task/${server.process.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
    expect(children.length).toBeGreaterThanOrEqual(2)
    for (const child of children) {
      const environment = readFileSync(`/proc/${child}/environ`, 'utf8').split('\0')
      expect(environment).toContain('MALLOC_ARENA_MAX=2')
      // The operator's own setting wins.
      expect(environment).toContain('MALLOC_TRIM_THRESHOLD_=262144')
    }
  })

  it('shows a write after waitTask on every connection, from every process', async () => {
    for (let round = 0; round < 5; round++) {
      const name = `Wolkenkuckucksheim ${round} Hbf`
      const write = await call('POST', '/1/indexes/stations/batch', {
        requests: [
          { action: 'addObject', body: { objectID: `workers-${round}`, name, city: 'Nirgendwo', weight: 1 } },
        ],
      })
      expect(write.status).toBe(200)
      await waitTask('stations', write.body.taskID)
      const reads = await Promise.all(
        Array.from({ length: 16 }, () =>
          call('POST', '/1/indexes/stations/query', { query: `wolkenkuckucksheim ${round}` }),
        ),
      )
      for (const read of reads) expect(read.body.nbHits).toBe(1)
      const objects = await Promise.all(
        Array.from({ length: 8 }, () => call('GET', `/1/indexes/stations/workers-${round}`)),
      )
      for (const object of objects) expect(object.body.name).toBe(name)
    }
  })

  it('shows a large batch after waitTask on every connection, however long the other process takes to apply it', async () => {
    // A few thousand records keep a process busy for a while after the writer has committed them.
    for (const [round, word] of ['ahornweg', 'birkenallee', 'zedernplatz'].entries()) {
      const records = Array.from({ length: 4000 }, (_, i) => ({
        objectID: `bulk-${round}-${i}`,
        title: `Gleis ${i} ${word}`,
        description: `Bahnsteig ${i % 97} Abschnitt ${i % 13}`,
      }))
      const write = await call('POST', '/1/indexes/workers_bulk/batch', {
        requests: records.map((body) => ({ action: 'addObject', body })),
      })
      expect(write.status).toBe(200)
      await waitTask('workers_bulk', write.body.taskID)
      const reads = await Promise.all(
        Array.from({ length: 8 }, () =>
          call('POST', '/1/indexes/workers_bulk/query', { query: word, hitsPerPage: 0 }),
        ),
      )
      for (const read of reads) expect(read.body.nbHits).toBe(4000)
    }
  })

  it('shows a settings change and a deletion after waitTask on every connection', async () => {
    const settings = await call('PUT', '/1/indexes/workers_settings/settings', {
      searchableAttributes: ['title'],
    })
    await waitTask('workers_settings', settings.body.taskID)
    const save = await call('POST', '/1/indexes/workers_settings/batch', {
      requests: [
        { action: 'addObject', body: { objectID: 'a', title: 'Nordstern' } },
        { action: 'addObject', body: { objectID: 'b', title: 'Südstern' } },
      ],
    })
    await waitTask('workers_settings', save.body.taskID)
    const removal = await call('DELETE', '/1/indexes/workers_settings/a')
    await waitTask('workers_settings', removal.body.taskID)
    const reads = await Promise.all(
      Array.from({ length: 16 }, () => call('POST', '/1/indexes/workers_settings/query', { query: '' })),
    )
    for (const read of reads)
      expect((read.body.hits as { objectID: string }[]).map((hit) => hit.objectID)).toEqual(['b'])
  })

  it('lists the same indexes with the same entries from every process', async () => {
    // One after another: the cluster hands each new connection to the next process.
    const listed = async () => {
      const answers: string[] = []
      for (let i = 0; i < 8; i++) {
        const items = (await call('GET', '/1/indexes')).body.items as { name: string; entries: number }[]
        answers.push(JSON.stringify(items.map(({ name, entries }) => [name, entries])))
      }
      return answers
    }
    // /healthz answers once the first process serves: the other listens once it has loaded.
    await expect.poll(() => server.readyProcesses(), { timeout: 60_000 }).toBe(2)
    // Both processes list (and keep the counts) before the write, and after it.
    expect(new Set(await listed()).size).toBe(1)
    const write = await call('POST', '/1/indexes/workers_listed/batch', {
      requests: [{ action: 'addObject', body: { objectID: 'one', title: 'Ostkreuz' } }],
    })
    await waitTask('workers_listed', write.body.taskID)
    expect(new Set(await listed()).size).toBe(1)
    const more = await call('POST', '/1/indexes/workers_listed/batch', {
      requests: [{ action: 'addObject', body: { objectID: 'two', title: 'Westkreuz' } }],
    })
    await waitTask('workers_listed', more.body.taskID)
    const after = await listed()
    expect(new Set(after).size).toBe(1)
    expect(after[0]).toContain('["workers_listed",2]')
  })

  it('has the supervisor fold the write-ahead log into the database file', async () => {
    // In WAL mode only a checkpoint writes the database file. A serving process folds the log in
    // only past 1,000 pages: a small write is folded in by the supervisor, within its 100 ms.
    const file = databaseFile(server.dataDir)
    const before = statSync(file).mtimeMs
    await new Promise((resolve) => setTimeout(resolve, 20))
    const write = await call('POST', '/1/indexes/stations/batch', {
      requests: [{ action: 'addObject', body: { objectID: 'workers-folded', name: 'Faltweg', weight: 1 } }],
    })
    await waitTask('stations', write.body.taskID)
    const deadline = Date.now() + 3000
    while (statSync(file).mtimeMs === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(statSync(file).mtimeMs).toBeGreaterThan(before)
  })

  it('counts a key’s queries per IP and hour in one place', async () => {
    const made = await call('POST', '/1/keys', { acl: ['search'], maxQueriesPerIPPerHour: 10 })
    const key = String(made.body.key)
    // The key becomes usable once its task is published (keys are not tasks here: poll until it works).
    for (;;) {
      if ((await call('POST', '/1/indexes/stations/query', { query: '' }, key)).status !== 403) break
    }
    const statuses: number[] = []
    for (let i = 0; i < 20; i++)
      statuses.push((await call('POST', '/1/indexes/stations/query', { query: '' }, key)).status)
    // 10 allowed in all (one already spent above), whichever process answered each.
    expect(statuses.filter((status) => status === 200)).toHaveLength(9)
    expect(statuses.filter((status) => status === 429)).toHaveLength(11)
  })

  it('reports every search in the analytics, whichever process answered it', async () => {
    const userToken = `workers-user-${Date.now()}`
    const query = 'zugspitzbahn'
    for (let i = 0; i < 12; i++) {
      await call('POST', '/1/indexes/stations/query', { query: `${query}${i}`, userToken, analytics: true })
    }
    const report = await call('GET', `/2/searches?index=stations&limit=1000`)
    const searches = (report.body.searches as { search: string }[]).filter((row) =>
      row.search.startsWith(query),
    )
    expect(searches).toHaveLength(12)
  })

  it('answers one scrape of /metrics for the whole server, each sample labelled with its process', async () => {
    // A scrape on a connection of its own: any process may answer it.
    const scrape = (): Promise<string> =>
      new Promise((resolve, reject) => {
        const req = httpRequest(
          new URL('/metrics', server.url),
          { agent: false, headers: { connection: 'close', authorization: `Bearer ${ADMIN_KEY}` } },
          (res) => {
            let text = ''
            res.on('data', (chunk) => {
              text += chunk
            })
            res.on('end', () => resolve(text))
          },
        )
        req.on('error', reject)
        req.end()
      })
    const startTimes = (text: string): Record<string, string> =>
      Object.fromEntries(
        [...text.matchAll(/^process_start_time_seconds\{process="([^"]+)"\} (\S+)$/gm)].map((m) => [
          m[1],
          m[2],
        ]),
      )
    const scrapes = await Promise.all(Array.from({ length: 8 }, scrape))
    const first = startTimes(scrapes[0]!)
    expect(Object.keys(first).sort()).toEqual(['follower-1', 'writer'])
    for (const text of scrapes) {
      // The same two processes in every scrape, whichever answered, and one HELP line per metric.
      expect(startTimes(text)).toEqual(first)
      expect(text.match(/^# HELP process_start_time_seconds /gm)).toHaveLength(1)
    }
  })
})
