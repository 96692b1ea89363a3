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
import { releaseStartupMemory } from './shared/release-memory.ts'
import { type Command, type Member, Supervision } from './supervision.ts'
import { WalCheckpoints } from './wal-checkpoints.ts'
import type { FromWorker, Role, ToWorker } from './worker-messages.ts'

/** How long a flush of the analytics buffers waits for a process that does not answer. */
const FLUSH_TIMEOUT_MS = 1000
/** How long one scrape of /metrics waits for a process that does not answer. */
const METRICS_TIMEOUT_MS = 1000

/** The `process` label of a member's metrics: stable across its replacements. */
function processLabel(member: Readonly<Member>): string {
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

/**
 * V8's young generation for a serving process, unless the operator set one (on the command line or
 * in NODE_OPTIONS). Under a steady load of searches and pages, V8's default (semi-spaces sized from
 * the machine's memory) let each serving process grow from ~160 MB to 300–400 MB within a minute;
 * with 8 MB semi-spaces they level off at ~200–250 MB (`npm run bench:memory`).
 */
const YOUNG_GENERATION_FLAG = '--max-semi-space-size=8'

/** The options a serving process starts with: the supervisor's own, with the two above. */
function servingExecArgv(execArgv: string[], nodeOptions = ''): string[] {
  const withCache = withCompileCache(execArgv)
  const set = [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) =>
    /^--max[-_]semi[-_]space[-_]size\b/.test(arg),
  )
  return set ? withCache : [...withCache, YOUNG_GENERATION_FLAG]
}

/**
 * Requests that wait on several processes (a flush of the analytics buffers, a scrape of /metrics):
 * each gathers the answers of the processes asked and finishes once all have answered, one has
 * gone, or the time is up.
 */
class Gatherings<Part> {
  #next = 1
  readonly #open = new Map<number, { waiting: Set<number>; parts: Part[]; finish: () => void }>()

