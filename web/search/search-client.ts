import { type LiteClient, liteClient } from 'algoliasearch/lite'
import type { AppConfig } from '../shared/config.ts'
import { SEARCH_CLIENT_TIMEOUTS } from './constants.ts'

type SearchConfig = AppConfig['search']

/** The browser search client: our own server by default, Algolia when the config says so. */
export function createSearchClient(search: SearchConfig): LiteClient {
  return liteClient(search.appId, search.apiKey, {
    timeouts: { ...SEARCH_CLIENT_TIMEOUTS },
    ...(search.hosts
      ? { hosts: search.hosts.map((host) => ({ ...host, accept: 'readWrite' as const })) }
      : {}),
  })
}
