import {
  Client,
  type CombinedError,
  cacheExchange,
  type Exchange,
  fetchExchange,
  ssrExchange,
} from '@urql/core'
import { retryExchange } from '@urql/exchange-retry'
import type { AppConfig } from '../shared/config.ts'
import type { RenderEnvironment } from '../shared/render-context.tsx'
import { fetchKeepingAnswers, keepHandedOverAnswers } from './kept-answers.ts'

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

/** The answers the server rendered the page with (urql's SSR data), and when it rendered it. */
interface Handoff {
  state: Record<string, unknown>
  renderedAt: Date
}

/**
 * The browser's content client. `handoff`: the server's answers, used for the first page's queries
 * instead of asking again. Every answer is kept for when the service cannot be reached
 * (`kept-answers.ts`).
 */
function createContentClient(config: ContentConfig, base?: string, handoff?: Handoff): Client {
  const headers = contentHeaders(config)
  const handedOver: Exchange[] = handoff
    ? [
        keepHandedOverAnswers(handoff.state, handoff.renderedAt),
        ssrExchange({ isClient: true, initialState: handoff.state as never }),
      ]
    : []
  return new Client({
    url: contentUrl(config, base),
    // GET (within the URL length limit) so that browsers and the server's ETag can cache answers.
    preferGetMethod: 'within-url-limit',
    requestPolicy: 'cache-first',
    fetch: fetchKeepingAnswers(),
    fetchOptions: { headers },
    exchanges: [cacheExchange, ...handedOver, retryExchange(CONTENT_RETRY), fetchExchange],
  })
}

// One client per configuration, shared by every content chunk so that they share its cache.
const clients = new WeakMap<ContentConfig, Client>()

export function contentClientFor(config: ContentConfig, environment: RenderEnvironment): Client {
  if (environment.content.serverClient instanceof Client) return environment.content.serverClient
  let client = clients.get(config)
  if (!client) {
    const state = environment.content.initialState
    client = createContentClient(
      config,
      undefined,
      state && { state, renderedAt: environment.renderedAt() ?? new Date() },
    )
    clients.set(config, client)
  }
  return client
}

/**
 * The content client of one server render: it suspends rendering until an answer is there (the
 * server sends whole pages) and records every answer for the browser (`extractData`).
 */
export function createServerContentClient(
  config: ContentConfig,
  base: string,
  fetchImpl: typeof fetch,
): { client: Client; extractData: () => Record<string, unknown> } {
  const ssr = ssrExchange({ isClient: false })
  const client = new Client({
    url: contentUrl(config, base),
    preferGetMethod: 'within-url-limit',
    requestPolicy: 'cache-first',
    suspense: true,
    fetch: fetchImpl,
    fetchOptions: { headers: contentHeaders(config) },
    exchanges: [cacheExchange, ssr, fetchExchange],
  })
  return { client, extractData: () => ssr.extractData() as Record<string, unknown> }
}
