// API keys as Algolia checks them: the admin key (everything), the configured search-only key,
// keys created through /1/keys (kept by the key store), and secured API keys derived from any of
// those but the admin key. A request's key resolves to a Grant that routes check ACLs against.
// The search parameters a key forces are read by a reader the caller gives (the protocol's), so
// this module knows the rules of keys but not the wire format of parameters.

import { randomBytes } from 'node:crypto'
import type { Credentials } from '../credentials.ts'
import type { KeyStore, StoredKey } from '../store/key-store.ts'
import { decodeSecuredKey, type SecuredRestrictions } from './secured-keys.ts'
import type { SourceList } from './sources.ts'

export const ACLS = [
  'addObject',
  'analytics',
  'browse',
  'deleteObject',
  'deleteIndex',
  'editSettings',
  'inference',
  'listIndexes',
  'logs',
  'personalization',
  'recommendation',
  'search',
  'seeUnretrievableAttributes',
  'settings',
  'usage',
  'nluWriteProject',
  'nluReadProject',
  'nluWriteEntity',
  'nluReadEntity',
  'nluWriteIntent',
  'nluReadIntent',
  'nluPrediction',
  'nluReadAnswers',
] as const
export type Acl = (typeof ACLS)[number] | 'admin'

export type ApiKey = StoredKey

/** Reads a parameters string (`filters=...&hitsPerPage=5`); throws when a value is not valid. */
export type ParamsReader<P> = (paramsString: string) => P

export interface Grant<P = Record<string, unknown>> {
  /** The key as the client sent it. */
  key: string
  /** The key rate limits count against: one per key, however a secured key is spelled. */
  rateKey: string
  /** Client addresses the key may be used from (a secured key's restrictSources); none: any. */
  sources?: SourceList
  /** Referer patterns the key may be used from; every list must allow, like indexRestrictions. */
  refererRestrictions: string[][]
  admin: boolean
  acl: ReadonlySet<string>
  /** Index patterns the key may touch (`*` wildcards); empty: all. Every list must allow. */
  indexRestrictions: string[][]
  /** Search parameters the key forces (its queryParameters, a secured key's restrictions). */
  forcedParams?: P
  maxHitsPerQuery: number
  maxQueriesPerIPPerHour: number
  userToken?: string
}

export class ApiKeys<P extends object = Record<string, unknown>> {
  readonly #store: KeyStore
  readonly #credentials: Credentials
  readonly #readParams: ParamsReader<P>
  readonly #securedCache = new Map<string, SecuredRestrictions<P> & { parent: string }>()
  readonly #searchKeyQueriesPerIPPerHour: number

  constructor(
    store: KeyStore,
    credentials: Credentials,
    readParams: ParamsReader<P>,
    options: { searchKeyMaxQueriesPerIPPerHour?: number } = {},
  ) {
    this.#store = store
    this.#credentials = credentials
    this.#readParams = readParams
    this.#searchKeyQueriesPerIPPerHour = options.searchKeyMaxQueriesPerIPPerHour ?? 0
  }

  get appId(): string {
    return this.#credentials.appId
  }

