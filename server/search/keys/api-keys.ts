// API keys as Algolia checks them: the admin key (everything), the configured search-only key,
// keys created through /1/keys (kept by the key store), and secured API keys derived from any of
// those but the admin key. A request's key resolves, once, to a Grant that routes check ACLs
// against: a secured key's grant is its parent's narrowed by the key's own restrictions, never
// widened. The search parameters a key forces are read and narrowed by rules the caller gives (the
// protocol's), so this module knows the rules of keys but not the wire format of parameters.

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

/** The search parameters keys force, as the protocol reads and combines them. */
export interface ForcedParamsRules<P> {
  /** Reads a parameters string (`filters=...&hitsPerPage=5`); throws when a value is not valid. */
  read(paramsString: string): P
  /**
   * A secured key's parameters within its parent's, never wider (filters of both apply, the lower
   * of two limits, the parent's other values); throws when the two cannot be combined.
   */
  narrow(parent: P, child: P): P
}

/** What keys read of the parameters they force: the user token searches and events are recorded for. */
type UserTokenParam = Record<string, unknown> & { userToken?: string }

export interface Grant<P = Record<string, unknown>> {
  /** The key as the client sent it. */
  key: string
  /**
   * The key rate limits count against: a secured key counts against its parent's budget, so no
   * child (nor any spelling of one) has a budget of its own.
   */
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
  /**
   * The user token the key forces (its queryParameters', else a secured key's userToken): searches
   * and events with the key are recorded for it, whatever the request says.
   */
  userToken?: string
}

/** What keys need of the key store (tests hand in their own). */
export type KeyRecords = Pick<KeyStore, 'get' | 'list' | 'insert' | 'update' | 'delete' | 'restore'>

/**
 * A secured key as decoded, and its forced parameters within its parent's, worked out once for the
 * parent's queryParameters (`from`: another process may change them).
 */
type SecuredKey<P> = SecuredRestrictions<P> & {
  parent: string
  narrowed?: { from: string; params: P | 'invalid' }
}

export class ApiKeys<P extends UserTokenParam = UserTokenParam> {
  readonly #store: KeyRecords
  readonly #credentials: Credentials
  readonly #params: ForcedParamsRules<P>
  readonly #securedCache = new Map<string, SecuredKey<P>>()
  readonly #searchKeyQueriesPerIPPerHour: number

  constructor(
    store: KeyRecords,
    credentials: Credentials,
    params: ForcedParamsRules<P>,
    options: { searchKeyMaxQueriesPerIPPerHour?: number } = {},
  ) {
    this.#store = store
    this.#credentials = credentials
    this.#params = params
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
    const narrowed = this.#narrowed(secured, parent.queryParameters, grant.forcedParams)
    if (narrowed === 'invalid') return undefined
    // Every restriction adds to the parent's: each list must allow, the parent's limits hold.
    grant.rateKey = parent.value
    if (secured.restrictIndices) grant.indexRestrictions.push(secured.restrictIndices)
    if (secured.referers) grant.refererRestrictions.push(secured.referers)
    if (secured.restrictSources) grant.sources = secured.restrictSources
    grant.forcedParams = narrowed
    // A user token the parent forces holds, as its other forced parameters do.
    grant.userToken ??= secured.userToken
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
    const forced = apiKey.queryParameters ? this.#params.read(apiKey.queryParameters) : undefined
    return {
      key,
      rateKey: key,
      refererRestrictions: apiKey.referers.length > 0 ? [apiKey.referers] : [],
      admin: false,
      acl: new Set(apiKey.acl),
      indexRestrictions: apiKey.indexes.length > 0 ? [apiKey.indexes] : [],
      forcedParams: forced,
      maxHitsPerQuery: apiKey.maxHitsPerQuery,
      maxQueriesPerIPPerHour: apiKey.maxQueriesPerIPPerHour,
      ...(forced?.userToken ? { userToken: forced.userToken } : {}),
    }
  }

  /** A secured key's forced parameters within its parent's; 'invalid' when they cannot be combined. */
  #narrowed(secured: SecuredKey<P>, from: string, parent: P | undefined): P | 'invalid' {
    if (secured.narrowed?.from !== from) {
      let params: P | 'invalid'
      try {
        params = parent ? this.#params.narrow(parent, secured.params) : secured.params
      } catch {
        params = 'invalid'
      }
      secured.narrowed = { from, params }
    }
    return secured.narrowed.params
  }

  /** Finds the parent whose HMAC signs the secured key; the admin key cannot be a parent. */
  #secured(key: string): SecuredKey<P> | undefined {
    const cached = this.#securedCache.get(key)
    if (cached) return cached
    const candidates = this.list().map((candidate) => candidate.value)
    const decoded = decodeSecuredKey(key, candidates, (text) => this.#params.read(text))
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
