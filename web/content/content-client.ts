import { Client, type CombinedError, cacheExchange, fetchExchange } from '@urql/core'
import { retryExchange } from '@urql/exchange-retry'
import type { AppConfig } from '../shared/config.ts'

/**
 * How content queries are retried: the seed's constants, urql's retry exchange defaults, written out
 * so that they are visible and tested. The second attempt waits 1–2.5 s (the initial delay times a
 * random 1.5–2.5 factor); only network errors are retried: a GraphQL error would fail again.
 */
const CONTENT_RETRY = {
  initialDelayMs: 1000,
  maxDelayMs: 15_000,
  maxNumberAttempts: 2,
  retryIf: (error: CombinedError) => !!error.networkError,
} as const

type ContentConfig = AppConfig['content']

/** The GraphQL endpoint as an absolute URL (config may give a path such as `/graphql`). */
function contentUrl(config: ContentConfig, base = globalThis.location?.href): string {
  return new URL(config.url, base).href
}

/** Request headers: Contentful's delivery token travels as a bearer token. */
function contentHeaders(config: ContentConfig): Record<string, string> {
  return config.token ? { Authorization: `Bearer ${config.token}` } : {}
}

export function createContentClient(config: ContentConfig, base?: string): Client {
  const headers = contentHeaders(config)
  return new Client({
    url: contentUrl(config, base),
    // GET (within the URL length limit) so that browsers and the server's ETag can cache answers.
    preferGetMethod: 'within-url-limit',
    requestPolicy: 'cache-first',
    fetchOptions: { headers },
    exchanges: [cacheExchange, retryExchange(CONTENT_RETRY), fetchExchange],
  })
}

// One client per configuration, shared by every content chunk so that they share its cache.
const clients = new WeakMap<ContentConfig, Client>()

export function contentClientFor(config: ContentConfig): Client {
  let client = clients.get(config)
  if (!client) {
    client = createContentClient(config)
    clients.set(config, client)
  }
  return client
}
