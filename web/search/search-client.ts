import { type LiteClient, liteClient } from 'algoliasearch/lite'
import { offlineRequester } from '../offline/offline-requester.ts'
import type { AppConfig } from '../shared/config.ts'
import { SEARCH_CLIENT_TIMEOUTS } from './constants.ts'

type SearchConfig = AppConfig['search']
type ClientOptions = NonNullable<Parameters<typeof liteClient>[2]>
type HostEntry = NonNullable<ClientOptions['hosts']>[number]

/**
 * Tries of one search before the error shows. The client moves to the next host entry after a
 * timeout or a network error and multiplies its timeouts by (timed-out hosts + 3 + timeouts so far):
 * the first try keeps the seed's connect 1 s / read 2 s, the second waits 4 s / 8 s, the third
 * 5 s / 10 s, so that an answer on a slow train network still arrives.
 */
const SEARCH_ATTEMPTS = 3

/**
 * Our service has one URL, so it is listed SEARCH_ATTEMPTS times: the client's own retry over
 * fallback hosts then gives the slow answer its longer timeouts. Algolia's default hosts (config
 * `hosts: null`) already come with three fallbacks.
 */
function searchHostEntries(hosts: NonNullable<SearchConfig['hosts']>): HostEntry[] {
  const entries = hosts.map((host) => ({ ...host, accept: 'readWrite' as const }))
  const rounds = Math.ceil(SEARCH_ATTEMPTS / entries.length)
  return Array.from({ length: rounds }, () => entries).flat()
}

/**
 * The browser search client: our own server by default, Algolia when the config says so. In the
 * browser, what the network cannot carry is answered from the device's snapshot of the index
 * (web/offline/); the server renders through the `requester` it passes.
 */
export function createSearchClient(search: SearchConfig, requester?: ClientOptions['requester']): LiteClient {
  const chosen = requester ?? offlineRequester(search)
  return liteClient(search.appId, search.apiKey, {
    timeouts: { ...SEARCH_CLIENT_TIMEOUTS },
    ...(search.hosts ? { hosts: searchHostEntries(search.hosts) } : {}),
    ...(chosen ? { requester: chosen } : {}),
  })
}

/**
 * A requester over a `fetch` function: the server renders search pages through its in-process
 * `fetch` (server/web/server-render.ts), which answers our own hosts without a network round trip.
 */
export function fetchRequester(fetchImpl: typeof fetch): NonNullable<ClientOptions['requester']> {
  return {
    async send(request) {
      const response = await fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.data === undefined ? {} : { body: request.data as BodyInit }),
      })
      return { status: response.status, content: await response.text(), isTimedOut: false }
    },
  }
}
