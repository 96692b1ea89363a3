// `npm run bench:engine`: one workload on our engine, Orama and MiniSearch, same records, same
// process. BENCH_SIZES=5388,100000 limits the sizes; BENCH_PEERS_MAX (default 100000) is the
// largest size the peers are built at (their 1M builds exceed the run's time and memory budget).
import { generateRecords, loadStations } from '../scripts/generate-records.ts'
import type { StationRecord } from '../server/stations/station-records.ts'
import { MiniSearchEngine } from './peers/minisearch.ts'
import { OramaEngine } from './peers/orama.ts'
import { OurEngine } from './peers/ours.ts'
import type { BenchEngine } from './peers/types.ts'
import { type QueryClass, queryClasses } from './workload.ts'

const sizes = (process.env.BENCH_SIZES ?? '5388,100000,1000000').split(',').map((s) => Number(s.trim()))
const peersMax = Number(process.env.BENCH_PEERS_MAX ?? 100_000)
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {})

interface ClassResult {
  p50: number
  p99: number
  samples: number
  note?: string
  skipped?: string
}

interface EngineResult {
  name: string
  buildMs: number
  heapPerRecord: number
  heapTotalMB: number
  classes: Map<string, ClassResult>
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p + 0.5))]!
}

function settle(): void {
  gc()
  gc()
}

async function runClass(
  engine: BenchEngine,
  cls: QueryClass,
  size: number,
  ours: boolean,
): Promise<ClassResult> {
  const reason = cls.items.map((i) => engine.unsupported(i)).find((r) => r !== undefined)
  if (reason) return { p50: Number.NaN, p99: Number.NaN, samples: 0, skipped: reason }
  const note = cls.items.map((i) => engine.note(i)).find((n) => n !== undefined)
  const iterations = size <= 10_000 ? 300 : size <= 100_000 ? 100 : 40
  const budgetMs = ours ? 30_000 : 6_000
  // Warm up (JIT) on every item: a few rounds, within a small time budget for slow peers.
  const warmStart = performance.now()
  for (
    let w = 0;
    w < cls.items.length * 5 && (w < cls.items.length || performance.now() - warmStart < 1000);
    w++
  ) {
    await engine.run(cls.items[w % cls.items.length]!)
  }
  const times: number[] = []
  const started = performance.now()
  for (let i = 0; i < iterations; i++) {
    const item = cls.items[i % cls.items.length]!
    const t = performance.now()
    await engine.run(item)
    times.push(performance.now() - t)
    if (times.length >= 5 && performance.now() - started > budgetMs) break
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), samples: times.length, note }
}

/** JS heap plus typed-array backing stores (which live outside the JS heap). */
function memory(): number {
  const m = process.memoryUsage()
  return m.heapUsed + m.arrayBuffers
}

/**
 * Builds from freshly generated records and lets them go before querying: what stays is what
 * the engine holds (documents included), and the collector is not slowed by the bench's copy.
 */
async function benchEngine(
  engine: BenchEngine,
  makeRecords: () => StationRecord[],
  classes: QueryClass[],
): Promise<EngineResult> {
  settle()
  const before = memory()
  let records: StationRecord[] | undefined = makeRecords()
  const count = records.length
  const t = performance.now()
  await engine.build(records)
  const buildMs = performance.now() - t
  records = undefined
  settle()
  const after = memory()
  const result: EngineResult = {
    name: engine.name,
    buildMs,
    heapPerRecord: (after - before) / count,
    heapTotalMB: after / 2 ** 20,
    classes: new Map(),
  }
  for (const cls of classes) {
    result.classes.set(cls.name, await runClass(engine, cls, count, engine.name === 'ours'))
    process.stderr.write('.')
  }
  engine.dispose()
  settle()
  return result
}

const ms = (v: number): string => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2))

function printTable(
  size: number,
  results: EngineResult[],
  skippedPeers: string[],
  classes: QueryClass[],
): void {
  const ours = results[0]!
  const peers = results.slice(1)
  const lines: string[] = []
  lines.push(`### ${size.toLocaleString('en-US')} records`, '')
  lines.push(
    '| engine | build | memory / record (with documents) | heap + buffers after build |',
    '|---|---:|---:|---:|',
  )
  for (const r of results) {
    lines.push(
      `| ${r.name} | ${(r.buildMs / 1000).toFixed(2)} s | ${Math.round(r.heapPerRecord)} B | ${Math.round(r.heapTotalMB)} MB |`,
    )
  }
  for (const s of skippedPeers) lines.push(`| ${s} | skipped | | |`)
  lines.push('')
  const header = [
    'query class',
    'ours p50 / p99 (ms)',
    ...peers.map((p) => `${p.name} p50 / p99 (ms)`),
    ...peers.map((p) => `vs ${p.name} (p50, p99)`),
  ]
  lines.push(`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`)
  const notes = new Set<string>()
  for (const cls of classes) {
    const o = ours.classes.get(cls.name)! // every engine ran every class
    const cells = [cls.name, `${ms(o.p50)} / ${ms(o.p99)}`]
    const ratios: string[] = []
    for (const p of peers) {
      const r = p.classes.get(cls.name)!
      if (r.skipped) {
        cells.push(`n/a (${r.skipped})`)
        ratios.push('n/a')
        continue
      }
      const mark = r.note ? '¹' : ''
      if (r.note) notes.add(`${p.name}: ${r.note}`)
      cells.push(`${ms(r.p50)} / ${ms(r.p99)}${mark}`)
      ratios.push(`${(r.p50 / o.p50).toFixed(1)}× / ${(r.p99 / o.p99).toFixed(1)}×`)
    }
    lines.push(`| ${[...cells, ...ratios].join(' | ')} |`)
  }
  if (notes.size > 0) lines.push('', `¹ emulated or approximated: ${[...notes].join('; ')}`)
  lines.push('')
  console.log(lines.join('\n'))
}

const base = await loadStations()
const classes = queryClasses()

// One small warm-up round per engine, so the first measured size does not pay for compilation.
for (const engine of [new OurEngine(), new OramaEngine(), new MiniSearchEngine()]) {
  await engine.build(generateRecords(base, 2000))
  for (const cls of classes) for (const item of cls.items) await engine.run(item)
  engine.dispose()
}

console.log(
  `Node ${process.version}, ${sizes.join(' / ')} records; ratios are peer time ÷ our time (higher = we are faster).\n`,
)
for (const size of sizes) {
  const engines: BenchEngine[] = [new OurEngine()]
  const skipped: string[] = []
  if (size <= peersMax) engines.push(new OramaEngine(), new MiniSearchEngine())
  else skipped.push(`Orama, MiniSearch (above BENCH_PEERS_MAX=${peersMax})`)
  const results: EngineResult[] = []
  for (const engine of engines) {
    process.stderr.write(`${size} ${engine.name} `)
    results.push(await benchEngine(engine, () => generateRecords(base, size), classes))
    process.stderr.write('\n')
  }
  printTable(size, results, skipped, classes)
}
