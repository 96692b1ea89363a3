// Serves the built web app: hashed assets cached for a year, everything else revalidated, and a
// history fallback so that client-side routes load index.html.
import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { DEFAULT_LOCALE, LOCALES, type Locale, localeOfPath, pathInLocale } from '../../web/i18n/locale.ts'
import { PAGE_PATHS } from '../../web/shared/page-paths.ts'
import { SERVER_DATA_ELEMENT_ID } from '../../web/shared/server-data.ts'
import { holdRefusal, retryAfterSeconds } from '../shared/address-budget.ts'
import { matchesEtag, preferredEncoding } from '../shared/http-caching.ts'
import type { KeptPageKey, KeptPages, PageToSend } from './kept-pages.ts'
import { pageMessages } from './page-messages.ts'
import { tooManyRequestsPage } from './too-many-requests.ts'

interface StaticFilesOptions {
  distDir: string
  /**
   * The status of a client route (e.g. 404 for an unknown station) and the tags its HTML carries in
   * `<head>` (title, description, canonical, JSON-LD: page-head.ts).
   */
  page?: (path: string, query: URLSearchParams, origin: string) => { status: number; head: string }
  /** The page's content rendered on the server (server-render.ts), or undefined for an empty shell. */
  render?: (
    request: FastifyRequest,
  ) => Promise<{ html: string; data: string; head: string; complete: boolean } | undefined>
  /** Pages kept to be sent again without a render (kept-pages.ts); none kept without it. */
  keptPages?: KeptPages
  /** Takes a page from the client's budget: 0 when it may have it, else milliseconds to wait (answered 429). */
  pageBudget?: (request: FastifyRequest) => number
}

/**
 * The web app's pages, in every language: routed to their document at once. Through the files'
 * wildcard each first looked for a file of its name (a stat and a read of the folder, ~0.5 ms of
 * the event loop per page); other paths still go that way.
 */
const PAGE_ROUTES = LOCALES.flatMap((locale) =>
  Object.values(PAGE_PATHS).map((path) => pathInLocale(`/${path}`, locale)),
)

const API_PREFIXES = ['/1/', '/2/', '/offline/', '/graphql', '/healthz', '/config.json', '/metrics']

export default fp(
  async (app: FastifyInstance, options: StaticFilesOptions) => {
    const indexFile = join(options.distDir, 'index.html')
    if (!IndexDocument.exists(indexFile)) {
      app.log.warn(`${indexFile} is missing: run \`npm run build\`; only the APIs are served`)
    }
    await app.register(fastifyStatic, {
      root: options.distDir,
      // Looked up per request, so a rebuild of dist/ is served without a restart.
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each file (scripts/build/precompress.ts): sent as they
      // are to a browser that accepts them, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, path) {
        const hashed = /[\\/]assets[\\/]/.test(path)
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })

    const index = new IndexDocument(indexFile, new InlineStyles(options.distDir))
    /** The page's head and status, and its content when it renders; kept when it rendered whole. */
    const composePage = async (
      request: FastifyRequest,
      path: string,
      template: NonNullable<ReturnType<IndexDocument['read']>>,
      rendering: boolean,
      keyed: KeptPageKey | undefined,
    ) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '')
      const page = options.page?.(path, query, `${request.protocol}://${request.host}`) ?? {
        status: 200,
        head: '',
      }
      const body = rendering ? await options.render?.(request) : undefined
      const lang = localeOfPath(path)
      const composed = body ? template.rendered(page.head, body, lang) : template.shell(page.head, lang)
      if (keyed && body?.complete)
        options.keptPages?.keep(request, keyed, { status: page.status, ...composed, data: body.data })
      return { status: page.status, ...composed }
    }
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
      const wait = options.pageBudget?.(request) ?? 0
      if (wait > 0) {
        await holdRefusal(wait)
        const seconds = retryAfterSeconds(wait)
        return reply
          .code(429)
          .header('retry-after', String(seconds))
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(tooManyRequestsPage(seconds, localeOfPath(path)))
      }
      const template = index.read()
      if (!template) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('Web app not built: run `npm run build`.')
      }
      const rendering = !!options.render && (request.method === 'GET' || request.method === 'HEAD')
      // Read before rendering: a write while the page renders makes its kept copy stale at once.
      const keyed = rendering ? options.keptPages?.keyOf(request, template.build) : undefined
      const kept = keyed && (await options.keptPages?.find(app, request, keyed))
      if (kept) return sendPage(request, reply, kept)
      // Those who waited for this render look again once it is over, kept or not.
      const { status, html, etag } = await composePage(request, path, template, rendering, keyed).finally(
        () => keyed && options.keptPages?.rendered(keyed),
      )
      const encoding = preferredEncoding(request.headers['accept-encoding'])
      if (!encoding) return sendPage(request, reply, { status, etag, body: html })
      // A results page is 100–150 KB of HTML, 1–2 ms to compress: done in libuv's threads, so
      // that the searches waiting on this event loop are not held that long.
      return sendPage(request, reply, {
        status,
        etag,
        coding: encoding === 'brotli' ? 'br' : 'gzip',
        body:
          encoding === 'brotli'
            ? await brotliPage(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
            : await gzipPage(html, { level: 6 }),
      })
    }

    app.get('/', (request, reply) => sendIndex(request, reply, '/'))
    for (const route of PAGE_ROUTES) {
      app.get(route, (request, reply) => sendIndex(request, reply, request.url.split('?')[0] ?? route))
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/'
      const isPage = request.method === 'GET' || request.method === 'HEAD'
      const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix))
      const looksLikeFile = /\.[a-z0-9]+$/i.test(path)
      if (!isPage || isApi || looksLikeFile) {
        return reply.code(404).send({ message: `Not found: ${request.method} ${path}`, status: 404 })
      }
      return sendIndex(request, reply, path)
    })
  },
  { name: 'static-files' },
)

