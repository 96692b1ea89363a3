import type { AppConfig } from '../shared/config.ts'
import { searchApiBase } from '../shared/search-hosts.ts'
import type { Station } from './station.ts'

export class StationFetchError extends Error {
  override name = 'StationFetchError'
  readonly status: number

  constructor(status: number) {
    super(`Der Suchdienst antwortete mit HTTP ${status}`)
    this.status = status
  }
}

function isStation(value: unknown): value is Station {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return typeof record.objectID === 'string' && typeof record.name === 'string'
}

/**
 * One record by its objectID (Algolia's getObject, allowed for search-only keys), or null when the
 * index has no such record. The lite client has no getObject, so this is a plain GET; credentials go
 * in the query string like the lite client sends them, which avoids a CORS preflight.
 */
export async function fetchStation(
  search: AppConfig['search'],
  id: string,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<Station | null> {
  const url = new URL(
    `/1/indexes/${encodeURIComponent(search.indexName)}/${encodeURIComponent(id)}`,
    searchApiBase(search),
  )
  url.searchParams.set('x-algolia-application-id', search.appId)
  url.searchParams.set('x-algolia-api-key', search.apiKey)
  const response = await fetchImpl(url, { signal })
  if (response.status === 404) return null
  if (!response.ok) throw new StationFetchError(response.status)
  const record: unknown = await response.json()
  if (!isStation(record)) throw new StationFetchError(502)
  return record
}

/**
 * The names of several records by objectID in one request (Algolia's getObjects, allowed for
 * search-only keys), sent like `fetchStation`. IDs the index does not have are left out.
 */
export async function fetchStationNames(
  search: AppConfig['search'],
  ids: readonly string[],
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<Map<string, string>> {
  const url = new URL('/1/indexes/*/objects', searchApiBase(search))
  url.searchParams.set('x-algolia-application-id', search.appId)
  url.searchParams.set('x-algolia-api-key', search.apiKey)
  const response = await fetchImpl(url, {
    method: 'POST',
    body: JSON.stringify({
      requests: ids.map((objectID) => ({
        indexName: search.indexName,
        objectID,
        attributesToRetrieve: ['name'],
      })),
    }),
    signal,
  })
  if (!response.ok) throw new StationFetchError(response.status)
  const body = (await response.json()) as { results?: unknown[] }
  const names = new Map<string, string>()
  for (const record of body.results ?? []) if (isStation(record)) names.set(record.objectID, record.name)
  return names
}
