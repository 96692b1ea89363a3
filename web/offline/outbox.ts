// What the app does offline still reaches the search service: searches answered on the device and
// insights events that could not be sent wait in the outbox (outbox-storage.ts) and are sent once
// the connection is back, searches first, so that clicks on an offline answer can carry the
// server's queryID for the same search.
//
// Never lost, never sent twice: an entry leaves the outbox only once the server has answered for
// it, with 2xx (received) or 4xx (refused, and it would be refused again: a bad entry must not hold
// up the rest forever); without an answer, or with one that says "later" (5xx, 408, 425, 429), it stays.
// One window remains: the server has received a batch, but its answer never reaches the outbox (the
// page is closed or the connection breaks in between); that batch is sent again. It is kept small:
// the outbox is updated in the same task as the answer arrives, the replayed searches ask for
// nothing but their queryIDs (a body of a few bytes to wait for), and flushes go without keepalive,
// so a closing page aborts its request instead of letting the server receive it unanswered.
import type { AppConfig } from '../shared/config.ts'
import { onIdle } from '../shared/idle-callback.ts'
import { searchApiBase } from '../shared/search-hosts.ts'
import {
  entryID,
  type InsightsEvent,
  type Outbox,
  type QueuedSearch,
  readOutbox,
  type SearchRequest,
  updateOutbox,
} from './outbox-storage.ts'

/** Algolia's limits on one multi-query: its queries, and the hits they ask for together. */
const MAX_QUERIES_PER_REQUEST = 50
const MAX_HITS_PER_REQUEST = 1000
/** Hits a search asks for when it does not say (Algolia's default). */
const DEFAULT_HITS_PER_PAGE = 20
/** Events in one request to the insights service. */
const MAX_EVENTS_PER_REQUEST = 1000
const LOCK_NAME = 'bahnhofsfinder-outbox'

/** Answers that mean "try again later", not "this entry is wrong". */
const TRY_LATER = new Set([408, 425, 429])

/** A parameter of a request as the service reads it: inline over the `params` string. */
function searchParam(request: SearchRequest, name: string): unknown {
  if (request[name] !== undefined) return request[name]
  if (typeof request.params !== 'string') return undefined
  return new URLSearchParams(request.params).get(name) ?? undefined
}

/** Searches the service counts; facet-value searches and `analytics: false` ones are not. */
function countedSearch(request: SearchRequest): boolean {
  const analytics = searchParam(request, 'analytics')
  return request.type !== 'facet' && analytics !== false && analytics !== 'false'
}

/**
 * Remembers the searches of a multi-query body that the device answered, with the queryIDs of its
 * answer, in order, so that the service counts them once the connection is back.
 */
export function queueSearches(
  requests: readonly SearchRequest[],
  offlineQueryIDs: readonly (string | undefined)[],
): void {
  const at = Date.now()
  const searches: QueuedSearch[] = requests.flatMap((request, n) => {
    if (!countedSearch(request)) return []
    const offlineQueryID = offlineQueryIDs[n]
    return [{ id: entryID(), at, request, ...(offlineQueryID ? { offlineQueryID } : {}) }]
  })
  if (searches.length === 0) return
  updateOutbox((outbox) => ({ ...outbox, searches: [...outbox.searches, ...searches] }))
}

/**
 * InstantSearch's usage telemetry (`eventType: "instantsearch"`) is about the widgets, not the
 * traveller: the service stores none of it, so it is not worth a place in the outbox.
 */
const isTelemetry = (event: InsightsEvent) => event.eventType === 'instantsearch'

function queueEvents(url: string, events: readonly InsightsEvent[]): void {
  const kept = events.filter((event) => !isTelemetry(event))
  if (kept.length === 0) return
  const now = Date.now()
  const queued = kept.map((event) => ({
    id: entryID(),
    url,
    event: { ...event, timestamp: typeof event.timestamp === 'number' ? event.timestamp : now },
  }))
  updateOutbox((outbox) => ({ ...outbox, events: [...outbox.events, ...queued] }))
}

/** Device queryIDs whose searches still wait: clicks on them wait too. */
function waitingQueryIDs(outbox: Outbox): Set<unknown> {
  return new Set(outbox.searches.map((search) => search.offlineQueryID).filter(Boolean))
}

/**
 * An event with the server's queryID for a search answered on the device; when the server never
 * had that search, without queryID and positions (a click without a search, which it accepts).
 */
