// Rendered pages kept to be sent again: a page asked for again at the same address (origin, path
// and query) while nothing it was made from has changed is sent from its kept copy, compressed
// once per coding as kept search answers are, and costs no render.
//
// What a page is made from: the address, the build (index.html), the search indexes (any write,
// replay or build changes the service's generation), the content snapshot's version, and the clock
// ("jetzt geöffnet", current notices and the rules' validity are written to the minute): a kept
// page lives until the minute it was rendered in ends, or sooner when a query rule starts or stops.
// The render time in its data block stays the first render's: the browser hydrates with it (so it
// finds what the server wrote) and takes its own clock right after; offline, it says how old the
// page's data is. Only a page rendered whole is kept (no render error, every request answered):
// a visitor over their search budget gets a page without results that is theirs alone.
//
// A results page carries its search's queryID, to which the visitor's clicks refer: shared, every
// visitor's clicks would count for one search. Each visitor it is sent to asks the page's searches
// again, in process, through the search route (a kept answer, recorded for analytics as theirs,
// within their budgets), and gets the new queryIDs written into the kept page.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { matchesEtag } from '../shared/http-caching.ts'
import { KeptEntries } from '../shared/kept-entries.ts'
import { SplicedAnswers } from '../shared/spliced-answers.ts'

/** What every page kept now depends on besides its address; undefined while none may be kept. */
export interface PageSources {
  /** Changes whenever a page may: the indexes' generation and the content's version. */
  version(): string | undefined
  /** When a page rendered at `now` must be rendered again (milliseconds since the epoch). */
  expiresAt(now: number): number
}

/** A page as composed from its render: what is kept of it. */
export interface ComposedPage {
  status: number
  html: string
  etag: string
  /** The JSON of its data block (web/shared/server-data.ts). */
  data: string
}

/** A page to send: compressed (`coding` set) or as text. */
export interface PageToSend {
  status: number
  etag: string
  body: string | Buffer
  coding?: string
}

/** One search of a page, as the search route takes it. */
interface PageSearch {
  indexName: string
  params: string
}

interface KeptPage {
  status: number
  etag: string
  /** The page around its queryIDs (each slot is a queryID's JSON string, quotes included). */
  parts: readonly string[]
  /** Per slot, which of the page's searches it is the queryID of. */
  slots: readonly number[]
  /** The page's searches, asked again for every visitor (none: a page without queryIDs). */
  searches: readonly PageSearch[]
  /** The search key the page's searches were asked with. */
  credentials: { appId: string; apiKey: string } | undefined
}

/** A request's place in the kept pages: its key, and what it is valid for, read before rendering. */
export interface KeptPageKey {
  readonly key: string
  readonly version: string
  readonly started: number
}

const QUERY_ID = /^[0-9a-f]{32}$/
/** A queryID's slot: its JSON string. */
const SLOT_LENGTH = 34

export class KeptPages {
  readonly entries: KeptEntries<KeptPage>
  readonly #sources: PageSources
  readonly #spliced = new SplicedAnswers()
  /** Pages being rendered now, by key: a request for one waits for its render, not a render of its own. */
  readonly #rendering = new Map<string, { owner: KeptPageKey; done: Promise<void>; end: () => void }>()

  constructor(maxBytes: number, sources: PageSources) {
    this.entries = new KeptEntries(maxBytes)
    this.#sources = sources
  }

  /** The key of the page `request` asks for from this `build`, or undefined when none is kept now. */
  keyOf(request: FastifyRequest, build: string): KeptPageKey | undefined {
    const version = this.#sources.version()
    if (version === undefined) return undefined
    const key = `${request.protocol}://${request.host}\u0000${request.url}`
    return { key, version: `${build} ${version}`, started: Date.now() }
  }

  /**
   * The kept page for `keyed`, its searches asked again as `request`'s; undefined when none is kept
   * or they could not be (the page is then rendered for this visitor).
   */
  async find(
    app: FastifyInstance,
    request: FastifyRequest,
    keyed: KeptPageKey,
  ): Promise<PageToSend | undefined> {
    const rendering = this.#rendering.get(keyed.key)
    if (rendering) await rendering.done
    const kept = this.entries.get(keyed.key, keyed.version)
    if (kept === undefined) {
      // At the end of a minute, ten visitors of a popular page cost one render, not ten.
      if (!this.#rendering.has(keyed.key)) {
        let end = () => {}
        const done = new Promise<void>((resolve) => {
          end = resolve
        })
        this.#rendering.set(keyed.key, { owner: keyed, done, end })
      }
      return undefined
    }
    const { status, etag } = kept
    // The visitor's own copy is still the page: answered 304, nothing asked again.
    if (status === 200 && matchesEtag(request.headers['if-none-match'], etag))
      return { status, etag, body: '' }
    let own: string[] = []
    if (kept.searches.length > 0) {
      const queryIDs = await searchAgain(app, request, kept)
      if (queryIDs === undefined) return undefined
      own = kept.slots.map((search) => `"${queryIDs[search]}"`)
    }
    const compressed = this.#spliced.answer(
      kept,
      kept.parts,
      () => kept.slots.map(() => SLOT_LENGTH),
      () => own,
      request.headers['accept-encoding'],
    )
    if (compressed) return { status, etag, body: compressed.body, coding: compressed.coding }
    let body = kept.parts[0] ?? ''
    for (let i = 0; i < own.length; i++) body += own[i]! + kept.parts[i + 1]!
    return { status, etag, body }
  }

  /**
   * The render `find` left to this request is over (its page kept or not): the requests for the
   * same page that waited for it look again. Called after every `find` that found nothing.
   */
  rendered(keyed: KeptPageKey): void {
    const rendering = this.#rendering.get(keyed.key)
    if (rendering?.owner !== keyed) return
    this.#rendering.delete(keyed.key)
    rendering.end()
  }

  /** Keeps a page rendered whole for `request` (200 and 404 only); not a page it cannot send again. */
  keep(request: FastifyRequest, keyed: KeptPageKey, page: ComposedPage): void {
    if (page.status !== 200 && page.status !== 404) return
    const kept = keptPage(request, page)
    if (kept === undefined) return
    // The page's text (two bytes a character) and room for its compressed pieces in three codings.
    const bytes = Math.ceil(2.5 * page.html.length)
    this.entries.set(keyed.key, kept, bytes, keyed.version, this.#sources.expiresAt(keyed.started))
  }
}

