// The serving process's side of its render thread (render-thread-entry.ts): starts it, hands it
// pages to render, answers its requests to our own services, and gives a page up as a shell when
// the thread takes too long, crashed or could not load the renderer. A thread that crashed or hung
// is replaced by a new one; the serving process never waits on a render with its event loop.
import { Worker } from 'node:worker_threads'
import type { AppConfig } from '../../web/shared/config.ts'

/** What dist-ssr/entry-server.js exports (web/entry-server.tsx). */
export interface RendererModule {
  prepareRender(): Promise<void>
  pageModules(pathname: string): string[]
  renderPage(request: {
    url: string
    origin: string
    config: AppConfig
    fetch: typeof fetch
  }): Promise<{ html: string; data: string; errors: unknown[] }>
}

/** An error as it crosses the thread's port. */
export interface ThreadError {
  name: string
  message: string
  stack?: string
}

/** A page's request to our own services, made in the thread, answered by the serving process. */
export interface OwnRequest {
  method: string
  /** Path and query. */
  path: string
  headers: Record<string, string>
  body?: string
}

export interface OwnAnswer {
  status: number
  headers: Record<string, string>
  body: Uint8Array
}

export type ToThread =
  | { t: 'render'; id: number; url: string; origin: string; config: AppConfig }
  | {
      t: 'fetched'
      id: number
      status: number
      headers: Record<string, string>
      body: Uint8Array<ArrayBuffer> | null
      /** Set when the serving process could not answer. */
      error?: string
    }

export type FromThread =
  | { t: 'ready' }
  | { t: 'load-failed'; error: ThreadError }
  | ({ t: 'fetch'; id: number; render: number } & OwnRequest)
  | {
      t: 'rendered'
      id: number
      html: string
      data: string
      errors: ThreadError[]
      modules: string[]
      /** A request to another host was refused (429), failed (5xx), threw or timed out. */
      externalFailed: boolean
      /** The thread's CPU time so far, in microseconds. */
      cpu: number
    }
  | { t: 'render-failed'; id: number; error: ThreadError; cpu: number }

/**
 * Pages rendered and the CPU time of the threads that rendered them (loading the renderer
 * included), for the metrics: what a render costs, measured where it runs.
 */
export class RenderUsage {
  renders = 0
  /** CPU time of the threads that ended, in microseconds. */
  #ended = 0
  /** CPU time of the current thread at its last render, in microseconds. */
  #current = 0

  rendered(threadCpuMicros: number): void {
    this.renders++
    this.#current = threadCpuMicros
  }

  threadEnded(): void {
    this.#ended += this.#current
    this.#current = 0
  }

  get cpuSeconds(): number {
    return (this.#ended + this.#current) / 1e6
  }
}

/** A page as the thread rendered it. */
export interface ThreadPage {
  html: string
  data: string
  /** Parts of the page not rendered (logged by the caller). */
  errors: Error[]
  /** The modules of the page's own chunks (for its head links). */
  modules: string[]
  /** A request to another host was refused, failed or not answered: not a page for every visitor. */
  externalFailed: boolean
}

interface Log {
  warn(fields: object, message: string): void
  error(fields: object, message: string): void
}

interface Pending {
  answer: (request: OwnRequest) => Promise<OwnAnswer>
  settle: (page: ThreadPage | undefined) => void
  timer: NodeJS.Timeout
}

/**
 * A render that takes longer is given up (its page goes out as a shell) and its thread replaced:
 * it is hung or stuck, and holds a render slot. A page's requests to other hosts wait 2 s at most.
 */
const RENDER_TIME_LIMIT_MS = 6000
/**
 * The thread's heap. A render makes megabytes of short-lived objects: with V8's default young
 * generation (up to 3 × 16 MB) a serving process held ~95 MB more after 120 results pages than
 * after start, with 12 MB ~40 MB more, at the same time per page. A thread whose old generation
 * passes 128 MB (a leak: the renderer and two pages take ~35 MB) is ended by V8 and replaced like
 * one that crashed.
 */
const THREAD_HEAP = { maxYoungGenerationSizeMb: 12, maxOldGenerationSizeMb: 128 }
/** A thread that ended is started again no sooner than this after it started (no crash loop). */
const RESTART_PAUSE_MS = 1000

const toError = (error: ThreadError): Error =>
  Object.assign(new Error(error.message), { name: error.name, stack: error.stack })

export class RenderThread {
  readonly #entry: string
  readonly #log: Log
  #worker: { thread: Worker; ready: Promise<boolean>; replaced: boolean } | undefined
  #startedAt = Number.NEGATIVE_INFINITY
  /** The renderer could not be loaded: no thread is started again for this build. */
  #loadFailed = false
  #closed = false
  #next = 1
  readonly #pending = new Map<number, Pending>()
  readonly #usage: RenderUsage

