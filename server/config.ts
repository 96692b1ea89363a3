// Configuration is read once, here, and validated; no other module reads process.env.
import { isIP } from 'node:net'
import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
// Zod's version 3 API, which the zod package keeps beside version 4: every process of the server
// (the supervisor too) reads its configuration, and importing version 4 built ~8 MB of schemas and
// code per process that stayed resident (measured alone: +8 MB own memory, +6 MB of Node's pages).
import { z } from 'zod/v3'
import { QUERY_SUGGESTIONS_DEFAULTS } from './search/analytics/query-suggestions.ts'
import { RETENTION_DAYS } from './search/analytics/search-recorder.ts'
import { TRENDING_MIN_CLIENTS } from './search/recommend/trending.ts'

/**
 * The per-address budgets' defaults: many times what the web app itself asks for as a visitor types,
 * pages and moves the map (docs/operations.md has the figures).
 */
const ADDRESS_BUDGET_DEFAULTS = {
  pagesPerMinute: 120,
  pageBurst: 20,
  searchesPerMinute: 1200,
  searchBurst: 600,
} as const

const port = z.coerce.number().int().min(0).max(65535)
const optionalString = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .optional()
// Keys are sent in headers and query strings: keep them to a safe alphabet and a sane length.
const apiKey = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16–128 characters of A–Z, a–z, 0–9, "_" or "-"')
      .optional(),
  )
  .optional()
const url = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .pipe(z.string().refine(isHttpUrl, 'must be an http(s) URL').optional())
  .optional()
function isHttpUrl(text: string): boolean {
  return URL.canParse(text) && /^https?:$/.test(new URL(text).protocol)
}
// An empty value is unset: the default applies.
const count = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(min).max(max).default(fallback),
  )

/** An entry written /…/ is a regular expression. */
const isPattern = (entry: string): boolean => /^\/.+\/$/s.test(entry)

/** The entries of a comma-separated list, trimmed; a /pattern/ keeps the commas inside it. */
function listEntries(text: string): string[] {
  const entries: string[] = []
  let open: string | undefined
  for (const piece of text.split(',')) {
    const entry = open === undefined ? piece.trim() : `${open},${piece}`.trim()
    open = undefined
    if (entry.startsWith('/') && !isPattern(entry)) open = entry
    else if (entry !== '') entries.push(entry)
  }
  if (open !== undefined) entries.push(open)
  return entries
}
const queryList = z
  .string()
  .default('')
  .transform((text) => listEntries(text))
// Substrings, and /patterns/ (case-insensitive) that must compile.
const bannedList = queryList.transform((entries, ctx) =>
  entries.map((entry) => {
    if (!entry.startsWith('/')) return entry
    try {
      if (!isPattern(entry)) throw new Error('it has no closing "/"')
      return new RegExp(entry.slice(1, -1), 'iu')
    } catch (error) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `${entry} is not a regular expression: ${(error as Error).message}`,
      })
      return entry
    }
  }),
)

