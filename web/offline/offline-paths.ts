// The search service's read routes the device answers offline (offline-routes.ts, in the worker),
// and the test of a request against them, which the page makes before it starts the worker. Kept
// free of the search code, so that the page's own bundle stays small.
import type { AppConfig } from '../shared/config.ts'

/**
 * Whether the device may answer for this configuration: our own service (Algolia's hosts have no
 * snapshot route), and a browser with workers, Cache Storage and compression streams (Cache
 * Storage needs a secure context: https or localhost).
 */
export function deviceSearchPossible(search: AppConfig['search']): boolean {
  return (
    !!search.hosts &&
    typeof Worker !== 'undefined' &&
    typeof caches !== 'undefined' &&
    typeof CompressionStream !== 'undefined'
  )
}

export interface OfflineRequest {
  method: string
  /** Absolute or relative; only the path and the query string are read. */
  url: string
  body?: string | undefined
}

export interface OfflineAnswer {
  status: number
  /** The JSON text the server would have sent. */
  content: string
}

/** What the pages send: searches, facet-value searches, records by objectID. */
export const PATHS = {
  multiQuery: { method: 'POST', path: /^\/1\/indexes\/\*\/queries$/ },
  objects: { method: 'POST', path: /^\/1\/indexes\/\*\/objects$/ },
  facetValues: { method: 'POST', path: /^\/1\/indexes\/([^/*]+)\/facets\/([^/]+)\/query$/ },
  search: { method: 'POST', path: /^\/1\/indexes\/([^/*]+)\/query$/ },
  object: { method: 'GET', path: /^\/1\/indexes\/([^/*]+)\/([^/]+)$/ },
} as const

/** Whether the device could answer this request (given a snapshot of the index it names). */
export function answerable(request: Pick<OfflineRequest, 'method' | 'url'>): boolean {
  const { pathname } = new URL(request.url, 'http://device.invalid')
  const method = request.method.toUpperCase()
  return Object.values(PATHS).some((route) => route.method === method && route.path.test(pathname))
}