/** The page split around its searches' queryIDs; undefined when they cannot be asked again. */
function keptPage(request: FastifyRequest, page: ComposedPage): KeptPage | undefined {
  const { status, etag, html } = page
  let data: ServerDataSearches
  try {
    data = JSON.parse(page.data) as ServerDataSearches
  } catch {
    return undefined
  }
  const searches: PageSearch[] = []
  const queryIDs: string[] = []
  for (const index of Object.values(data.search?.initialResults ?? {})) {
    for (const result of index?.results ?? []) {
      if (typeof result?.index !== 'string' || typeof result.params !== 'string') return undefined
      searches.push({ indexName: result.index, params: result.params })
      queryIDs.push(typeof result.queryID === 'string' ? result.queryID : '')
    }
  }
  if (!queryIDs.some((id) => id !== ''))
    return { status, etag, parts: [html], slots: [], searches: [], credentials: undefined }
  // Asked again in process only when the page searched our own service at its own address.
  const search = data.config?.search
  const host = search?.hosts?.length === 1 ? search.hosts[0] : undefined
  const own = new URL(`${request.protocol}://${request.host}`)
  if (host?.url !== own.host || `${host.protocol}:` !== own.protocol) return undefined
  if (typeof search?.appId !== 'string' || typeof search.apiKey !== 'string') return undefined
  const parts: string[] = []
  const slots: number[] = []
  const marker = '"queryID":'
  let from = 0
  for (;;) {
    const at = html.indexOf(marker, from)
    if (at < 0) break
    const start = at + marker.length
    const value = html.slice(start, start + SLOT_LENGTH)
    const search = queryIDs.indexOf(value.slice(1, -1))
    if (search < 0 || !value.endsWith('"') || !QUERY_ID.test(value.slice(1, -1))) return undefined
    parts.push(html.slice(from, start))
    slots.push(search)
    from = start + SLOT_LENGTH
  }
  parts.push(html.slice(from))
  // Every queryID must be in a slot: one left in the text would be shared.
  for (const id of queryIDs) if (id !== '' && parts.some((part) => part.includes(id))) return undefined
  return { status, etag, parts, slots, searches, credentials: { appId: search.appId, apiKey: search.apiKey } }
}

/** What of a page's data block the kept page reads. */
interface ServerDataSearches {
  config?: {
    search?: {
      appId?: unknown
      apiKey?: unknown
      hosts?: Array<{ url?: unknown; protocol?: unknown }> | null
    }
  }
  /** InstantSearch's server state: per index widget, its results as the service answered them. */
  search?: {
    initialResults?: Record<
      string,
      { results?: Array<{ index?: unknown; params?: unknown; queryID?: unknown }> } | null
    >
  } | null
}

/**
 * The page's searches asked again as the visitor's (their address, the page's key and referer),
 * and the new queryID of each; undefined when they were not all answered with one.
 */
async function searchAgain(
  app: FastifyInstance,
  request: FastifyRequest,
  kept: KeptPage,
): Promise<string[] | undefined> {
  if (kept.credentials === undefined) return undefined
  const origin = `${request.protocol}://${request.host}`
  const response = await app.inject({
    method: 'POST',
    url: '/1/indexes/*/queries',
    headers: {
      host: request.host,
      referer: `${origin}${request.url}`,
      'content-type': 'application/json',
      'x-algolia-application-id': kept.credentials.appId,
      'x-algolia-api-key': kept.credentials.apiKey,
    },
    payload: JSON.stringify({ requests: kept.searches }),
    remoteAddress: request.ip,
  })
  if (response.statusCode !== 200) return undefined
  const results = (response.json() as { results?: Array<{ queryID?: unknown }> }).results
  if (results?.length !== kept.searches.length) return undefined
  const queryIDs: string[] = []
  for (const result of results) {
    const id = result.queryID
    queryIDs.push(typeof id === 'string' && QUERY_ID.test(id) ? id : '')
  }
  return kept.slots.every((search) => queryIDs[search] !== '') ? queryIDs : undefined
}
