// Writes as tasks, the way Algolia runs them: a write is appended to the task log (committed) and
// acknowledged with its task IDs at once; the queue then applies the logged tasks one at a time,
// in log order, each in one registry write that also marks it published. A task that fails when
// applied (it passed the checks at acknowledge time, so the state changed under it) rolls back,
// is published with its error logged, and the queue moves on: one bad write never blocks the rest.
// Any write becomes a task by defining its kind with the function that applies it.
// Several processes may serve one store (`shared`): one of them, the writer, applies the log in
// order and passes each task's engine changes on; the others log writes, tell the writer, and
// replay the changes. A task answers `published` once every serving process has applied it.
import type { StoredTask, TaskStatus, TaskStore } from '../store/task-store.ts'
import type { EngineChange } from './engine-changes.ts'
import { type IndexRegistry, now } from './index-registry.ts'

export interface Acknowledgement {
  /** One task ID per index the write names (a single-index write has one). */
  taskIDs: Map<string, number>
  at: string
}

export type Enqueue<P> = (payload: P, indexes: readonly string[]) => Acknowledgement

export interface TaskQueueOptions {
  /** Test-only: wait this long before applying each task (to observe acknowledged, unpublished writes). */
  applyDelayMs?: number
  /** Told when an applied task failed; it is published anyway. */
  onFailure?: (task: { id: number; kind: string; indexes: string[] }, error: unknown) => void
  /** Set when several processes serve the same store. */
  shared?: SharedLog
}

/** How a process takes part in a task log several processes serve. */
export interface SharedLog {
  /** The writer applies the log; a follower logs writes and replays the writer's engine changes. */
  role: 'writer' | 'follower'
  /** The highest task ID every serving process has applied: a task above it is not published yet. */
  publishedThrough(): number
  /** Writer: a task was applied (or failed and was published unchanged), with its engine changes. */
  applied?(taskID: number, changes: EngineChange[]): void
  /** Follower: a write was logged for the writer to apply. */
  logged?(): void
}

/** How often the writer also looks for writes logged by others (in case a notice got lost). */
const POLL_MS = 500

type Apply = (payload: never) => void

export class TaskQueue {
  readonly #store: TaskStore
  readonly #registry: IndexRegistry
  readonly #options: TaskQueueOptions
  readonly #kinds = new Map<string, Apply>()
  #pending: StoredTask[] = []
  #running = false
  #timer: NodeJS.Timeout | NodeJS.Immediate | undefined
  #idleWaiters: (() => void)[] = []
  /** The highest task ID taken from the log into #pending (writer of a shared log). */
  #lastSeen = 0
  /** The highest task ID whose engine changes this process has made (follower). */
  #replayedThrough = 0
  #poll: NodeJS.Timeout | undefined

  constructor(store: TaskStore, registry: IndexRegistry, options: TaskQueueOptions = {}) {
    this.#store = store
    this.#registry = registry
    this.#options = options
  }

