// Content answers kept in the browser's Cache Storage, so that the notices and pages a traveller has
// seen still show when the content service cannot be reached (in a train, say), marked with the time
// they were received. Browser only: the server renders with what the service answers now.
import {
  type AnyVariables,
  type Exchange,
  formatDocument,
  mapExchange,
  type Operation,
  stringifyDocument,
  stringifyVariables,
} from '@urql/core'

/** The Cache Storage cache of kept answers; a change to what is kept gets a new name. */
const KEPT_ANSWERS_CACHE = 'bahnhofsfinder-content-v1'
/** At most this many answers are kept (a visit asks a handful); the oldest go first. */
const KEPT_ANSWERS_LIMIT = 200
/** The header of a kept response that says when the answer was received (ISO 8601). */
const RECEIVED_AT = 'x-received-at'
/** A gateway's answer that the service behind it could not be reached: as good as no network. */
const UNREACHABLE = new Set([502, 503, 504])

/**
 * Variables that only say "as of when", left out of the key: the notice queries ask for what had not
 * ended by `today`'s Berlin midnight, so an answer kept on an earlier day holds every notice of today
 * but those published since, and each page decides with `noticeStatus` what is current.
 */
const AS_OF_VARIABLES = ['today']
/** The parameters urql adds to a GET URL; what remains is the endpoint. */
const GRAPHQL_PARAMS = ['query', 'operationName', 'variables', 'extensions']

/**
 * What the browser adds to an answer's GraphQL `extensions` (urql passes them on with the result):
 * when the answer was received from the service, and whether it is a kept one, standing in for an
 * answer the service could not give now.
 */
interface ReceiptExtensions {
  receivedAt?: string
  kept?: boolean
}

/** The receipt the browser added to an answer, if any. */
export function receiptOf(extensions: Record<string, unknown> | undefined): ReceiptExtensions {
  const { receivedAt, kept } = (extensions ?? {}) as ReceiptExtensions
  return { receivedAt: typeof receivedAt === 'string' ? receivedAt : undefined, kept: kept === true }
}

/** The answer's JSON with the receipt added to its `extensions`. */
function withReceipt(answer: Record<string, unknown>, receipt: ReceiptExtensions): string {
  const extensions = answer.extensions as Record<string, unknown> | undefined
  return JSON.stringify({ ...answer, extensions: { ...extensions, ...receipt } })
}

/** One key for a query whether it went as GET or POST: endpoint, query text, variables. */
function answerKey(url: string, query: string, variables: unknown): string | undefined {
  let endpoint: URL
  try {
    endpoint = new URL(url)
  } catch {
    return undefined
  }
  for (const name of GRAPHQL_PARAMS) endpoint.searchParams.delete(name)
  const kept: Record<string, unknown> = { ...(variables as Record<string, unknown> | undefined) }
  for (const name of AS_OF_VARIABLES) delete kept[name]
  endpoint.searchParams.set('query', query)
  endpoint.searchParams.set('variables', stringifyVariables(kept))
  return endpoint.href
}

/** The key of a request as urql's fetch exchange sends it; undefined for one that is not a query. */
function requestKey(url: string, init: RequestInit | undefined): string | undefined {
  try {
    const method = (init?.method ?? 'GET').toUpperCase()
    if (method === 'GET') {
      const params = new URL(url).searchParams
      const query = params.get('query')
      if (!query || /^\s*(mutation|subscription)\b/.test(query)) return undefined
      return answerKey(url, query, JSON.parse(params.get('variables') ?? '{}'))
    }
    if (method !== 'POST' || typeof init?.body !== 'string') return undefined
    const body = JSON.parse(init.body) as { query?: unknown; variables?: unknown }
    if (typeof body.query !== 'string' || /^\s*(mutation|subscription)\b/.test(body.query)) return undefined
    return answerKey(url, body.query, body.variables)
  } catch {
    return undefined
  }
}

/** A complete answer worth keeping: data and no errors (a partial answer is not shown offline). */
function isWhole(answer: unknown): answer is Record<string, unknown> {
  if (typeof answer !== 'object' || answer === null) return false
  const { data, errors } = answer as { data?: unknown; errors?: unknown }
  return typeof data === 'object' && data !== null && (errors === undefined || errors === null)
}

async function keep(store: CacheStorage, key: string, answer: string, receivedAt: Date): Promise<void> {
  const cache = await store.open(KEPT_ANSWERS_CACHE)
  await cache.put(
    key,
    new Response(answer, {
      headers: { 'content-type': 'application/json', [RECEIVED_AT]: receivedAt.toISOString() },
    }),
  )
  // Cache Storage lists entries in the order they were put (a put again moves one to the end).
  const keys = await cache.keys()
  for (const old of keys.slice(0, Math.max(0, keys.length - KEPT_ANSWERS_LIMIT))) await cache.delete(old)
}