  constructor(entry: string, log: Log, usage = new RenderUsage()) {
    this.#entry = entry
    this.#log = log
    this.#usage = usage
  }

  /** Starts the thread and loads the renderer; true once it can render. */
  start(): Promise<boolean> {
    if (this.#closed || this.#loadFailed) return Promise.resolve(false)
    if (this.#worker) return this.#worker.ready
    const thread = new Worker(new URL('./render-thread-entry.ts', import.meta.url), {
      workerData: { entry: this.#entry },
      resourceLimits: THREAD_HEAP,
    })
    let resolveReady: (ready: boolean) => void = () => undefined
    const ready = new Promise<boolean>((resolve) => {
      resolveReady = resolve
    })
    const worker = { thread, ready, replaced: false }
    this.#worker = worker
    this.#startedAt = performance.now()
    thread.on('message', (message: FromThread) => {
      if (message.t === 'ready') resolveReady(true)
      else if (message.t === 'load-failed') {
        this.#loadFailed = true
        this.#log.error({ err: toError(message.error) }, `${this.#entry} could not be loaded`)
        resolveReady(false)
      } else this.#received(thread, message)
    })
    thread.on('error', (error) => this.#log.error({ err: error }, 'the render thread crashed'))
    thread.on('exit', (code) => {
      resolveReady(false)
      this.#usage.threadEnded()
      if (this.#worker === worker) this.#worker = undefined
      if (!this.#closed && !this.#loadFailed && !worker.replaced)
        this.#log.error({ code }, 'the render thread ended; pages in it go out as shells')
      this.#giveUp()
    })
    return ready
  }

  /** The page, or undefined for a shell (thread not ready, crashed, or over its time limit). */
  async render(
    page: { url: string; origin: string; config: AppConfig },
    answer: (request: OwnRequest) => Promise<OwnAnswer>,
  ): Promise<ThreadPage | undefined> {
    if (!this.#worker && performance.now() - this.#startedAt < RESTART_PAUSE_MS) return undefined
    if (!(await this.start())) return undefined
    const worker = this.#worker
    if (!worker) return undefined
    const { thread } = worker
    const id = this.#next++
    return new Promise((settle) => {
      const timer = setTimeout(() => {
        this.#log.error(
          { url: page.url },
          `rendering took over ${RENDER_TIME_LIMIT_MS} ms: its page and those rendered with it go out as shells, and the render thread is replaced`,
        )
        worker.replaced = true
        void thread.terminate()
      }, RENDER_TIME_LIMIT_MS)
      this.#pending.set(id, { answer, settle, timer })
      thread.postMessage({ t: 'render', id, ...page } satisfies ToThread)
    })
  }

  /** Stops the thread (the app closes). */
  async close(): Promise<void> {
    this.#closed = true
    await this.#worker?.thread.terminate()
  }

  #received(thread: Worker, message: Exclude<FromThread, { t: 'ready' | 'load-failed' }>): void {
    if (message.t === 'fetch') {
      void this.#answer(thread, message)
      return
    }
    this.#usage.rendered(message.cpu)
    const pending = this.#pending.get(message.id)
    if (!pending) return
    this.#pending.delete(message.id)
    clearTimeout(pending.timer)
    if (message.t === 'rendered') {
      const { html, data, modules } = message
      pending.settle({
        html,
        data,
        modules,
        errors: message.errors.map(toError),
        externalFailed: message.externalFailed,
      })
    } else {
      this.#log.error({ err: toError(message.error) }, 'server rendering failed; the page is sent as a shell')
      pending.settle(undefined)
    }
  }

  async #answer(thread: Worker, request: Extract<FromThread, { t: 'fetch' }>): Promise<void> {
    const pending = this.#pending.get(request.render)
    const { id } = request
    try {
      if (!pending) throw new Error('the page is no longer being rendered')
      const { status, headers, body } = await pending.answer(request)
      // A copy of its own, handed over without another copy.
      const bytes = new Uint8Array(body)
      thread.postMessage({ t: 'fetched', id, status, headers, body: bytes } satisfies ToThread, [
        bytes.buffer,
      ])
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      thread.postMessage({
        t: 'fetched',
        id,
        status: 0,
        headers: {},
        body: null,
        error: message,
      } satisfies ToThread)
    }
  }

  /** Every page in the thread that ended goes out as a shell. */
  #giveUp(): void {
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer)
      pending.settle(undefined)
      this.#pending.delete(id)
    }
  }
}
