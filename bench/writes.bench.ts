// `npm run bench:writes`: how fast a write is acknowledged and published. Two parts:
// 1. over HTTP, the production server in its own process: a batch of 1,000 changed records into
//    the 5,388 stations without replicas and with 12 replicas (6 standard, 6 virtual): time to the
//    answer (acknowledged) and until `GET …/task/{taskID}` says `published`;
// 2. in this process, applying that batch to the index with 12 replicas with the engine's former
//    policy (a write compacts every engine past 25 % tombstones at once: "before") and the current
//    one (only the changed records; compaction later, when idle: "after").
//   BENCH_WRITES_ROUNDS (5)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SearchIndex } from '../search-core/engine/search-index.ts'
import type { IndexSettings, SearchRecord } from '../search-core/engine/types.ts'
import { openDatabase } from '../server/db/database.ts'
import { type BatchOperation, SearchService } from '../server/search/service/search-service.ts'
import { SearchStore } from '../server/search/store/search-store.ts'
import { TaskStore } from '../server/search/store/task-store.ts'
import { importStations } from '../server/stations/import-stations.ts'
import { readStations, STATIONS_SETTINGS } from '../server/stations/station-records.ts'
import { startServer } from '../tests/e2e/server-process.ts'

const rounds = Number(process.env.BENCH_WRITES_ROUNDS ?? 5)
const ADMIN_KEY = 'bench-writes-admin-key-0123456789'
const BATCH = 1000
const ACK_TARGET_MS = 50
const PUBLISH_TARGET_MS = 1000

const { replicas: _replicas, ...BASE_SETTINGS } = STATIONS_SETTINGS
const REPLICAS = Array.from({ length: 12 }, (_, i) => (i % 2 === 1 ? `virtual(many_r${i})` : `many_r${i}`))
/** Each replica sorts differently: standard ones by a ranking criterion first, virtual ones by customRanking. */
function replicaSettings(i: number): IndexSettings {
  const attribute = ['weight', 'category', 'name'][i % 3]!
  const order = i % 4 < 2 ? 'desc' : 'asc'
  return i % 2 === 1
    ? { customRanking: [`${order}(${attribute})`] }
    : {
        ranking: [
          `${order}(${attribute})`,
          'typo',
          'geo',
          'words',
          'filters',
          'proximity',
          'attribute',
          'exact',
          'custom',
        ],
      }
}

const stations: SearchRecord[] = []
for await (const record of readStations()) stations.push(record as unknown as SearchRecord)

/** Round r changes the first 1,000 stations' weight (every round writes new values). */
function changedRecords(round: number): SearchRecord[] {
  return stations.slice(0, BATCH).map((record, i) => ({ ...record, weight: round * 10_000 + i }))
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
const ms = (value: number): string => `${value.toFixed(1)} ms`
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis))

// --- 1. over HTTP -------------------------------------------------------------------------------

async function overHttp(): Promise<Map<string, { ack: number[]; publish: number[] }>> {
  const server = await startServer({ env: { LOG_LEVEL: 'warn', SEARCH_ADMIN_KEY: ADMIN_KEY } })
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        'x-algolia-application-id': 'bahnhofsfinder',
        'x-algolia-api-key': ADMIN_KEY,
        'content-type': 'application/json',
      },
      body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
  const published = async (index: string, taskID: number): Promise<void> => {
    for (;;) {
      const { status } = await call<{ status: string }>('GET', `/1/indexes/${index}/task/${taskID}`)
      if (status === 'published') return
      await sleep(2)
    }
  }
  try {
    const setup = [
      ['POST', '/1/indexes/stations/operation', { operation: 'copy', destination: 'plain' }],
      ['PUT', '/1/indexes/plain/settings', { ...BASE_SETTINGS, replicas: [] }],
      ['POST', '/1/indexes/stations/operation', { operation: 'copy', destination: 'many' }],
      ['PUT', '/1/indexes/many/settings', { ...BASE_SETTINGS, replicas: REPLICAS }],
      ...REPLICAS.map((_, i) => ['PUT', `/1/indexes/many_r${i}/settings`, replicaSettings(i)] as const),
    ] as const
    let last = 0
    for (const [method, path, body] of setup)
      last = (await call<{ taskID: number }>(method, path, body)).taskID
    await published('plain', last)
    const results = new Map<string, { ack: number[]; publish: number[] }>()
    for (let round = 1; round <= rounds; round++) {
      for (const index of ['plain', 'many']) {
        const requests = changedRecords(round).map((body) => ({ action: 'updateObject', body }))
        const body = JSON.stringify({ requests })
        const started = performance.now()
        const { taskID } = await call<{ taskID: number }>('POST', `/1/indexes/${index}/batch`, body)
        const ack = performance.now() - started
        await published(index, taskID)
        const publish = performance.now() - started
        const entry = results.get(index) ?? { ack: [], publish: [] }
        entry.ack.push(ack)
        entry.publish.push(publish)
        results.set(index, entry)
        // Let the idle compaction of the engines run before the next batch.
        await sleep(5000)
      }
    }
    return results
  } finally {
    await server.stop()
  }
}