function isProxyAddress(entry: string): boolean {
  if (entry === 'loopback' || entry === 'linklocal' || entry === 'uniquelocal') return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128))
}
// Which peers may set X-Forwarded-For/-Proto/-Host: a hop count, or the proxies' addresses.
const trustProxy = optionalString.pipe(
  z
    .string()
    .refine(
      (text) =>
        /^[1-9]\d?$/.test(text) ||
        text
          .split(',')
          .map((entry) => entry.trim())
          .every(isProxyAddress),
      'must be a hop count (1–99) or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    )
    .transform((text) => (/^\d+$/.test(text) ? Number(text) : text))
    .optional(),
)

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /**
   * The reverse proxies in front of the server, whose X-Forwarded-For, -Proto and -Host headers are
   * believed (client IP, https, host name); unset: none, those headers are ignored.
   */
  TRUST_PROXY: trustProxy,
  DATA_DIR: z.string().trim().min(1).default('./data'),
  CONTENT_DIR: z.string().trim().min(1).default('./content'),
  SEARCH_APP_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1–64 characters of A–Z, a–z, 0–9, "_" or "-"')
    .default('bahnhofsfinder'),
  SEARCH_ADMIN_KEY: apiKey,
  SEARCH_API_KEY: apiKey,
  /** Public origin of the search service as the browser should reach it; default: the page's own origin. */
  PUBLIC_SEARCH_URL: url,
  /**
   * Point the web app at another search application (Algolia): its app ID and search-only key.
   * Without PUBLIC_SEARCH_URL the browser then uses Algolia's own hosts.
   */
  PUBLIC_SEARCH_APP_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1–64 characters of A–Z, a–z, 0–9, "_" or "-"')
      .optional(),
  ),
  PUBLIC_SEARCH_API_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_=+/-]{16,512}$/, 'must be 16–512 characters of A–Z, a–z, 0–9 or "_=+/-"')
      .optional(),
  ),
  /** Public GraphQL endpoint for the web app; default: this server's /graphql. */
  PUBLIC_CONTENT_URL: url,
  PUBLIC_CONTENT_TOKEN: optionalString,
  /**
   * Token the content service requires (`Authorization: Bearer`), as a Contentful delivery token;
   * unset: /graphql is open. The web app gets it through /config.json unless PUBLIC_CONTENT_* say otherwise.
   */
  CONTENT_TOKEN: apiKey,
  /**
   * Token that opens GET /metrics (`Authorization: Bearer`), for a scraper that should not hold the
   * search admin key; unset: /metrics answers the admin key only.
   */
  METRICS_TOKEN: apiKey,
  /** Optional OpenStreetMap-style tile URL template; off by default (the app works offline). */
  MAP_TILE_URL: optionalString,
  MAP_TILE_ATTRIBUTION: optionalString,
  /**
   * Test-only: milliseconds the search service waits before applying each acknowledged write, so
   * tests can observe (and crash between) acknowledge and publish. Leave at 0 in production.
   */
  SEARCH_TASK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /**
   * Searches per client address and hour allowed with the public search-only key (0: no limit,
   * the default). Behind a proxy, set TRUST_PROXY first or all visitors share one address.
   */
  SEARCH_API_KEY_MAX_QUERIES_PER_IP_PER_HOUR: z.coerce.number().int().min(0).max(100_000_000).default(0),
  /**
   * Processes that serve requests, each with the search indexes in its own memory (one applies the
   * writes and passes them on); default: one per available core. 1: a single process.
   */
  WORKERS: count(1, 256, availableParallelism()),
  /**
   * Milliseconds a client has to send a whole request, headers and body (the connection is closed
   * with a 408 after it): a body that trickles in or stops half-way holds no connection for long.
   */
  REQUEST_TIMEOUT_MS: count(1000, 3_600_000, 60_000),
  /**
   * Connections one client address may hold open at once, per serving process (0: no limit). The
   * proxies named in TRUST_PROXY are not limited, nor is anything with a hop count there.
   */
  MAX_CONNECTIONS_PER_IP: count(0, 1_000_000, 256),
  /**
   * The per-address budgets (docs/operations.md): a client address (behind TRUST_PROXY the one the
   * proxy forwards, an IPv6 address by its /64) may ask for BURST pages, and BURST requests to the
   * search API with any key but the admin key, at once, and PER_MINUTE more every minute, in each
   * serving process; beyond them it is answered 429 with Retry-After. 0 per minute: no budget.
   */
  PAGES_PER_IP_PER_MINUTE: count(0, 1_000_000, ADDRESS_BUDGET_DEFAULTS.pagesPerMinute),
  PAGE_BURST_PER_IP: count(1, 1_000_000, ADDRESS_BUDGET_DEFAULTS.pageBurst),
  SEARCHES_PER_IP_PER_MINUTE: count(0, 10_000_000, ADDRESS_BUDGET_DEFAULTS.searchesPerMinute),
  SEARCH_BURST_PER_IP: count(1, 10_000_000, ADDRESS_BUDGET_DEFAULTS.searchBurst),
  /**
   * Megabytes per serving process for answers kept to send again when the same search request comes
   * back before any write (0: none kept). Every visitor's first request is the same search.
   */
  SEARCH_ANSWER_CACHE_MB: count(0, 4096, 8),
  /**
   * Megabytes per serving process for rendered pages kept to send again when the same address is
   * asked for in the same minute before any write or content edit (0: none kept).
   */
  PAGE_CACHE_MB: count(0, 4096, 8),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Query suggestions (docs/search-api.md): a query is suggested when this many distinct users
   * (user token, else IP address) found stations with all its words within the last DAYS days
   * (at most the 90 days analytics keeps), and it still finds MIN_HITS stations with all its words.
   */
  QUERY_SUGGESTIONS_MIN_USERS: count(1, 1_000_000, QUERY_SUGGESTIONS_DEFAULTS.minUsers),
  QUERY_SUGGESTIONS_DAYS: count(1, RETENTION_DAYS, QUERY_SUGGESTIONS_DEFAULTS.days),
  QUERY_SUGGESTIONS_MIN_HITS: count(1, 1_000_000, QUERY_SUGGESTIONS_DEFAULTS.minHits),
  /** Characters other than spaces a suggestion needs. */
  QUERY_SUGGESTIONS_MIN_LETTERS: count(1, 100, QUERY_SUGGESTIONS_DEFAULTS.minLetters),
  QUERY_SUGGESTIONS_MAX: count(1, 10_000, QUERY_SUGGESTIONS_DEFAULTS.maxSuggestions),
  /** Comma-separated queries never suggested, matched whole (case and spacing aside). */
  QUERY_SUGGESTIONS_EXCLUDE: queryList,
  /** Comma-separated banned expressions, substrings or /regular expressions/: a query with one is never suggested. */
  QUERY_SUGGESTIONS_BANNED: bannedList,
  /**
   * Trending ("Gerade gefragt", Recommend's trending models): a station trends only once this many
   * distinct clients, counted by address and by user token, sent events on it within 7 days.
   */
  TRENDING_MIN_CLIENTS: count(1, 1_000_000, TRENDING_MIN_CLIENTS),
})

type Env = z.infer<typeof envSchema>

export interface Config extends Omit<Env, 'DATA_DIR' | 'CONTENT_DIR'> {
  DATA_DIR: string
  CONTENT_DIR: string
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming every invalid variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(Object.keys(envSchema.shape).map((name) => [name, env[name]] as const))
  const parsed = envSchema
    .refine((env) => (env.PUBLIC_SEARCH_APP_ID === undefined) === (env.PUBLIC_SEARCH_API_KEY === undefined), {
      path: ['PUBLIC_SEARCH_API_KEY'],
      message: 'PUBLIC_SEARCH_APP_ID and PUBLIC_SEARCH_API_KEY are set together or not at all',
    })
    .safeParse(known)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return {
    ...parsed.data,
    DATA_DIR: resolve(parsed.data.DATA_DIR),
    CONTENT_DIR: resolve(parsed.data.CONTENT_DIR),
  }
}
