// The search service's read routes as the device answers them from a snapshot: the same paths,
// bodies and answers as the server's (server/search/routes), run through the same execution code
// (OfflineSearch). Only what the app's pages send is here; anything else is left to the network.
import type { OfflineSearch } from '../../search-core/index.ts'
import { toAlgoliaError } from '../../search-core/index.ts'
import { type OfflineAnswer, type OfflineRequest, PATHS } from './offline-paths.ts'

type Route = (search: OfflineSearch, match: RegExpExecArray, url: URL, body: unknown) => unknown

const ROUTES: Array<{ method: string; path: RegExp; answer: Route }> = [
  { ...PATHS.multiQuery, answer: (search, _match, _url, body) => search.multiQuery(body) },
  { ...PATHS.objects, answer: (search, _match, _url, body) => search.getObjects(body) },
  {
    ...PATHS.facetValues,
    answer: (search, match, _url, body) =>
      search.facetValues(decoded(match[1]), decoded(match[2]), body ?? {}),
  },
  { ...PATHS.search, answer: (search, match, _url, body) => search.searchOne(decoded(match[1]), body ?? {}) },
  {
    ...PATHS.object,
    answer: (search, match, url) =>
      search.getObject(
        decoded(match[1]),
        decoded(match[2]),
        url.searchParams
          .get('attributesToRetrieve')
          ?.split(',')
          .map((name) => name.trim()),
      ),
  },
]

function decoded(segment: string | undefined): string {
  return decodeURIComponent(segment ?? '')
}

/**
 * The answer the server would give, or undefined for a request the device does not answer (the
 * caller then reports the network's failure). Errors are answered as the server words them.
 */
export async function answerOffline(
  search: OfflineSearch,
  request: OfflineRequest,
): Promise<OfflineAnswer | undefined> {
  const url = new URL(request.url, 'http://device.invalid')
  const method = request.method.toUpperCase()
  for (const route of ROUTES) {
    const match = route.method === method ? route.path.exec(url.pathname) : null
    if (!match) continue
    try {
      const body = request.body ? (JSON.parse(request.body) as unknown) : undefined
      return { status: 200, content: JSON.stringify(await route.answer(search, match, url, body)) }
    } catch (error) {
      const wire =
        error instanceof SyntaxError ? { status: 400, message: 'Invalid JSON' } : toAlgoliaError(error)
      if (!wire) throw error
      return { status: wire.status, content: JSON.stringify({ message: wire.message, status: wire.status }) }
    }
  }
  return undefined
}
