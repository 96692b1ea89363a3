// The render thread (started by render-thread.ts, one per serving process): the only place the
// server loads the page renderer (dist-ssr/entry-server.js: React, InstantSearch, the app). A
// page's requests to our own services go back to the serving process over the thread's port, which
// answers them with its routes (Fastify's inject); those to other hosts (Algolia, Contentful when
// configured) go over the network from here. A render holds this thread's event loop, never the
// serving process's.

import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { pathToFileURL } from 'node:url'
import { parentPort, workerData } from 'node:worker_threads'
import { releaseStartupMemory } from '../shared/release-memory.ts'
import type { FromThread, RendererModule, ThreadError, ToThread } from './render-thread.ts'

/** A request to another host while rendering (Algolia, Contentful) waits this long at most. */
const EXTERNAL_TIMEOUT_MS = 2000

const port = parentPort
if (!port) throw new Error('render-thread-entry.ts runs in a worker thread only')
const { entry } = workerData as { entry: string }

const send = (message: FromThread, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer)

function threadError(error: unknown): ThreadError {
  return error instanceof Error
    ? { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) }
    : { name: 'Error', message: String(error) }
}

/** Own-origin requests waiting for the serving process's answer, by id. */
const answers = new Map<number, { resolve: (response: Response) => void; reject: (error: Error) => void }>()
let nextFetch = 1

/** Renders one of whose requests to another host was refused (429), failed (5xx), threw or timed out. */
const externalFailed = new Set<number>()

/** A request to another host, its failure noted for the render (such a page is not kept). */
async function externalFetch(render: number, input: Parameters<typeof fetch>[0], init?: RequestInit) {
  try {
    const response = await fetch(input, {
      ...init,
      signal: init?.signal ?? AbortSignal.timeout(EXTERNAL_TIMEOUT_MS),
    })
    if (response.status === 429 || response.status >= 500) externalFailed.add(render)
    return response
  } catch (error) {
    externalFailed.add(render)
    throw error
  }
}

/** `fetch` for one page: our own origin through the serving process, other hosts over the network. */
function fetchFor(render: number, origin: string): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.origin !== origin) return externalFetch(render, input, init)
    const headers: Record<string, string> = {}
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value
    })
    const id = nextFetch++
    const body = init?.body
    send({
      t: 'fetch',
      id,
      render,
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      headers,
      ...(typeof body === 'string' ? { body } : {}),
    })
    return new Promise((resolve, reject) => answers.set(id, { resolve, reject }))
  }
}

// React's production build (the development build checks more and renders several times slower).
process.env.NODE_ENV ??= 'production'

/**
 * The thread's niceness (Linux): it yields the cores to the serving process's own thread, so that a
 * search arriving while pages render is answered first, not after the render's time slice. A page
 * then takes longer only while searches keep the cores busy.
 */
const RENDER_THREAD_NICE = 10

/** Lowers this thread's priority alone: on Linux a thread's id is a process id to setpriority(2). */
function yieldToServing(): void {
  let threadId: number
  try {
    threadId = Number(readlinkSync('/proc/thread-self').split('/').pop())
  } catch {
    return // not Linux: the thread runs at the process's priority
  }
  try {
    if (threadId > 0 && threadId !== process.pid) setPriority(threadId, RENDER_THREAD_NICE)
  } catch {
    // a container that forbids it: the thread runs at the process's priority
  }
}
yieldToServing()

/** The renderer and its chunks, loaded; undefined (told to the serving process) when they cannot be. */
async function load(): Promise<RendererModule | undefined> {
  try {
    const loaded = (await import(pathToFileURL(entry).href)) as RendererModule
    await loaded.prepareRender()
    // What loading made and dropped (the chunks' source, their parse) is given back now, not left
    // to the first renders' collections: ~14 MB less resident per thread after start.
    releaseStartupMemory()
    return loaded
  } catch (error) {
    send({ t: 'load-failed', error: threadError(error) })
    return undefined
  }
}

/** This thread's CPU time so far (user and system), in microseconds: what its renders cost. */
function cpuMicros(): number {
  const { user, system } = process.threadCpuUsage()
  return user + system
}

function render(renderer: RendererModule, message: Extract<ToThread, { t: 'render' }>): void {
  const { id, url, origin, config } = message
  renderer.renderPage({ url, origin, config, fetch: fetchFor(id, origin) }).then(
    (page) =>
      send({
        t: 'rendered',
        id,
        html: page.html,
        data: page.data,
        errors: page.errors.map(threadError),
        modules: renderer.pageModules(new URL(url, origin).pathname),
        externalFailed: externalFailed.delete(id),
        cpu: cpuMicros(),
      }),
    (error: unknown) => {
      externalFailed.delete(id)
      send({ t: 'render-failed', id, error: threadError(error), cpu: cpuMicros() })
    },
  )
}

function answered(message: Extract<ToThread, { t: 'fetched' }>): void {
  const waiting = answers.get(message.id)
  answers.delete(message.id)
  if (!waiting) return
  if (message.error !== undefined) waiting.reject(new Error(message.error))
  else {
    const empty = message.status === 204 || message.status === 304
    waiting.resolve(
      new Response(empty ? null : message.body, { status: message.status, headers: message.headers }),
    )
  }
}

// Without a renderer the thread ends here (nothing listens on its port).
const renderer = await load()
if (renderer) {
  port.on('message', (message: ToThread) => {
    if (message.t === 'fetched') answered(message)
    else render(renderer, message)
  })
  send({ t: 'ready' })
}