  /** Asks `ids` (through `ask`, with the request's id); `done` gets the parts that came in time. */
  gather(
    ids: number[],
    timeoutMs: number,
    ask: (id: number, requestID: number) => void,
    done: (parts: Part[]) => void,
  ): void {
    const requestID = this.#next++
    const waiting = new Set(ids)
    const parts: Part[] = []
    const finish = (): void => {
      clearTimeout(timer)
      if (this.#open.delete(requestID)) done(parts)
    }
    const timer = setTimeout(finish, timeoutMs)
    this.#open.set(requestID, { waiting, parts, finish })
    if (waiting.size === 0) finish()
    for (const id of ids) ask(id, requestID)
  }

  /** One process's answer; false if the request is no longer open or did not ask it. */
  answer(requestID: number, from: number, part?: Part): boolean {
    const open = this.#open.get(requestID)
    if (!open?.waiting.delete(from)) return false
    if (part !== undefined) open.parts.push(part)
    if (open.waiting.size === 0) open.finish()
    return true
  }

  /** A process is gone: no request waits for it any longer. */
  gone(id: number): void {
    for (const open of [...this.#open.values()]) {
      open.waiting.delete(id)
      if (open.waiting.size === 0) open.finish()
    }
  }
}

/**
 * The supervisor's process side: cluster events go into Supervision (supervision.ts), its commands
 * come out as forks, messages, signals and the exit; flushes, scrapes and rate limits it answers here.
 */
export function superviseWorkers(config: Config): void {
  cluster.setupPrimary({
    serialization: 'advanced',
    execArgv: servingExecArgv(process.execArgv, process.env.NODE_OPTIONS),
  })
  // The key of the IP pseudonyms in the search log: one per start, shared by every process.
  const supervision = new Supervision(config.WORKERS, randomBytes(32))
  const rateLimits = new KeyRateLimits()
  const checkpoints = new WalCheckpoints(config.DATA_DIR, (error) =>
    log(50, 'write-ahead log checkpoint failed', { err: errorFields(error) }),
  )
  const workers = new Map<number, Worker>()
  const flushes = new Gatherings<never>()
  const scrapes = new Gatherings<ProcessExposition>()

  const send = (id: number, message: ToWorker): void => {
    const worker = workers.get(id)
    if (worker?.isConnected()) worker.send(message)
  }

  const fork = (role: Role, slot: number): void => {
    const worker = cluster.fork(allocatorEnv(process.env))
    workers.set(worker.id, worker)
    supervision.forked(worker.id, role, slot)
    worker.on('online', () => run(supervision.online(worker.id)))
    worker.on('message', (message: FromWorker) => receive(worker.id, message))
  }

  const run = (commands: Command[]): void => {
    for (const command of commands) {
      switch (command.do) {
        case 'fork':
          if (command.afterMs === 0) fork(command.role, command.slot)
          else
            setTimeout(() => {
              if (supervision.mayFork()) fork(command.role, command.slot)
            }, command.afterMs)
          break
        case 'send':
          send(command.to, command.message)
          break
        case 'stop':
          workers.get(command.to)?.process.kill('SIGTERM')
          break
        case 'log':
          log(command.level, command.msg, command.fields)
          break
        case 'fold-log':
          checkpoints.start()
          break
        case 'release-memory':
          releaseStartupMemory()
          break
        case 'exit':
          // Folds the log in one last time, then exits.
          checkpoints.stop()
          process.exit(command.code)
      }
    }
  }

  /** Every serving process's exposition (those that answer within METRICS_TIMEOUT_MS), by place. */
  const scrapeAll = (done: (parts: ProcessExposition[]) => void): void => {
    const ready = supervision.ids().filter((id) => supervision.member(id)?.ready)
    scrapes.gather(
      ready,
      METRICS_TIMEOUT_MS,
      (id, requestID) => send(id, { t: 'metrics', id: requestID }),
      (parts) => done(parts.sort((a, b) => (a.process < b.process ? -1 : a.process > b.process ? 1 : 0))),
    )
  }

  /** Every process but the asking one writes the searches it holds; `done` once all have (or time ran out). */
  const flushAll = (asking: number, done: () => void): void => {
    const listening = supervision.ids().filter((id) => id !== asking && supervision.member(id)?.listening)
    flushes.gather(
      listening,
      FLUSH_TIMEOUT_MS,
      (id, requestID) => send(id, { t: 'flush', id: requestID }),
      done,
    )
  }

  const receive = (id: number, message: FromWorker): void => {
    const member = supervision.member(id)
    if (!member) return
    switch (message.t) {
      case 'flushed':
        flushes.answer(message.id, id)
        return
      case 'metrics':
        scrapes.answer(message.id, id, { process: processLabel(member), text: message.text })
        return
      case 'request':
        if (message.kind === 'metrics')
          scrapeAll((parts) => send(id, { t: 'expositions', id: message.id, parts }))
        else if (message.kind === 'rate')
          send(id, {
            t: 'reply',
            id: message.id,
            value: rateLimits.retryAfter(message.key, message.ip, message.limit),
          })
        else flushAll(id, () => send(id, { t: 'reply', id: message.id, value: 0 }))
        return
      default:
        run(supervision.received(id, message))
    }
  }

  cluster.on('exit', (worker, code, signal) => {
    workers.delete(worker.id)
    flushes.gone(worker.id)
    scrapes.gone(worker.id)
    run(supervision.exited(worker.id, worker.process.pid, code, signal))
  })

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      const commands = supervision.signalled(signal)
      if (commands.length === 0) return
      // Each drains and finishes its requests as a single server does (serve.ts). Not folding the
      // log in: a process still alive may hold the lock. Each folds it in as it closes.
      run(commands)
      const force = setTimeout(() => process.exit(1), 12_000)
      force.unref()
    })
  }

  run(supervision.start())
  // The supervisor's modules are all loaded: into the compile cache with them (serve.ts does the same).
  module.flushCompileCache?.()
}