const brotliPage = promisify(brotliCompress)
const gzipPage = promisify(gzip)

/** A page, revalidated on every visit (no-cache) and answered 304 while it is unchanged. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: PageToSend): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding')
  if (page.status === 200 && matchesEtag(request.headers['if-none-match'], page.etag)) {
    return reply.code(304).send()
  }
  reply.code(page.status).type('text/html; charset=utf-8')
  if (page.coding) reply.header('content-encoding', page.coding)
  return reply.send(page.body)
}

const RENDER_TIME = /"renderedAt":\d+/

/**
 * index.html in the language of the page's address (`/en/…`, web/i18n/locale.ts): its `<html
 * lang>`, that language's manifest (the installed app's name and shortcuts) and the shell's note
 * for readers without JavaScript from the catalogs. German is the document as built.
 */
function localizedDocument(html: string, lang: Locale): string {
  if (lang === DEFAULT_LOCALE) return html
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace('href="/manifest.webmanifest"', `href="/manifest.${lang}.webmanifest"`)
    .replace(/<noscript>[^<]*<\/noscript>/, `<noscript>${pageMessages(lang)('shell.noScript')}</noscript>`)
}

/** The shell fetches /config.json; a rendered page carries it in its data block. */
const CONFIG_PRELOAD = /\s*<!--[^>]*-->\s*<link rel="preload" href="\/config.json"[^>]*>/
const ROOT_ELEMENT = '<div id="root"></div>'
/** The shell's note for readers without JavaScript: a rendered page does not need it. */
const NO_SCRIPT_NOTE = /\s*<noscript>[^<]*<\/noscript>/

interface ComposedPage {
  html: string
  /** Changes with the page, not with the render time in its data block. */
  etag: string
}

/** The parts of index.html a page is put together from, worked out once per build. */
interface DocumentParts {
  /** As built, for a document whose head cannot take tags. */
  original: string
  /** The shell: up to `</head>` (the build's title and description cut), and from there. */
  shell: { before: string; after: string } | undefined
  /** A rendered page: its head without the config preload and with the styles inline, the body around the root. */
  rendered: { before: string; middle: string; after: string; tail: string } | undefined
  /** Tells one build's pages from another's in the ETag. */
  hash: string
}

/**
 * index.html as built, split once around its head tags and root element (a page costs string joins,
 * no search through the document); read again only when the build replaced it.
 */
class IndexDocument {
  readonly #file: string
  readonly #styles: InlineStyles
  #cached: { parts: Record<Locale, DocumentParts>; mtimeMs: number; size: number } | undefined

  constructor(file: string, styles: InlineStyles) {
    this.#file = file
    this.#styles = styles
  }

  static exists(file: string): boolean {
    try {
      return statSync(file).isFile()
    } catch {
      return false
    }
  }

