// The device's copy of the search index (the service's GET /offline/1/indexes/{index}/snapshot),
// kept in Cache Storage gzip-compressed (2.9 MB of JSON take ~0.3 MB) under the version the server
// named in its ETag. The page refreshes it at idle; the offline worker reads it. One cache entry is
// replaced whole by `put`, so a reader sees one version or the other, never a mix.
import type { IndexSnapshot } from '../../search-core/index.ts'
import type { AppConfig } from '../shared/config.ts'
import { searchApiBase } from '../shared/search-hosts.ts'

const CACHE_NAME = 'bahnhofsfinder-offline-v1'
const VERSION_HEADER = 'x-snapshot-version'
const UPDATED_HEADER = 'x-snapshot-updated-at'
const STORED_HEADER = 'x-snapshot-stored-at'

/** What a stored snapshot is, without reading it. */
export interface SnapshotInfo {
  /** The server's version (its ETag, quotes included). */
  version: string
  /** When the index last changed, as the server said (ISO 8601). */
  updatedAt: string
  /** When this device received it (ISO 8601). */
  storedAt: string
}

/** Whether this browser can keep a snapshot (Cache Storage and compression streams; secure context). */
function canStoreSnapshots(): boolean {
  return typeof caches !== 'undefined' && typeof CompressionStream !== 'undefined'
}

function entryKey(indexName: string): string {
  return new URL(`/offline-snapshot/${encodeURIComponent(indexName)}`, globalThis.location.href).href
}

function infoOf(response: Response): SnapshotInfo | undefined {
  const version = response.headers.get(VERSION_HEADER)
  const updatedAt = response.headers.get(UPDATED_HEADER)
  const storedAt = response.headers.get(STORED_HEADER)
  return version && updatedAt && storedAt ? { version, updatedAt, storedAt } : undefined
}

/** The stored snapshot's version and dates, or undefined when the device has none. */
export async function storedSnapshotInfo(indexName: string): Promise<SnapshotInfo | undefined> {
  if (!canStoreSnapshots()) return undefined
  const response = await (await caches.open(CACHE_NAME)).match(entryKey(indexName))
  return response ? infoOf(response) : undefined
}

/** The stored snapshot, decompressed and parsed, with its version and dates. */
export async function readSnapshot(
  indexName: string,
): Promise<{ info: SnapshotInfo; snapshot: IndexSnapshot } | undefined> {
  if (!canStoreSnapshots()) return undefined
  const response = await (await caches.open(CACHE_NAME)).match(entryKey(indexName))
  const info = response && infoOf(response)
  if (!response?.body || !info) return undefined
  const text = await new Response(response.body.pipeThrough(new DecompressionStream('gzip'))).text()
  return { info, snapshot: JSON.parse(text) as IndexSnapshot }
}

/** The snapshot's URL on the search service, with the credentials in the query (no preflight). */
function snapshotUrl(search: AppConfig['search']): string {
  const url = new URL(
    `/offline/1/indexes/${encodeURIComponent(search.indexName)}/snapshot`,
    searchApiBase(search),
  )
  url.searchParams.set('x-algolia-application-id', search.appId)
  url.searchParams.set('x-algolia-api-key', search.apiKey)
  return url.href
}

/**
 * Asks the service for a newer snapshot than the stored one and keeps it. Resolves with what is
 * stored afterwards ('unchanged' when the server answered 304). Only our own service has the
 * route: with Algolia's hosts (`hosts: null`) there is nothing to fetch.
 */
export async function refreshSnapshot(
  search: AppConfig['search'],
  fetchImpl: typeof fetch = fetch,
): Promise<'stored' | 'unchanged' | 'unavailable'> {
  if (!search.hosts || !canStoreSnapshots()) return 'unavailable'
  const stored = await storedSnapshotInfo(search.indexName)
  // no-store: the copy lives in Cache Storage, compressed; the HTTP cache need not hold another.
  const response = await fetchImpl(snapshotUrl(search), {
    cache: 'no-store',
    headers: stored ? { 'if-none-match': stored.version } : {},
  })
  if (response.status === 304) return 'unchanged'
  const version = response.headers.get('etag')
  const modified = response.headers.get('last-modified')
  if (!response.ok || !response.body || !version || !modified) return 'unavailable'
  // Compressed whole before it is kept: the entry appears only once all of it can be read.
  const compressed = await new Response(response.body.pipeThrough(new CompressionStream('gzip'))).blob()
  const headers = {
    'content-type': 'application/json',
    [VERSION_HEADER]: version,
    [UPDATED_HEADER]: new Date(modified).toISOString(),
    [STORED_HEADER]: new Date().toISOString(),
  }
  await (await caches.open(CACHE_NAME)).put(entryKey(search.indexName), new Response(compressed, { headers }))
  return 'stored'
}