  /** Resolves credentials to a grant, or undefined when Algolia would answer "Invalid ... API key". */
  resolve(
    appId: string | undefined,
    key: string | undefined,
    nowSeconds = Date.now() / 1000,
  ): Grant<P> | undefined {
    if (!appId || !key || appId !== this.#credentials.appId) return undefined
    if (key === this.#credentials.adminKey) {
      return {
        key,
        rateKey: key,
        refererRestrictions: [],
        admin: true,
        acl: new Set(ACLS),
        indexRestrictions: [],
        maxHitsPerQuery: 0,
        maxQueriesPerIPPerHour: 0,
      }
    }
    const plain = this.get(key)
    if (plain) return this.#isExpired(plain, nowSeconds) ? undefined : this.#grantOf(key, plain)
    const secured = this.#secured(key)
    if (!secured) return undefined
    const parent = this.get(secured.parent)
    if (!parent || this.#isExpired(parent, nowSeconds)) return undefined
    if (secured.validUntil !== undefined && secured.validUntil < nowSeconds) return undefined
    const grant = this.#grantOf(key, parent)
    grant.rateKey = secured.canonical
    if (secured.restrictIndices) grant.indexRestrictions.push(secured.restrictIndices)
    if (secured.restrictSources) grant.sources = secured.restrictSources
    grant.forcedParams = { ...grant.forcedParams, ...secured.params }
    if (secured.userToken) grant.userToken = secured.userToken
    return grant
  }

  /** A stored key or the configured search-only key (never the admin key). */
  get(value: string): ApiKey | undefined {
    if (value === this.#credentials.searchKey) return this.#searchKey()
    return this.#store.get(value)
  }

  list(): ApiKey[] {
    return [this.#searchKey(), ...this.#store.list()]
  }

  create(input: Omit<ApiKey, 'value' | 'createdAt'>): ApiKey {
    const key: ApiKey = {
      ...input,
      value: randomBytes(16).toString('hex'),
      createdAt: Math.floor(Date.now() / 1000),
    }
    this.#store.insert(key)
    return key
  }

  /** Replaces a stored key's permissions; false when there is no such (stored) key. */
  update(value: string, input: Omit<ApiKey, 'value' | 'createdAt'>): boolean {
    const updated = this.#store.update(value, input)
    this.#securedCache.clear()
    return updated
  }

  delete(value: string): boolean {
    const deleted = this.#store.delete(value, Math.floor(Date.now() / 1000))
    this.#securedCache.clear()
    return deleted
  }

  restore(value: string): ApiKey | undefined {
    return this.#store.restore(value) ? this.get(value) : undefined
  }

  #searchKey(): ApiKey {
    return {
      value: this.#credentials.searchKey,
      acl: ['search'],
      description: 'Search-only API key',
      indexes: [],
      referers: [],
      queryParameters: '',
      validity: 0,
      maxHitsPerQuery: 0,
      maxQueriesPerIPPerHour: this.#searchKeyQueriesPerIPPerHour,
      createdAt: 0,
    }
  }

  #isExpired(key: ApiKey, nowSeconds: number): boolean {
    return key.validity > 0 && key.createdAt + key.validity < nowSeconds
  }

  #grantOf(key: string, apiKey: ApiKey): Grant<P> {
    return {
      key,
      rateKey: key,
      refererRestrictions: apiKey.referers.length > 0 ? [apiKey.referers] : [],
      admin: false,
      acl: new Set(apiKey.acl),
      indexRestrictions: apiKey.indexes.length > 0 ? [apiKey.indexes] : [],
      forcedParams: apiKey.queryParameters ? this.#readParams(apiKey.queryParameters) : undefined,
      maxHitsPerQuery: apiKey.maxHitsPerQuery,
      maxQueriesPerIPPerHour: apiKey.maxQueriesPerIPPerHour,
    }
  }

  /** Finds the parent whose HMAC signs the secured key; the admin key cannot be a parent. */
  #secured(key: string): (SecuredRestrictions<P> & { parent: string }) | undefined {
    const cached = this.#securedCache.get(key)
    if (cached) return cached
    const candidates = this.list().map((candidate) => candidate.value)
    const decoded = decodeSecuredKey(key, candidates, this.#readParams)
    if (decoded) {
      // Bounded: a flood of distinct keys must not grow memory without limit.
      if (this.#securedCache.size >= 1000) this.#securedCache.clear()
      this.#securedCache.set(key, decoded)
    }
    return decoded
  }
}

/** Algolia's index patterns: `*` matches any run of characters (`dev_*`, `*_products`, `*`). */
export function indexAllowed(grant: Grant, index: string): boolean {
  return grant.indexRestrictions.every((patterns) =>
    patterns.some((pattern) => matchesPattern(pattern, index)),
  )
}

/**
 * Whether a request's Referer (or, without one, its Origin) may use the key: each pattern (`*`
 * wildcards) is matched against the whole URL and against its host, so `https://example.org/*`,
 * `*.example.org` and `example.org` all work. A request with neither header is refused.
 */
export function refererAllowed(grant: Grant, referer: string | undefined): boolean {
  if (grant.refererRestrictions.length === 0) return true
  if (!referer) return false
  let host = ''
  try {
    host = new URL(referer).host
  } catch {
    // not a URL: only the whole text can match
  }
  return grant.refererRestrictions.every((patterns) =>
    patterns.some(
      (pattern) => matchesPattern(pattern, referer) || (host !== '' && matchesPattern(pattern, host)),
    ),
  )
}

function matchesPattern(pattern: string, index: string): boolean {
  if (!pattern.includes('*')) return pattern === index
  const regex = new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`)
  return regex.test(index)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
