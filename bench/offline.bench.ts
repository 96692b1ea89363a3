// `npm run bench:offline`: what searching on the device costs, for the stations index:
// - the snapshot's size, raw and brotli (quality 11), against a budget of 400 KB compressed;
// - OfflineSearch's code bundled and minified (rolldown), raw and brotli, against 60 KB compressed;
// - the time to build the engines from the snapshot (parsed JSON in hand), median of the rounds;
// - each recorded request of tests/search/offline-queries.json answered offline: p50 and p95.
//   BENCH_OFFLINE_ROUNDS (5)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { rolldown } from 'rolldown'
import { OfflineSearch } from '../search-core/execution/offline-search.ts'
import { openDatabase } from '../server/db/database.ts'
import type { IndexSnapshot } from '../server/search/service/index-snapshot.ts'
import { SearchService } from '../server/search/service/search-service.ts'
import { SearchStore } from '../server/search/store/search-store.ts'
import { TaskStore } from '../server/search/store/task-store.ts'
import { importStations } from '../server/stations/import-stations.ts'

const rounds = Number(process.env.BENCH_OFFLINE_ROUNDS ?? 5)
const SNAPSHOT_BUDGET_KB = 400
const CODE_BUDGET_KB = 60

const brotli = (bytes: Uint8Array | string): number =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`
const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}
const verdict = (value: number, budget: number): string =>
  value <= budget * 1024 ? `within ${budget} KB` : `OVER ${budget} KB`

async function stationsSnapshot(): Promise<IndexSnapshot> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-offline-'))
  const db = openDatabase(dir)
  try {
    const store = new SearchStore(db)
    await importStations(store)
    const service = new SearchService(store, new TaskStore(db))
    await service.load()
    const snapshot = service.snapshot('stations')
    service.close()
    return snapshot
  } finally {
    db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function bundledCode(): Promise<string> {
  const bundle = await rolldown({
    input: join(import.meta.dirname, 'offline-entry.ts'),
    platform: 'browser',
    logLevel: 'silent',
  })
  const { output } = await bundle.generate({ format: 'esm', minify: true })
  await bundle.close()
  return output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('')
}

const snapshot = await stationsSnapshot()
const text = JSON.stringify(snapshot)
const code = await bundledCode()
if (/\bnode:|\brequire\(/.test(code)) throw new Error('the browser bundle of offline search reaches Node')

const builds: number[] = []
let offline: OfflineSearch | undefined
for (let round = 0; round < rounds; round++) {
  const parsed = JSON.parse(text) as IndexSnapshot
  const started = performance.now()
  offline = new OfflineSearch(parsed)
  builds.push(performance.now() - started)
}

const recorded = JSON.parse(
  readFileSync(join(import.meta.dirname, '../tests/search/offline-queries.json'), 'utf8'),
) as Array<{ source: string; body: unknown }>
const times: number[] = []
const bySource = new Map<string, number[]>()
for (let round = 0; round <= rounds; round++) {
  for (const { source, body } of recorded) {
    const started = performance.now()
    await offline?.multiQuery(structuredClone(body))
    // The first round warms the engines and the JIT up; it is not counted.
    if (round === 0) continue
    const took = performance.now() - started
    times.push(took)
    bySource.set(source, [...(bySource.get(source) ?? []), took])
  }
}

const snapshotBrotli = brotli(text)
const codeBrotli = brotli(code)
console.log(
  `stations snapshot (${snapshot.records.length} records, ${snapshot.replicas.length} replicas, version ${snapshot.version})`,
)
console.log(
  `  raw ${kb(Buffer.byteLength(text))}, brotli 11 ${kb(snapshotBrotli)} (${verdict(snapshotBrotli, SNAPSHOT_BUDGET_KB)})`,
)
console.log(`offline search code, bundled and minified`)
console.log(
  `  raw ${kb(Buffer.byteLength(code))}, brotli 11 ${kb(codeBrotli)} (${verdict(codeBrotli, CODE_BUDGET_KB)})`,
)
console.log(`engines built from the snapshot: median ${percentile(builds, 50).toFixed(0)} ms of ${rounds}`)
console.log(
  `a recorded request answered offline (${recorded.length} requests × ${rounds}): p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, max ${Math.max(...times).toFixed(1)} ms`,
)
const slowest = [...bySource].sort(([, a], [, b]) => percentile(b, 95) - percentile(a, 95)).slice(0, 4)
console.log(
  `  slowest kinds (p95): ${slowest.map(([source, kind]) => `${source} ${percentile(kind, 95).toFixed(1)} ms`).join(', ')}`,
)
