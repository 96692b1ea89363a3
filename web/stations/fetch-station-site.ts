// What the station page shows beyond the record: its tracks and platforms, lifts and linked local
// stops, from GET /station-facts/:id (server/web/station-facts-route.ts), which this app's own server
// answers whatever search backend it uses. Each answer is kept on the device (Cache Storage), so a
// station seen once shows them offline too; the data is from 2020 and says so, whenever received.

import type { StationSite } from '../shared/station-site.ts'

/** Thrown when the device is offline (or the server unreachable) and keeps no answer for the station. */
export class SiteNotKeptError extends Error {
  override name = 'SiteNotKeptError'
}

/** The Cache Storage cache of kept answers; a change to their shape gets a new name. */
const KEPT_CACHE = 'bahnhofsfinder-station-facts-v1'
/** At most this many stations are kept (about 2 KB each); the oldest go first. */
const KEPT_LIMIT = 200
/** A gateway's answer that the server behind it could not be reached: as good as no network. */
const UNREACHABLE = new Set([502, 503, 504])

const path = (id: string) => `/station-facts/${encodeURIComponent(id)}`

function isSite(value: unknown): value is StationSite {
  if (typeof value !== 'object' || value === null) return false
  const site = value as Record<string, unknown>
  return (
    typeof site.objectID === 'string' &&
    Array.isArray(site.tracks) &&
    Array.isArray(site.lifts) &&
    Array.isArray(site.stops) &&
    typeof site.sources === 'object'
  )
}

/** The browser's Cache Storage; undefined on the server and outside a secure context. */
function cacheStorage(): CacheStorage | undefined {
  return typeof caches === 'undefined' ? undefined : caches
}

/** The key a station's answer is kept under: its path on the page's own origin. */
const keptKey = (id: string) => new URL(path(id), location.origin).href

/** Keeps a station's facts on the device, never failing: a full or refused cache must not break the page. */
export function keepStationSite(site: StationSite): void {
  const store = cacheStorage()
  if (!store) return
  const put = async () => {
    const cache = await store.open(KEPT_CACHE)
    await cache.put(
      keptKey(site.objectID),
      new Response(JSON.stringify(site), { headers: { 'content-type': 'application/json' } }),
    )
    // Cache Storage lists entries in the order they were put (a put again moves one to the end).
    const keys = await cache.keys()
    for (const old of keys.slice(0, Math.max(0, keys.length - KEPT_LIMIT))) await cache.delete(old)
  }
  put().catch(() => undefined)
}

async function keptSite(id: string): Promise<StationSite | undefined> {
  try {
    const kept = await (await cacheStorage()?.open(KEPT_CACHE))?.match(keptKey(id))
    const site: unknown = await kept?.json()
    return isSite(site) ? site : undefined
  } catch {
    return undefined
  }
}

/**
 * The station's facts, or null for a station the server does not know. On the server `origin` is
 * the page's; in the browser the page's own origin is used. When the network cannot carry the
 * request, the answer kept from an earlier visit stands in; without one, SiteNotKeptError.
 */
export async function fetchStationSite(
  id: string,
  options: { origin?: string | undefined; signal?: AbortSignal | undefined; fetch?: typeof fetch } = {},
): Promise<StationSite | null> {
  const fetchImpl = options.fetch ?? fetch
  const browser = options.origin === undefined
  const url = new URL(path(id), options.origin ?? location.origin)
  const fallBack = async (error: unknown) => {
    const kept = browser ? await keptSite(id) : undefined
    if (kept) return kept
    throw browser ? new SiteNotKeptError('Die Angaben sind auf diesem Gerät nicht gespeichert') : error
  }
  if (browser && navigator.onLine === false) {
    const kept = await keptSite(id)
    if (kept) return kept
  }
  let response: Response
  try {
    response = await fetchImpl(url, { signal: options.signal ?? null })
  } catch (error) {
    if (options.signal?.aborted) throw error
    return fallBack(error)
  }
  if (response.status === 404) return null
  if (UNREACHABLE.has(response.status)) return fallBack(new Error(`HTTP ${response.status}`))
  if (!response.ok) throw new Error(`Die Bahnhofsangaben antworteten mit HTTP ${response.status}`)
  const site: unknown = await response.json()
  if (!isSite(site)) throw new Error('Die Bahnhofsangaben haben eine unerwartete Form')
  if (browser) keepStationSite(site)
  return site
}
