// The supervisor of several serving processes (WORKERS > 1), one per core by default. It serves no
// request itself: it forks one writer (which imports, recovers and applies the task log, and runs
// the schedules) and, once the writer is ready, the followers; relays the writer's engine changes
// to the followers and their progress back as one watermark (a task is published once every
// serving process has applied it); counts the keys' rate limits in one place; relays analytics
// flushes and insights events; replaces a process that dies; and on SIGTERM/SIGINT lets each
// process drain and exits when all have. The processes share the listening port (the cluster
// module hands each new connection to the next process in turn).
import cluster, { type Worker } from 'node:cluster'
import { randomBytes } from 'node:crypto'
import module from 'node:module'
import { hostname } from 'node:os'
import { fileURLToPath } from 'node:url'
import type { Config } from './config.ts'
import type { ProcessExposition } from './ops/metrics-merge.ts'
import { KeyRateLimits } from './search/keys/rate-limits.ts'
import { WalCheckpoints } from './wal-checkpoints.ts'
import type { FromWorker, Role, ToWorker } from './worker-messages.ts'

/** How long a flush of the analytics buffers waits for a process that does not answer. */
const FLUSH_TIMEOUT_MS = 1000
/** How long one scrape of /metrics waits for a process that does not answer. */
const METRICS_TIMEOUT_MS = 1000
/** A process that dies is replaced after this pause (a crash loop does not spin the CPU). */
const RESTART_MS = 1000

interface Member {
  role: Role
  /** Its place: 0 the writer, 1… the followers; a replacement takes the place of the one it replaces. */
  slot: number
  /** Subscribed to the engine changes (followers) or the writer: messages reach it. */
  listening: boolean
  ready: boolean
  /** The highest task ID whose changes it holds. */
  applied: number
}

/** The `process` label of a member's metrics: stable across its replacements. */
function processLabel(member: Member): string {
  return member.role === 'writer' ? 'writer' : `follower-${member.slot}`
}

/** One JSON line as the serving processes' logger writes them (pino's fields). */
function log(level: 30 | 40 | 50, msg: string, fields: Record<string, unknown> = {}): void {
  console.log(
    JSON.stringify({ level, time: Date.now(), pid: process.pid, hostname: hostname(), ...fields, msg }),
  )
}

/** An error as pino's serializer writes it. */
function errorFields(error: unknown): Record<string, unknown> {
  return error instanceof Error
    ? { type: error.name, message: error.message, stack: error.stack }
    : { message: String(error) }
}

const COMPILE_CACHE = fileURLToPath(new URL('./compile-cache.js', import.meta.url))

/**
 * glibc's allocator for the serving processes, unless the operator set it: two arenas rather than
 * one per thread that ever allocated (V8's and libuv's helper threads), and freed memory at the
 * top of the heap returned beyond 128 KB rather than beyond a threshold that grows with the largest
 * block ever freed (the start's index builds). About 10 MB less resident per process, with the
 * same throughput (docs/operations.md).
 */
const ALLOCATOR_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '131072',
}

/** The allocator settings a serving process gets: the operator's own take precedence. */
function allocatorEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(ALLOCATOR_ENV).filter(([name]) => env[name] === undefined))
}

/** Serving processes keep their compiled modules on disk, however the supervisor was started. */
function withCompileCache(execArgv: string[]): string[] {
  const preloaded = execArgv.some((arg) => arg.endsWith('compile-cache.js'))
  return preloaded ? execArgv : ['--import', COMPILE_CACHE, ...execArgv]
}

