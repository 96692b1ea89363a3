// Server rendering: every page's HTML holds its content (search engines, link previews, readers
// without JavaScript, and a first paint that needs no script). The renderer is the web app's own
// code, built by `vite build --ssr` into dist-ssr/entry-server.js and loaded only in the serving
// process's render thread (render-thread.ts), so that a render never holds the event loop that
// answers searches. The page's requests to our search and content services come back from the
// thread and are answered here in process (Fastify's inject: the same routes, keys and limits as
// the browser's requests, without a socket); those to other hosts (Algolia, Contentful when
// configured) go over the network from the thread, like the browser's would.
import { statSync } from 'node:fs'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppConfig } from '../../web/shared/config.ts'
import { AssetLinks } from './asset-links.ts'
import { type OwnAnswer, type OwnRequest, RenderThread, type RenderUsage } from './render-thread.ts'

export interface RenderedBody {
  /** The inner HTML of `<div id="root">`, without the head tags React writes first. */
  html: string
  /** JSON for the page's server data block. */
  data: string
  /** Links to the styles and scripts of the page's own chunks, for its head. */
  head: string
  /**
   * Rendered without errors, every request it made answered (none refused, failed or timed out): a
   * page that may be sent to any visitor again (kept-pages.ts). A visitor over their search budget
   * gets a page without results, which is theirs alone.
   */
  complete: boolean
}

/**
 * React writes a page's `<title>` and the like at the start of a render that is not a whole
 * document; the server's head (page-head.ts) already carries them, so they are cut off here.
 */
const LEADING_HEAD_TAGS = /^(?:<(?:link|meta)\b[^>]*>|<title\b[^>]*>[^<]*<\/title>)*/

/**
 * Pages a serving process has its render thread render at once. The thread shares the machine's
 * cores with the serving processes: a stranger asking for many pages at once gets two of them
 * rendered at a time, and the thread's memory holds two pages' trees at most.
 */
const MAX_RENDERS_AT_ONCE = 2
/**
 * Pages beyond those wait for a render in turn, at most this many and this long: a reader without
 * JavaScript gets nothing from a shell, and two browsers on two busy cores ask for more than two
 * pages at once now and then. Past the queue or the wait, a page goes out as its shell (the browser
 * renders it; without JavaScript its note says to load it again).
 */
const MAX_RENDERS_WAITING = 16
const RENDER_WAIT_MS = 3000

/** At most MAX_RENDERS_AT_ONCE holders; others wait in turn, bounded in number and time. */
class RenderSlots {
  #busy = 0
  readonly #waiting: Array<(granted: boolean) => void> = []

  /** Whether a slot was given (then `release` it), false when the queue was full or the wait too long. */
  acquire(): Promise<boolean> {
    if (this.#busy < MAX_RENDERS_AT_ONCE) {
      this.#busy += 1
      return Promise.resolve(true)
    }
    if (this.#waiting.length >= MAX_RENDERS_WAITING) return Promise.resolve(false)
    return new Promise((resolve) => {
      const grant = (granted: boolean) => {
        clearTimeout(timer)
        resolve(granted)
      }
      const timer = setTimeout(() => {
        const at = this.#waiting.indexOf(grant)
        if (at >= 0) this.#waiting.splice(at, 1)
        resolve(false)
      }, RENDER_WAIT_MS)
      this.#waiting.push(grant)
    })
  }

  release(): void {
    const next = this.#waiting.shift()
    // The slot passes straight to the next in line.
    if (next) next(true)
    else this.#busy -= 1
  }
}

export class ServerRenderer {
  readonly #app: FastifyInstance
  readonly #entry: string
  readonly #config: (request: FastifyRequest) => AppConfig
  readonly #assets: AssetLinks
  readonly #thread: RenderThread
  /** The build the thread loaded (the entry's mtime), once it was started. */
  #version: number | undefined
  #staleNoted = false
  /** Pages being rendered now, and those waiting for a render. */
  readonly #slots = new RenderSlots()

  constructor(
    app: FastifyInstance,
    options: {
      entry: string
      distDir: string
      config: (request: FastifyRequest) => AppConfig
      usage?: RenderUsage
    },
  ) {
    this.#app = app
    this.#entry = options.entry
    this.#config = options.config
    this.#assets = new AssetLinks(options.distDir)
    this.#thread = new RenderThread(options.entry, app.log, options.usage)
  }

  /** The page's body, or undefined when no renderer is built or rendering failed (logged). */
  async render(request: FastifyRequest): Promise<RenderedBody | undefined> {
    if (!this.#current()) return undefined
    if (!(await this.#slots.acquire())) {
      request.log.debug('too many pages rendering or waiting: this one is sent as a shell')
      return undefined
    }
    try {
      return await this.#render(request)
    } finally {
      this.#slots.release()
    }
  }

  async #render(request: FastifyRequest): Promise<RenderedBody | undefined> {
    // As a URL spells it ("LOCALHOST:80" is http://localhost): the configuration's own URLs are
    // made from the same Host, and a spelling that differed sent the page's requests, the search
    // key with them, over the network to whatever host a stranger named.
    const origin = new URL(`${request.protocol}://${request.host}`).origin
    const answered = { failed: false }
    const page = await this.#thread.render(
      { url: request.url, origin, config: this.#config(request) },
      (own) => this.#answer(request, origin, own, answered),
    )
    if (!page) return undefined
    for (const error of page.errors)
      request.log.warn({ err: error }, 'part of a page not rendered on the server')
    return {
      html: page.html.replace(LEADING_HEAD_TAGS, ''),
      data: page.data,
      head: this.#assets.forModules(page.modules),
      complete: page.errors.length === 0 && !answered.failed && !page.externalFailed,
    }
  }

  /** Starts the render thread ahead of the first page (at start); a failure is logged, not thrown. */
  async prepare(): Promise<void> {
    if (this.#current()) await this.#thread.start()
  }

  /** Stops the render thread. */
  close(): Promise<void> {
    return this.#thread.close()
  }

  /**
   * Whether the renderer is built and is the build the thread loaded. Its chunks import the entry
   * by its path, and a thread loads it once: after a rebuild, pages are served as shells (whose
   * scripts then match the new build) until the server restarts.
   */
  #current(): boolean {
    let version: number
    try {
      version = statSync(this.#entry).mtimeMs
    } catch {
      return false
    }
    this.#version ??= version
    if (this.#version === version) return true
    if (!this.#staleNoted)
      this.#app.log.warn(`${this.#entry} was rebuilt: restart the server to render pages again`)
    this.#staleNoted = true
    return false
  }

  /**
   * A page's request to our own origin, made as the visitor, answered by our routes in process;
   * one refused (429), failed (5xx) or not answered marks the page `answered.failed`.
   */
  async #answer(
    request: FastifyRequest,
    origin: string,
    own: OwnRequest,
    answered: { failed: boolean },
  ): Promise<OwnAnswer> {
    const headers = { ...own.headers, host: request.host, referer: `${origin}${request.url}` }
    const response = await this.#app
      .inject({
        method: own.method as 'GET',
        url: own.path,
        headers,
        ...(own.body !== undefined ? { payload: own.body } : {}),
        remoteAddress: request.ip,
      })
      .catch((error: unknown) => {
        answered.failed = true
        throw error
      })
    if (response.statusCode === 429 || response.statusCode >= 500) answered.failed = true
    const answerHeaders: Record<string, string> = {}
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) answerHeaders[name] = Array.isArray(value) ? value.join(', ') : String(value)
    }
    return { status: response.statusCode, headers: answerHeaders, body: response.rawPayload }
  }
}