  /**
   * The page with `head` in place of the build's title and description (`shell`) and, when the
   * server rendered it, its content in the root element and its data block before the scripts.
   */
  read():
    | {
        /** Tells this build's pages from another's. */
        build: string
        shell: (head: string, lang: Locale) => ComposedPage
        rendered: (
          head: string,
          body: { html: string; data: string; head: string },
          lang: Locale,
        ) => ComposedPage
      }
    | undefined {
    let stat: { mtimeMs: number; size: number }
    try {
      stat = statSync(this.#file)
    } catch {
      return undefined
    }
    let cached = this.#cached
    if (!cached || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
      const original = readFileSync(this.#file, 'utf8')
      cached = {
        parts: Object.fromEntries(
          LOCALES.map((lang) => [lang, this.#split(localizedDocument(original, lang))]),
        ) as Record<Locale, DocumentParts>,
        mtimeMs: stat.mtimeMs,
        size: stat.size,
      }
      this.#cached = cached
    }
    const byLang = cached.parts
    const styles = this.#styles
    const etagOf = (parts: DocumentParts, ...pieces: string[]) => {
      const hash = createHash('sha256').update(parts.hash)
      for (const piece of pieces) hash.update('\u0000').update(piece)
      return `"${hash.digest('base64url').slice(0, 27)}"`
    }
    const shell = (head: string, lang: Locale): ComposedPage => {
      const parts = byLang[lang]
      const html =
        head && parts.shell ? `${parts.shell.before}  ${head}\n  ${parts.shell.after}` : parts.original
      return { html, etag: etagOf(parts, head) }
    }
    return {
      build: byLang[DEFAULT_LOCALE].hash,
      shell,
      rendered(head, body, lang) {
        const parts = byLang[lang]
        if (!parts.rendered) return shell(head, lang)
        const tags = [head, styles.inline(body.head)].filter(Boolean).join('\n    ')
        const { before, middle, after, tail } = parts.rendered
        const html =
          `${before}${tags ? `  ${tags}\n  ` : ''}${middle}${body.html}${after}` +
          `<script type="application/json" id="${SERVER_DATA_ELEMENT_ID}">${body.data}</script>\n  </body>${tail}`
        // The render time in the data block changes on every request; the page does not.
        return { html, etag: etagOf(parts, head, body.head, body.html, body.data.replace(RENDER_TIME, '')) }
      },
    }
  }

  #split(original: string): DocumentParts {
    const hash = createHash('sha256').update(original).digest('base64url')
    const html = original
      .replace(/\s*<title>[^<]*<\/title>/, '')
      .replace(/\s*<meta name="description"[^>]*>/, '')
    const end = html.indexOf('</head>')
    if (end < 0) return { original, shell: undefined, rendered: undefined, hash }
    const shell = { before: html.slice(0, end), after: html.slice(end) }
    const page = html.replace(CONFIG_PRELOAD, '').replace(NO_SCRIPT_NOTE, '')
    const headEnd = page.indexOf('</head>')
    const root = page.indexOf(ROOT_ELEMENT)
    const bodyEnd = page.lastIndexOf('</body>')
    if (root < headEnd || bodyEnd < root) return { original, shell, rendered: undefined, hash }
    return {
      original,
      shell,
      rendered: {
        before: this.#styles.inline(page.slice(0, headEnd)),
        middle: `${this.#styles.inline(page.slice(headEnd, root))}<div id="root">`,
        after: `</div>${page.slice(root + ROOT_ELEMENT.length, bodyEnd)}`,
        tail: page.slice(bodyEnd + '</body>'.length),
      },
      hash,
    }
  }
}

/**
 * A rendered page carries its style sheets in `<style>` elements instead of links: on a slow
 * network each linked sheet costs a round trip before the first paint (the Content-Security-Policy
 * allows inline styles; Leaflet needs them anyway). The hashed files never change: read once.
 */
class InlineStyles {
  readonly #distDir: string
  readonly #files = new Map<string, string | null>()

  constructor(distDir: string) {
    this.#distDir = distDir
  }

  inline(html: string): string {
    return html.replace(STYLESHEET_LINK, (link, path: string) => {
      const css = this.#read(path)
      if (css === null) return link
      // The link stays, for no medium: Vite's loader of a lazy chunk finds its sheet already there
      // and does not add it again at the end of the head (after the page's other sheets, where it
      // would win ties it should lose).
      return `<style data-href="/${path}">${css.replaceAll('</style', '<\\/style')}</style><link rel="stylesheet" crossorigin href="/${path}" media="not all" />`
    })
  }

  #read(path: string): string | null {
    let css = this.#files.get(path)
    if (css === undefined) {
      try {
        css = readFileSync(join(this.#distDir, path), 'utf8')
      } catch {
        css = null
      }
      this.#files.set(path, css)
    }
    return css
  }
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)"\s*\/?>/g
