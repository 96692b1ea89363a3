// The outbox as kept in localStorage, so that what waits for the connection survives the page:
// searches answered on the device, insights events that could not be sent, and which server
// queryID each device queryID became. Storage never throws into the app: unavailable (private
// mode, disabled), full or holding something unreadable, the outbox is empty and the app goes on.

const STORAGE_KEY = 'bahnhofsfinder:outbox'
/** The shape's version: a stored outbox of another version is not read (it starts empty). */
const VERSION = 1

/** Searches and events kept together at most; the oldest go first. */
const MAX_ENTRIES = 500

/**
 * What is older is dropped: the insights service refuses events older than 30 days, and one
 * refused event takes its whole batch with it. The day less allows for a device clock that runs
 * behind; searches that old are dropped too (their clicks are gone, and the server would count
 * them as today's).
 */
const MAX_AGE_MS = 29 * 24 * 60 * 60 * 1000

/** One entry of a multi-query body as the app sent it: `params` as a string, or inline, or both. */
export type SearchRequest = { readonly indexName: string; readonly [parameter: string]: unknown }

/** An insights event as search-insights sends it. */
export type InsightsEvent = Record<string, unknown>

export interface QueuedSearch {
  id: string
  /** When it was made (ms). */
  at: number
  request: SearchRequest
  /** The queryID the device answered with, when the search asked for one. */
  offlineQueryID?: string
}

interface QueuedEvent {
  id: string
  /** The insights URL it was meant for, credentials included. */
  url: string
  /** Its `timestamp` (ms) is when it happened: set when it was queued if it had none. */
  event: InsightsEvent & { timestamp: number }
}

/** A device queryID and the server's for the same search; null: the server never had the search. */
interface QueryIDTranslation {
  offline: string
  server: string | null
  at: number
}

export interface Outbox {
  searches: QueuedSearch[]
  events: QueuedEvent[]
  queryIDs: QueryIDTranslation[]
}

const empty = (): Outbox => ({ searches: [], events: [], queryIDs: [] })

let lastID = 0

/** Tells entries apart when they are removed, also entries queued by another tab. */
export function entryID(): string {
  lastID += 1
  return `${Date.now().toString(36)}-${lastID.toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function isSearch(value: unknown): value is QueuedSearch {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.at === 'number' &&
    isObject(value.request) &&
    typeof value.request.indexName === 'string' &&
    (value.offlineQueryID === undefined || typeof value.offlineQueryID === 'string')
  )
}

function isEvent(value: unknown): value is QueuedEvent {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.url === 'string' &&
    isObject(value.event) &&
    typeof value.event.timestamp === 'number'
  )
}

function isTranslation(value: unknown): value is QueryIDTranslation {
  return (
    isObject(value) &&
    typeof value.offline === 'string' &&
    (value.server === null || typeof value.server === 'string') &&
    typeof value.at === 'number'
  )
}

/** The stored outbox; an entry that is not what it should be is left out, not the others. */
export function readOutbox(): Outbox {
  let stored: unknown
  try {
    const text = localStorage.getItem(STORAGE_KEY)
    if (text === null) return empty()
    stored = JSON.parse(text)
  } catch {
    return empty()
  }
  if (!isObject(stored) || stored.version !== VERSION) return empty()
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
  return {
    searches: list(stored.searches).filter(isSearch),
    events: list(stored.events).filter(isEvent),
    queryIDs: list(stored.queryIDs).filter(isTranslation),
  }
}

/**
 * Drops what is too old, then the oldest entries over the bound, keeping the order of the rest; a
 * dropped search's queryID is noted, so that its clicks go without it (the server would not know it).
 */
function bounded(outbox: Outbox, now: number): Outbox {
  const since = now - MAX_AGE_MS
  const recent = <T>(list: T[], at: (entry: T) => number) => list.filter((entry) => at(entry) >= since)
  let searches = recent(outbox.searches, (search) => search.at)
  let events = recent(outbox.events, (entry) => entry.event.timestamp)
  const over = searches.length + events.length - MAX_ENTRIES
  if (over > 0) {
    const oldest = new Set<QueuedSearch | QueuedEvent>(
      [
        ...searches.map((search) => ({ at: search.at, entry: search as QueuedSearch | QueuedEvent })),
        ...events.map((event) => ({ at: event.event.timestamp, entry: event })),
      ]
        .sort((a, b) => a.at - b.at)
        .slice(0, over)
        .map(({ entry }) => entry),
    )
    searches = searches.filter((search) => !oldest.has(search))
    events = events.filter((event) => !oldest.has(event))
  }
  const kept = new Set(searches)
  const lost = outbox.searches.flatMap((search) =>
    !kept.has(search) && search.offlineQueryID
      ? [{ offline: search.offlineQueryID, server: null, at: now }]
      : [],
  )
  const queryIDs = recent([...outbox.queryIDs, ...lost], (entry) => entry.at).slice(-MAX_ENTRIES)
  return { searches, events, queryIDs }
}

function write(outbox: Outbox): boolean {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: VERSION, ...outbox }))
    return true
  } catch {
    return false
  }
}

/**
 * Reads, changes and writes the outbox in one go, with no await in between, so that what another
 * tab queued meanwhile is not overwritten. When the storage is full, the older half is given up
 * rather than the new entry.
 */
export function updateOutbox(change: (outbox: Outbox) => Outbox, now = Date.now()): void {
  const outbox = bounded(change(readOutbox()), now)
  if (write(outbox)) return
  const half = (list: unknown[]) => Math.floor(list.length / 2)
  write({
    searches: outbox.searches.slice(half(outbox.searches)),
    events: outbox.events.slice(half(outbox.events)),
    queryIDs: outbox.queryIDs.slice(half(outbox.queryIDs)),
  })
}
