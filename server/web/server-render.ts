// Server rendering: every page's HTML holds its content (search engines, link previews, readers
// without JavaScript, and a first paint that needs no script). The renderer is the web app's own
// code, built by `vite build --ssr` into dist-ssr/entry-server.js; the page's requests to our search
// and content services are answered in process (Fastify's inject: the same routes, keys and limits
// as the browser's requests, without a socket), those to other hosts (Algolia, Contentful when
// configured) go over the network like the browser's would.
import { statSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppConfig } from '../../web/shared/config.ts'
import { AssetLinks } from './asset-links.ts'

/** What dist-ssr/entry-server.js exports (web/entry-server.tsx). */
interface RendererModule {
  prepareRender(): Promise<void>
  pageModules(pathname: string): string[]
  renderPage(request: {
    url: string
    origin: string
    config: AppConfig
    fetch: typeof fetch
  }): Promise<{ html: string; data: string; errors: unknown[] }>
}

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

/** A request to another host while rendering (Algolia, Contentful) waits this long at most. */
const EXTERNAL_TIMEOUT_MS = 2000

/**
 * React writes a page's `<title>` and the like at the start of a render that is not a whole
 * document; the server's head (page-head.ts) already carries them, so they are cut off here.
 */
const LEADING_HEAD_TAGS = /^(?:<(?:link|meta)\b[^>]*>|<title\b[^>]*>[^<]*<\/title>)*/

/**
 * Pages a serving process renders at once. A render holds the event loop for milliseconds at a
 * time between its awaits (a results page: tens in all, InstantSearch renders it twice), and every
 * search waits behind the parts of the renders already under way: a stranger asking for many pages
 * at once put all of theirs between each search and its answer.
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
  #loaded: { version: number; module: Promise<RendererModule> } | undefined
  #staleNoted = false
  /** Pages being rendered now, and those waiting for a render. */
  readonly #slots = new RenderSlots()

  constructor(
    app: FastifyInstance,
    options: { entry: string; distDir: string; config: (request: FastifyRequest) => AppConfig },
  ) {
    this.#app = app
    this.#entry = options.entry
    this.#config = options.config
    this.#assets = new AssetLinks(options.distDir)
  }

  /** The page's body, or undefined when no renderer is built or rendering failed (logged). */
  async render(request: FastifyRequest): Promise<RenderedBody | undefined> {
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
    const renderer = await this.#module()
    if (!renderer) return undefined
    // As a URL spells it ("LOCALHOST:80" is http://localhost): the configuration's own URLs are
    // made from the same Host, and a spelling that differed sent the page's requests, the search
    // key with them, over the network to whatever host a stranger named.
    const origin = new URL(`${request.protocol}://${request.host}`).origin
    const answered = { failed: false }
    try {
      const page = await renderer.renderPage({
        url: request.url,
        origin,
        config: this.#config(request),
        fetch: this.#fetchFor(request, origin, answered),
      })
      for (const error of page.errors)
        request.log.warn({ err: error }, 'part of a page not rendered on the server')
      const pathname = new URL(request.url, origin).pathname
      return {
        html: page.html.replace(LEADING_HEAD_TAGS, ''),
        data: page.data,
        head: this.#assets.forModules(renderer.pageModules(pathname)),
        complete: page.errors.length === 0 && !answered.failed,
      }
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed; the page is sent as a shell')
      return undefined
    }
  }

  /** Loads the renderer ahead of the first page (at start); a failure is logged, not thrown. */
  async prepare(): Promise<void> {
    await this.#module()
  }

  #version(): number | undefined {
    try {
      return statSync(this.#entry).mtimeMs
    } catch {
      return undefined
    }
  }

  /**
   * The built renderer, loaded once. Its chunks import the entry by its path, so it cannot be loaded
   * a second time in the same process: after a rebuild, pages are served as shells (whose scripts
   * then match the new build) until the server restarts.
   */
  async #module(): Promise<RendererModule | undefined> {
    const version = this.#version()
    if (version === undefined) return undefined
    if (!this.#loaded) {
      // React's production build (the development build checks more and renders several times slower).
      process.env.NODE_ENV ??= 'production'
      const module = (import(pathToFileURL(this.#entry).href) as Promise<RendererModule>).then(
        async (loaded) => {
          await loaded.prepareRender()
          return loaded
        },
      )
      this.#loaded = { version, module }
    }
    if (this.#loaded.version !== version) {
      if (!this.#staleNoted)
        this.#app.log.warn(`${this.#entry} was rebuilt: restart the server to render pages again`)
      this.#staleNoted = true
      return undefined
    }
    try {
      return await this.#loaded.module
    } catch (error) {
      this.#app.log.error({ err: error }, `${this.#entry} could not be loaded`)
      return undefined
    }
  }

  /** `fetch` for one page: our own origin in process, as the visitor; other hosts over the network. */
  #fetchFor(request: FastifyRequest, origin: string, answered: { failed: boolean }): typeof fetch {
    const app = this.#app
    const failed = (status: number) => {
      if (status === 429 || status >= 500) answered.failed = true
    }
    return async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (url.origin !== origin) {
        try {
          const response = await fetch(input, {
            ...init,
            signal: init?.signal ?? AbortSignal.timeout(EXTERNAL_TIMEOUT_MS),
          })
          failed(response.status)
          return response
        } catch (error) {
          answered.failed = true
          throw error
        }
      }
      const headers: Record<string, string> = {}
      new Headers(init?.headers).forEach((value, name) => {
        headers[name] = value
      })
      headers.host = request.host
      headers.referer = `${origin}${request.url}`
      const body = init?.body
      const response = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: `${url.pathname}${url.search}`,
        headers,
        ...(typeof body === 'string' ? { payload: body } : {}),
        remoteAddress: request.ip,
      })
      failed(response.statusCode)
      const responseHeaders = new Headers()
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined)
          responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value))
      }
      const empty = response.statusCode === 204 || response.statusCode === 304
      return new Response(empty ? null : new Uint8Array(response.rawPayload), {
        status: response.statusCode,
        headers: responseHeaders,
      })
    }
  }
}