// --- 2. in process: the former and the current replica maintenance -------------------------------

/** The former engine policy: every write compacts at once past 25 % tombstones and appends. */
class EagerCompaction extends SearchIndex {
  override save(records: SearchRecord[]): void {
    super.save(records)
    this.compact()
  }

  override remove(objectIDs: string[]): void {
    super.remove(objectIDs)
    this.compact()
  }
}

async function inProcess(eager: boolean): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-writes-'))
  try {
    const db = openDatabase(dir)
    const store = new SearchStore(db)
    await importStations(store)
    const factory = eager
      ? (settings: IndexSettings) => new EagerCompaction(settings)
      : (settings: IndexSettings) => new SearchIndex(settings)
    const service = new SearchService(store, new TaskStore(db), { factory })
    await service.load()
    service.copyIndex('stations', 'many')
    service.setSettings('many', { ...BASE_SETTINGS, replicas: REPLICAS }, false)
    for (let i = 0; i < REPLICAS.length; i++) service.setSettings(`many_r${i}`, replicaSettings(i), false)
    await service.idle()
    const times: number[] = []
    for (let round = 1; round <= rounds; round++) {
      const operations: BatchOperation[] = changedRecords(round).map((body) => ({
        action: 'updateObject',
        indexName: 'many',
        body,
      }))
      const started = performance.now()
      service.batch(operations)
      await service.idle()
      times.push(performance.now() - started)
      // Idle compaction (the current policy) runs here, between batches, as in production.
      await sleep(3000)
    }
    service.close()
    db.close()
    return times
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const http = await overHttp()
console.log(
  `\nWrites over HTTP: batch of ${BATCH} changed records into 5,388 stations, ${rounds} rounds (median / max)`,
)
console.log(`${'index'.padEnd(30)}${'acknowledged'.padEnd(26)}published`)
for (const [index, { ack, publish }] of http) {
  const label = index === 'plain' ? 'no replicas' : '12 replicas (6 std, 6 virt.)'
  console.log(
    `${label.padEnd(30)}${`${ms(median(ack))} / ${ms(Math.max(...ack))}`.padEnd(26)}${ms(median(publish))} / ${ms(Math.max(...publish))}`,
  )
}
const many = http.get('many')
if (many) {
  const ackOk = Math.max(...many.ack) <= ACK_TARGET_MS
  const publishOk = Math.max(...many.publish) <= PUBLISH_TARGET_MS
  console.log(
    `targets with 12 replicas: acknowledged ≤ ${ACK_TARGET_MS} ms ${ackOk ? 'met' : 'MISSED'}, published ≤ ${PUBLISH_TARGET_MS} ms ${publishOk ? 'met' : 'MISSED'}`,
  )
}

const before = await inProcess(true)
const after = await inProcess(false)
console.log(`\nApplying the batch to the index with 12 replicas, in process (median / max of ${rounds})`)
console.log(
  `before (each write compacts every engine at once): ${ms(median(before))} / ${ms(Math.max(...before))}`,
)
console.log(
  `after  (changed records only, compaction when idle): ${ms(median(after))} / ${ms(Math.max(...after))}`,
)