function translated(event: InsightsEvent, outbox: Outbox): InsightsEvent {
  if (typeof event.queryID !== 'string') return event
  const translation = outbox.queryIDs.find((entry) => entry.offline === event.queryID)
  if (!translation) return event
  if (translation.server !== null) return { ...event, queryID: translation.server }
  const { queryID: _queryID, positions: _positions, ...rest } = event
  return rest
}

type Outcome = { kind: 'received'; response: Response } | { kind: 'refused' } | { kind: 'later' }

function outcomeOf(response: Response): Outcome {
  if (response.ok) return { kind: 'received', response }
  if (response.status >= 400 && response.status < 500 && !TRY_LATER.has(response.status)) {
    return { kind: 'refused' }
  }
  return { kind: 'later' }
}

/** A text/plain body (JSON all the same, as Algolia's clients send it): no CORS preflight. */
async function post(url: string, body: unknown, keepalive = false): Promise<Outcome> {
  try {
    return outcomeOf(await fetch(url, { method: 'POST', body: JSON.stringify(body), keepalive }))
  } catch {
    return { kind: 'later' }
  }
}

let flushConfig: AppConfig['search'] | undefined
/** The flush started by the outbox itself, while it runs: more reasons to flush need no second one. */
let ownFlush: Promise<void> | undefined

function flushSoon(): void {
  if (!flushConfig || ownFlush) return
  ownFlush = flushOutbox(flushConfig).finally(() => {
    ownFlush = undefined
  })
}

/**
 * search-insights' request function (`createInsightsClient(insightsRequester)`): sends the events
 * as its own browser requester does, or, offline, keeps them in the outbox. Clicks on a search
 * answered on the device go with the server's queryID for it, or wait until it has one.
 */
export async function insightsRequester(url: string, data: Record<string, unknown>): Promise<boolean> {
  const events = Array.isArray(data.events) ? (data.events as InsightsEvent[]) : []
  if (navigator.onLine === false) {
    queueEvents(url, events)
    return true
  }
  const outbox = readOutbox()
  const waiting = waitingQueryIDs(outbox)
  queueEvents(
    url,
    events.filter((event) => waiting.has(event.queryID)),
  )
  const ready = events
    .filter((event) => !waiting.has(event.queryID))
    .map((event) => translated(event, outbox))
  const outcome = ready.length > 0 ? await post(url, { ...data, events: ready }, true) : undefined
  if (outcome?.kind === 'later') {
    queueEvents(url, ready)
    return true
  }
  // An answer shows that the connection is back, also when the browser never said it was gone.
  if (outcome && (outbox.searches.length > 0 || outbox.events.length > 0)) flushSoon()
  return outcome === undefined || outcome.kind === 'received'
}

/** Hits a search asks for, counted as the service counts them against a request's budget. */
function requestedHits(request: SearchRequest): number {
  const asked = Number(searchParam(request, 'length') ?? searchParam(request, 'hitsPerPage'))
  return Number.isFinite(asked) && asked >= 0 ? asked : DEFAULT_HITS_PER_PAGE
}

/** The oldest searches that one multi-query may carry. */
function nextSearches(searches: readonly QueuedSearch[]): QueuedSearch[] {
  const batch: QueuedSearch[] = []
  let hits = 0
  for (const search of searches) {
    const asked = requestedHits(search.request)
    if (batch.length > 0 && (batch.length === MAX_QUERIES_PER_REQUEST || hits + asked > MAX_HITS_PER_REQUEST))
      break
    batch.push(search)
    hits += asked
  }
  return batch
}

/**
 * The search as it was made, asking for a queryID when the device gave it one (its clicks need the
 * server's), and for nothing but the queryID back: the service counts the search as it answered it.
 */
function replayed({ request, offlineQueryID }: QueuedSearch): SearchRequest {
  const extra: Record<string, unknown> = { responseFields: ['queryID'] }
  if (offlineQueryID) extra.clickAnalytics = true
  if (typeof request.params !== 'string') return { ...request, ...extra }
  // Where the request has its parameters: an inline one of the same name would win over the string.
  const params = new URLSearchParams(request.params)
  const inline: Record<string, unknown> = { ...request }
  for (const [name, value] of Object.entries(extra)) {
    params.set(name, typeof value === 'string' ? value : JSON.stringify(value))
    delete inline[name]
  }
  return { ...inline, indexName: request.indexName, params: params.toString() }
}