  /** Registers a kind of write; the returned function logs one and acknowledges it. */
  define<P>(kind: string, apply: (payload: P) => void): Enqueue<P> {
    if (this.#kinds.has(kind)) throw new Error(`task kind ${kind} is defined twice`)
    this.#kinds.set(kind, apply as Apply)
    return (payload, indexes) => this.#enqueue(kind, payload, indexes)
  }

  lastTaskID(): number {
    return this.#store.lastTaskID()
  }

  status(taskID: number): TaskStatus | undefined {
    const status = this.#store.status(taskID)
    const shared = this.#options.shared
    if (status === 'published' && shared && taskID > shared.publishedThrough()) return 'notPublished'
    return status
  }

  /** How many logged, unapplied tasks name each index. */
  pendingByIndex(): Map<string, number> {
    const counts = new Map<string, number>()
    for (const task of this.#unapplied()) {
      for (const name of new Set(task.indexes)) counts.set(name, (counts.get(name) ?? 0) + 1)
    }
    return counts
  }

  /** How many logged tasks wait to be applied. */
  pendingCount(): number {
    return this.#unapplied().length
  }

  /** Applies every task the log holds unapplied (after a crash), in order, before serving. */
  recover(): number {
    if (this.#options.shared?.role === 'follower') return 0
    this.#pending = this.#store.unpublished()
    this.#lastSeen = this.#pending.at(-1)?.id ?? this.#lastSeen
    const count = this.#pending.length
    while (this.#pending.length > 0) this.#applyNext()
    return count
  }

  /** Follower: the task up to which the store already holds every write (read before loading it). */
  startFollowing(): number {
    this.#replayedThrough = this.#store.appliedThrough()
    return this.#replayedThrough
  }

  /** Follower: the highest task ID whose engine changes this process has made. */
  replayedThrough(): number {
    return this.#replayedThrough
  }

  /**
   * Follower: makes the writer's engine changes of one applied task; tasks the store held when this
   * process loaded it are skipped.
   */
  replay(taskID: number, changes: readonly EngineChange[]): void {
    if (taskID <= this.#replayedThrough) return
    this.#registry.replay(changes)
    this.#replayedThrough = taskID
    this.#schedule()
  }

  /** Writer of a shared log: takes the writes other processes logged since the last look, in order. */
  pull(): void {
    if (this.#options.shared?.role !== 'writer') return
    const logged = this.#store.unpublishedAfter(this.#lastSeen)
    if (logged.length === 0) return
    this.#pending.push(...logged)
    this.#lastSeen = logged.at(-1)!.id // not empty
    this.#schedule()
  }

  /** Starts applying in the background. */
  start(): void {
    this.#running = true
    if (this.#options.shared?.role === 'writer') {
      this.#poll = setInterval(() => this.pull(), POLL_MS)
      this.#poll.unref()
      this.pull()
    }
    this.#schedule()
  }

  /** Stops applying (what is left stays in the log and is applied on the next start). */
  stop(): void {
    this.#running = false
    clearInterval(this.#poll)
    this.#cancel()
    this.#notifyIdle()
  }

  /** Resolves when every task logged so far is applied (or the queue stops). */
  idle(): Promise<void> {
    if (this.#pending.length === 0 || !this.#running) return Promise.resolve()
    return new Promise((resolve) => this.#idleWaiters.push(resolve))
  }

  #enqueue(kind: string, payload: unknown, indexes: readonly string[]): Acknowledgement {
    const names = [...new Set(indexes)]
    const at = now()
    const task = this.#store.append(kind, payload, names, names.length, at)
    const shared = this.#options.shared
    if (!shared) {
      this.#pending.push(task)
      this.#schedule()
    } else if (shared.role === 'writer') {
      // Others may have logged writes just before this one: the log's order is the order applied.
      this.pull()
    } else {
      shared.logged?.()
    }
    return { taskIDs: new Map(names.map((name, i) => [name, task.firstID + i] as const)), at }
  }

  #schedule(): void {
    if (!this.#running || this.#timer !== undefined) return
    const step = (): void => {
      this.#timer = undefined
      if (!this.#running) return
      if (this.#pending.length > 0) this.#applyNext()
      // Idle: compact one engine per turn, so searches get answered in between.
      else if (!this.#registry.compactOne()) return
      this.#schedule()
    }
    const delay = this.#pending.length > 0 ? (this.#options.applyDelayMs ?? 0) : 0
    this.#timer = delay > 0 ? setTimeout(step, delay) : setImmediate(step)
  }

  #cancel(): void {
    if (this.#timer === undefined) return
    clearTimeout(this.#timer as NodeJS.Timeout)
    clearImmediate(this.#timer as NodeJS.Immediate)
    this.#timer = undefined
  }

  #applyNext(): void {
    const task = this.#pending[0]
    if (!task) return
    const apply = this.#kinds.get(task.kind)
    try {
      if (!apply) throw new Error(`unknown task kind ${task.kind}`)
      this.#registry.write(task.indexes, () => {
        apply(task.payload as never)
        this.#store.markPublished(task.id, now())
      })
    } catch (error) {
      this.#store.markPublished(task.id, now(), error instanceof Error ? error.message : String(error))
      this.#options.onFailure?.({ id: task.id, kind: task.kind, indexes: task.indexes }, error)
    }
    this.#pending.shift()
    this.#options.shared?.applied?.(task.id, this.#registry.takeChanges())
    if (this.#pending.length === 0) this.#notifyIdle()
  }

  /** The logged tasks not applied yet: this process's queue, or the log itself on a follower. */
  #unapplied(): StoredTask[] {
    return this.#options.shared?.role === 'follower' ? this.#store.unpublished() : this.#pending
  }

  #notifyIdle(): void {
    const waiters = this.#idleWaiters
    this.#idleWaiters = []
    for (const resolve of waiters) resolve()
  }
}