/** Keeps an answer, never failing: a full or refused cache must not break the page that asked. */
function keepQuietly(key: string, answer: string, receivedAt: Date): void {
  const store = cacheStorage()
  if (store) keep(store, key, answer, receivedAt).catch(() => undefined)
}

/** The kept answer for `key` as a response, with its receipt; else undefined. */
async function keptAnswer(key: string): Promise<Response | undefined> {
  try {
    const cache = await cacheStorage()?.open(KEPT_ANSWERS_CACHE)
    const kept = await cache?.match(key)
    if (!kept) return undefined
    const answer = (await kept.json()) as Record<string, unknown>
    const receivedAt = kept.headers.get(RECEIVED_AT) ?? undefined
    return new Response(withReceipt(answer, { receivedAt, kept: true }), {
      headers: { 'content-type': 'application/json' },
    })
  } catch {
    return undefined
  }
}

/** The browser's Cache Storage; undefined on the server and outside a secure context. */
function cacheStorage(): CacheStorage | undefined {
  return typeof caches === 'undefined' ? undefined : caches
}

function offline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

/**
 * `fetch` for the content client: notes when each answer to a query was received, keeps every
 * complete one, and answers with the kept one when the service cannot be reached (no network, the
 * request failed, a gateway's 502–504). A kept answer is no network error, so the retry exchange
 * does not wait for a second attempt. Without a kept answer the failure stands, as before.
 */
export function fetchKeepingAnswers(
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
  now: () => Date = () => new Date(),
): typeof fetch {
  return async (input, init) => {
    const key = requestKey(input instanceof Request ? input.url : String(input), init)
    if (!key) return fetchImpl(input, init)
    if (offline()) {
      const kept = await keptAnswer(key)
      if (kept) return kept
    }
    let response: Response
    try {
      response = await fetchImpl(input, init)
    } catch (error) {
      // Torn down by urql (the page went away): nobody waits for an answer.
      if (init?.signal?.aborted) throw error
      const kept = await keptAnswer(key)
      if (kept) return kept
      throw error
    }
    if (UNREACHABLE.has(response.status)) return (await keptAnswer(key)) ?? response
    if (!response.ok || !/json/i.test(response.headers.get('content-type') ?? '')) return response
    // Read here, once: urql aborts the request when it has read the answer, which would cut off a
    // copy read later.
    const text = await response.text()
    let answer: unknown
    try {
      answer = JSON.parse(text)
    } catch {
      answer = undefined
    }
    const receivedAt = now()
    if (isWhole(answer)) keepQuietly(key, text, receivedAt)
    return new Response(
      isWhole(answer) ? withReceipt(answer, { receivedAt: receivedAt.toISOString() }) : text,
      { status: response.status, statusText: response.statusText, headers: response.headers },
    )
  }
}

/**
 * Keeps the answers a server-rendered page came with (urql's SSR data), received when the server
 * rendered the page: they never pass through `fetch`, and the first page of a visit is the one most
 * often seen. Goes between the cache and the SSR exchange, where the operation is as the fetch
 * exchange would send it.
 */
export function keepHandedOverAnswers(initialState: Record<string, unknown>, renderedAt: Date): Exchange {
  // urql's keys are numbers; the state's, having travelled as JSON, are strings.
  const handedOver = new Set(Object.keys(initialState))
  return mapExchange({
    onResult(result) {
      if (!handedOver.delete(String(result.operation.key))) return
      if (result.error || !isWhole({ data: result.data })) return
      const key = operationKey(result.operation)
      if (key) keepQuietly(key, JSON.stringify({ data: result.data }), renderedAt)
      const receipt: ReceiptExtensions = { receivedAt: renderedAt.toISOString() }
      return { ...result, extensions: { ...result.extensions, ...receipt } }
    },
  })
}

/** When the kept answer to this query was received; undefined when none is kept (or no cache). */
export async function keptAt(operation: Operation<unknown, AnyVariables>): Promise<Date | undefined> {
  try {
    // As the fetch exchange sends it: urql's cache exchange adds `__typename` to the document.
    const key = operationKey({ ...operation, query: formatDocument(operation.query) })
    const cache = key ? await cacheStorage()?.open(KEPT_ANSWERS_CACHE) : undefined
    const receivedAt = (await cache?.match(key ?? ''))?.headers.get(RECEIVED_AT)
    return receivedAt ? new Date(receivedAt) : undefined
  } catch {
    return undefined
  }
}

function operationKey(operation: Operation<unknown, AnyVariables>): string | undefined {
  if (operation.kind !== 'query') return undefined
  return answerKey(operation.context.url, stringifyDocument(operation.query), operation.variables)
}