function serverQueryIDs(body: unknown): Array<string | undefined> {
  const results = (body as { results?: unknown } | null)?.results
  if (!Array.isArray(results)) return []
  return results.map((result) => {
    const queryID = (result as { queryID?: unknown } | null)?.queryID
    return typeof queryID === 'string' && queryID !== '' ? queryID : undefined
  })
}

/** Sends the waiting searches, until the service cannot take them now. */
async function sendSearches(search: AppConfig['search']): Promise<void> {
  const url = new URL('/1/indexes/*/queries', searchApiBase(search))
  url.searchParams.set('x-algolia-application-id', search.appId)
  url.searchParams.set('x-algolia-api-key', search.apiKey)
  // An entry is sent once per flush at most, also when the storage would not take its removal.
  const tried = new Set<string>()
  for (;;) {
    const batch = nextSearches(readOutbox().searches.filter((entry) => !tried.has(entry.id)))
    if (batch.length === 0) return
    for (const entry of batch) tried.add(entry.id)
    const outcome = await post(url.toString(), { requests: batch.map(replayed) })
    if (outcome.kind === 'later') return
    const body: unknown =
      outcome.kind === 'received' ? await outcome.response.json().catch(() => undefined) : undefined
    const serverIDs = serverQueryIDs(body)
    const at = Date.now()
    const sent = new Set(batch.map((entry) => entry.id))
    const queryIDs = batch.flatMap((entry, n) =>
      entry.offlineQueryID ? [{ offline: entry.offlineQueryID, server: serverIDs[n] ?? null, at }] : [],
    )
    updateOutbox((outbox) => ({
      ...outbox,
      searches: outbox.searches.filter((entry) => !sent.has(entry.id)),
      queryIDs: [...outbox.queryIDs, ...queryIDs],
    }))
  }
}

/** Sends the waiting events, each batch to the URL its events were meant for. */
async function sendEvents(): Promise<void> {
  const tried = new Set<string>()
  for (;;) {
    const outbox = readOutbox()
    const waiting = waitingQueryIDs(outbox)
    const ready = outbox.events.filter((entry) => !waiting.has(entry.event.queryID) && !tried.has(entry.id))
    const url = ready[0]?.url
    if (url === undefined) return
    const batch = ready.filter((entry) => entry.url === url).slice(0, MAX_EVENTS_PER_REQUEST)
    for (const entry of batch) tried.add(entry.id)
    const outcome = await post(url, { events: batch.map((entry) => translated(entry.event, outbox)) })
    if (outcome.kind === 'later') return
    const sent = new Set(batch.map((entry) => entry.id))
    updateOutbox((current) => ({ ...current, events: current.events.filter((entry) => !sent.has(entry.id)) }))
  }
}

/** One flush at a time in this tab where the browser has no Web Locks (an insecure origin). */
let flushInTab: Promise<void> = Promise.resolve()

/** Runs `task` while no other tab of the app flushes, so that no two send the same entries. */
function oneAtATime(task: () => Promise<void>): Promise<void> {
  if (navigator.locks) return navigator.locks.request(LOCK_NAME, task)
  const run = flushInTab.then(task)
  flushInTab = run.catch(() => undefined)
  return run
}

/** Sends what waits in the outbox: searches, then events. Never throws. */
async function flushOutbox(search: AppConfig['search']): Promise<void> {
  try {
    await oneAtATime(async () => {
      if (navigator.onLine === false) return
      // Writing drops what has grown too old since it was queued.
      updateOutbox((outbox) => outbox)
      // Events that wait for a search that could not be sent stay; the others go.
      await sendSearches(search)
      await sendEvents()
    })
  } catch {
    // Storage or the lock failed: what waits stays for the next flush.
  }
}

/**
 * Flushes once the page has loaded and the browser is idle, and whenever the browser is back
 * online. Calling it again only updates the configuration used.
 */
export function startOutbox(search: AppConfig['search']): void {
  if (typeof window === 'undefined') return
  const started = flushConfig !== undefined
  flushConfig = search
  if (started) return
  window.addEventListener('online', flushSoon)
  const atIdle = () => onIdle(flushSoon, 5000)
  if (document.readyState === 'complete') atIdle()
  else window.addEventListener('load', atIdle, { once: true })
}
