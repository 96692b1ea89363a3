// Writes as tasks, the way Algolia runs them: a write is appended to the task log (committed) and
// acknowledged with its task IDs at once; the queue then applies the logged tasks one at a time,
// in log order, each in one registry write that also marks it published. A task that fails when
// applied (it passed the checks at acknowledge time, so the state changed under it) rolls back,
// is published with its error logged, and the queue moves on: one bad write never blocks the rest.
// Any write becomes a task by defining its kind with the function that applies it.
import type { StoredTask, TaskStatus, TaskStore } from '../store/task-store.ts'
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
}

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
    return this.#store.status(taskID)
  }

  /** How many logged, unapplied tasks name each index. */
  pendingByIndex(): Map<string, number> {
    const counts = new Map<string, number>()
    for (const task of this.#pending) {
      for (const name of new Set(task.indexes)) counts.set(name, (counts.get(name) ?? 0) + 1)
    }
    return counts
  }

  /** How many logged tasks wait to be applied. */
  pendingCount(): number {
    return this.#pending.length
  }

  /** Applies every task the log holds unapplied (after a crash), in order, before serving. */
  recover(): number {
    this.#pending = this.#store.unpublished()
    const count = this.#pending.length
    while (this.#pending.length > 0) this.#applyNext()
    return count
  }

  /** Starts applying in the background. */
  start(): void {
    this.#running = true
    this.#schedule()
  }

  /** Stops applying (what is left stays in the log and is applied on the next start). */
  stop(): void {
    this.#running = false
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
    this.#pending.push(task)
    this.#schedule()
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
    if (this.#pending.length === 0) this.#notifyIdle()
  }

  #notifyIdle(): void {
    const waiters = this.#idleWaiters
    this.#idleWaiters = []
    for (const resolve of waiters) resolve()
  }
}