export function superviseWorkers(config: Config): void {
  cluster.setupPrimary({ serialization: 'advanced', execArgv: withCompileCache(process.execArgv) })
  const count = config.WORKERS
  // The key of the IP pseudonyms in the search log: one per start, shared by every process.
  const ipKey = randomBytes(32)
  const rateLimits = new KeyRateLimits()
  const checkpoints = new WalCheckpoints(config.DATA_DIR, (error) =>
    log(50, 'write-ahead log checkpoint failed', { err: errorFields(error) }),
  )
  /** Folds the log in one last time, then exits. */
  const exit = (code: number): never => {
    checkpoints.stop()
    process.exit(code)
  }
  const members = new Map<Worker, Member>()
  let through = 0
  let started = false
  let closing = false
  let nextFlush = 1
  const flushes = new Map<number, { waiting: Set<Worker>; done: () => void }>()
  /** Scrapes of /metrics under way: the expositions gathered for the process that asked. */
  const scrapes = new Map<number, { waiting: Set<Worker>; parts: ProcessExposition[]; done: () => void }>()

  const send = (worker: Worker, message: ToWorker): void => {
    if (worker.isConnected()) worker.send(message)
  }

  /** The watermark: every ready process holds the tasks up to it. */
  const advance = (): void => {
    const ready = [...members.values()].filter((member) => member.ready)
    if (ready.length === 0) return
    const lowest = Math.min(...ready.map((member) => member.applied))
    if (lowest <= through) return
    through = lowest
    for (const [worker, member] of members)
      if (member.listening) send(worker, { t: 'through', taskID: through })
  }

  const fork = (role: Role, slot: number): void => {
    const worker = cluster.fork(allocatorEnv(process.env))
    members.set(worker, { role, slot, listening: role === 'writer', ready: false, applied: 0 })
    worker.on('online', () => send(worker, { t: 'hello', role, ipKey }))
    worker.on('message', (message: FromWorker) => receive(worker, message))
  }

  const receive = (worker: Worker, message: FromWorker): void => {
    const member = members.get(worker)
    if (!member) return
    switch (message.t) {
      case 'subscribe':
        member.listening = true
        send(worker, { t: 'subscribed', through })
        return
      case 'ready': {
        member.ready = true
        member.applied = Math.max(member.applied, message.applied)
        advance()
        if (member.role === 'writer' && !started) {
          // The server answers from here on (/healthz 200): said now, not once all processes are.
          log(
            30,
            `Bahnhofsfinder is serving at ${message.url} (1 of ${count} processes; the others are loading)`,
            {
              url: message.url,
              workers: count,
            },
          )
          for (let slot = 1; slot < count; slot++) fork('follower', slot)
          // The writer has migrated the database: from now on the log is folded in here.
          checkpoints.start()
        }
        if (!started && [...members.values()].every((m) => m.ready) && members.size === count) {
          started = true
          log(30, `all ${count} processes serving`, { url: message.url, workers: count })
        }
        return
      }
      case 'published':
        member.applied = message.taskID
        for (const [other, peer] of members) {
          if (other !== worker && peer.listening) send(other, message)
        }
        advance()
        return
      case 'applied':
        member.applied = Math.max(member.applied, message.taskID)
        advance()
        return
      case 'logged':
        for (const [other, peer] of members) if (peer.role === 'writer') send(other, message)
        return
      case 'events':
        for (const [other, peer] of members) {
          if (other !== worker && peer.listening) send(other, message)
        }
        return
      case 'flushed': {
        const flush = flushes.get(message.id)
        flush?.waiting.delete(worker)
        if (flush && flush.waiting.size === 0) flush.done()
        return
      }
      case 'metrics': {
        const scrape = scrapes.get(message.id)
        if (!scrape?.waiting.delete(worker)) return
        scrape.parts.push({ process: processLabel(member), text: message.text })
        if (scrape.waiting.size === 0) scrape.done()
        return
      }
      case 'request':
        if (message.kind === 'metrics') {
          scrapeAll((parts) => send(worker, { t: 'expositions', id: message.id, parts }))
          return
        }
        if (message.kind === 'rate') {
          send(worker, {
            t: 'reply',
            id: message.id,
            value: rateLimits.retryAfter(message.key, message.ip, message.limit),
          })
          return
        }
        flushAll(worker, () => send(worker, { t: 'reply', id: message.id, value: 0 }))
        return
    }
  }

  /** Every serving process's exposition (those that answer within METRICS_TIMEOUT_MS), by place. */
  const scrapeAll = (done: (parts: ProcessExposition[]) => void): void => {
    const waiting = new Set([...members].filter(([, m]) => m.ready).map(([w]) => w))
    const id = nextFlush++
    const parts: ProcessExposition[] = []
    const timer = setTimeout(finish, METRICS_TIMEOUT_MS)
    function finish(): void {
      clearTimeout(timer)
      if (!scrapes.delete(id)) return
      done(parts.sort((a, b) => (a.process < b.process ? -1 : a.process > b.process ? 1 : 0)))
    }
    scrapes.set(id, { waiting, parts, done: finish })
    if (waiting.size === 0) finish()
    for (const worker of waiting) send(worker, { t: 'metrics', id })
  }

  /** Every process but the asking one writes the searches it holds; `done` once all have (or time ran out). */
  const flushAll = (asking: Worker, done: () => void): void => {
    const waiting = new Set([...members].filter(([w, m]) => w !== asking && m.listening).map(([w]) => w))
    if (waiting.size === 0) {
      done()
      return
    }
    const id = nextFlush++
    const timer = setTimeout(finish, FLUSH_TIMEOUT_MS)
    function finish(): void {
      clearTimeout(timer)
      if (!flushes.delete(id)) return
      done()
    }
    flushes.set(id, { waiting, done: finish })
    for (const worker of waiting) send(worker, { t: 'flush', id })
  }

  cluster.on('exit', (worker, code, signal) => {
    const member = members.get(worker)
    members.delete(worker)
    for (const pending of [...flushes.values(), ...scrapes.values()]) {
      pending.waiting.delete(worker)
      if (pending.waiting.size === 0) pending.done()
    }
    if (closing) {
      if (members.size === 0) exit(0)
      return
    }
    if (!member) return
    if (!started) {
      // A process that cannot start (a port in use, broken content) would fail again: stop.
      log(50, `${member.role} process ${worker.process.pid} exited before the server was ready; stopping`, {
        code,
        signal,
      })
      closing = true
      for (const other of members.keys()) other.process.kill('SIGTERM')
      if (members.size === 0) exit(1)
      process.exitCode = 1
      return
    }
    log(50, `${member.role} process ${worker.process.pid} exited; starting another`, { code, signal })
    advance()
    setTimeout(() => {
      if (!closing) fork(member.role, member.slot)
    }, RESTART_MS)
  })

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return
      closing = true
      log(30, `${signal} received: stopping ${members.size} processes`)
      // Each drains and finishes its requests as a single server does (serve.ts).
      for (const worker of members.keys()) worker.process.kill('SIGTERM')
      if (members.size === 0) exit(0)
      // Not folding the log in: a process still alive may hold the lock. Each folds it in as it closes.
      const force = setTimeout(() => process.exit(1), 12_000)
      force.unref()
    })
  }

  fork('writer', 0)
  // The supervisor's modules are all loaded: into the compile cache with them (serve.ts does the same).
  module.flushCompileCache?.()
}
