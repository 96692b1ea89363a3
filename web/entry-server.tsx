// The server's way into the web app: renders a page to HTML with React's Node renderer, with
// the data it needs fetched through the server's in-process `fetch`, and the data the browser needs
// to take the page over (hydrate) without asking again. Built by `vite build --ssr` into dist-ssr/
// and loaded by server/web/server-render.ts.
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { App } from './app/app.tsx'
import { pageModules, SERVER_RENDERED_CHUNKS } from './app/lazy-pages.ts'

export { pageModules }

import { createServerContentClient } from './content/content-client.ts'
import { loadMessages } from './i18n/intl.tsx'
import { LOCALES } from './i18n/locale.ts'
import type { AppConfig } from './shared/config.ts'
import type { PreloadStore, RenderEnvironment } from './shared/render-context.tsx'
import { serializeServerData } from './shared/server-data.ts'

export interface RenderRequest {
  /** Path and query of the page, e.g. `/suche?q=k%C3%B6ln`. */
  url: string
  /** The page's origin, e.g. `https://bahnhofsfinder.example`. */
  origin: string
  /** /config.json as the browser would receive it for this page. */
  config: AppConfig
  /** Answers the page's requests: in process for our own services, over the network for others. */
  fetch: typeof fetch
}

export interface RenderedPage {
  /** The inner HTML of `<div id="root">`. */
  html: string
  /** The JSON of the page's server data block (web/shared/server-data.ts), safe inside `<script>`. */
  data: string
  /** What went wrong while rendering; the part concerned is left to the browser. */
  errors: unknown[]
}

/** Loads every chunk a page may need, so that rendering never waits for code. */
export async function prepareRender(): Promise<void> {
  await Promise.all([
    ...SERVER_RENDERED_CHUNKS.map((chunk) => chunk.load()),
    ...LOCALES.map((locale) => loadMessages(locale)),
  ])
}

/** Fetches once per key; a failed fetch resolves to undefined, so the browser tries itself. */
function serverPreloadStore(): PreloadStore & { answers(): Record<string, unknown> } {
  const pending = new Map<string, Promise<unknown>>()
  const answers: Record<string, unknown> = {}
  return {
    server: true,
    get: (key) => answers[key],
    load(key, fetchData) {
      let promise = pending.get(key)
      if (!promise) {
        const settled: Promise<unknown> & { status?: string; value?: unknown } = fetchData().then(
          (value) => {
            if (value !== undefined) answers[key] = value
            // How React's `use` tells a settled promise: the next render reads it without suspending.
            settled.status = 'fulfilled'
            settled.value = value
            return value
          },
          () => {
            settled.status = 'fulfilled'
            settled.value = undefined
            return undefined
          },
        )
        promise = settled
        pending.set(key, promise)
      }
      return promise
    },
    answers: () => answers,
  }
}

/**
 * The page's HTML once everything in it is rendered: React's bytes gathered as it writes them
 * (a Node stream's few methods it calls) and decoded once, with none of a web stream's reads.
 */
function renderWhole(page: ReactNode, onError: (error: unknown) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = []
    const collect = {
      write: (chunk: Uint8Array) => chunks.push(chunk) > 0,
      end() {
        let length = 0
        for (const chunk of chunks) length += chunk.byteLength
        const bytes = new Uint8Array(length)
        let at = 0
        for (const chunk of chunks) {
          bytes.set(chunk, at)
          at += chunk.byteLength
        }
        resolve(new TextDecoder().decode(bytes))
      },
      on: () => collect,
      // A fatal error once React writes (the shell's own errors reject before).
      destroy: reject,
    }
    const stream = renderToPipeableStream(page, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Once: a failed search is thrown by every part that waited for it.
      onError,
      onShellError: reject,
      onAllReady: () => stream.pipe(collect as unknown as NodeJS.WritableStream),
    })
  })
}

export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const renderedAt = Date.now()
  const errors: unknown[] = []
  const preloaded = serverPreloadStore()
  const content = createServerContentClient(request.config.content, request.origin, request.fetch)
  let searchState: unknown
  const environment: RenderEnvironment = {
    fetch: request.fetch,
    origin: request.origin,
    preloaded,
    renderedAt: () => new Date(renderedAt),
    content: { serverClient: content.client },
    searchState: () => undefined,
    keepSearchState(state) {
      searchState = state
    },
    leaveFirstPage() {},
  }
  const page = <App config={request.config} location={request.url} environment={environment} />

  // One pass, the results page's too: its widgets wait for its search (web/search/server-search.tsx).
  // The whole page in one piece: the answer is sent once everything is rendered, and React never
  // splits off a large part to be put in place by an inline script (which the Content-Security-
  // Policy rightly refuses): parts that waited for data are written where they belong.
  const html = await renderWhole(page, (error) => void (errors.includes(error) || errors.push(error)))
  const data = serializeServerData({
    config: request.config,
    renderedAt,
    preloaded: preloaded.answers(),
    content: content.extractData(),
    search: searchState ?? null,
  })
  return { html, data, errors }
}
