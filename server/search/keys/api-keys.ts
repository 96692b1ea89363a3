// API keys as Algolia checks them: the admin key (everything), the configured search-only key,
// keys created through /1/keys (persisted in SQLite), and secured API keys derived from any of
// those but the admin key. A request's key resolves to a Grant that routes check ACLs against.
import { randomBytes } from 'node:crypto'
import type { Database } from '../../db/database.ts'
import type { Credentials } from '../credentials.ts'
import { type Params, parseParamsString } from '../protocol/search-params.ts'
import { decodeSecuredKey, type SecuredRestrictions } from './secured-keys.ts'

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

export interface ApiKey {
  value: string
  acl: string[]
  description: string
  indexes: string[]
  referers: string[]
  queryParameters: string
  validity: number
  maxHitsPerQuery: number
  maxQueriesPerIPPerHour: number
  /** Unix seconds. */
  createdAt: number
}

export interface Grant {
  /** The key as the client sent it. */
  key: string
  admin: boolean
  acl: ReadonlySet<string>
  /** Index patterns the key may touch (`*` wildcards); empty: all. Every list must allow. */
  indexRestrictions: string[][]
  /** Search parameters the key forces (its queryParameters, a secured key's restrictions). */
  forcedParams?: Params
  maxHitsPerQuery: number
  maxQueriesPerIPPerHour: number
  userToken?: string
}

interface KeyRow {
  value: string
  acl: string
  description: string
  indexes: string
  referers: string
  query_parameters: string
  validity: number
  max_hits_per_query: number
  max_queries_per_ip_per_hour: number
  created_at: number
}

export class ApiKeys {
  readonly #db: Database
  readonly #credentials: Credentials
  readonly #securedCache = new Map<string, SecuredRestrictions & { parent: string }>()

  constructor(db: Database, credentials: Credentials) {
    this.#db = db
    this.#credentials = credentials
  }

  get appId(): string {
    return this.#credentials.appId
  }

  /** Resolves credentials to a grant, or undefined when Algolia would answer "Invalid ... API key". */
  resolve(
    appId: string | undefined,
    key: string | undefined,
    nowSeconds = Date.now() / 1000,
  ): Grant | undefined {
    if (!appId || !key || appId !== this.#credentials.appId) return undefined
    if (key === this.#credentials.adminKey) {
      return {
        key,
        admin: true,
        acl: new Set(ACLS),
        indexRestrictions: [],
        maxHitsPerQuery: 0,
        maxQueriesPerIPPerHour: 0,
      }
    }
    const plain = this.get(key)
    if (plain) return this.#isExpired(plain, nowSeconds) ? undefined : grantOf(key, plain)
    const secured = this.#secured(key)
    if (!secured) return undefined
    const parent = this.get(secured.parent)
    if (!parent || this.#isExpired(parent, nowSeconds)) return undefined
    if (secured.validUntil !== undefined && secured.validUntil < nowSeconds) return undefined
    const grant = grantOf(key, parent)
    if (secured.restrictIndices) grant.indexRestrictions.push(secured.restrictIndices)
    grant.forcedParams = { ...grant.forcedParams, ...secured.params }
    if (secured.userToken) grant.userToken = secured.userToken
    return grant
  }

  /** A stored key or the configured search-only key (never the admin key). */
  get(value: string): ApiKey | undefined {
    if (value === this.#credentials.searchKey) return this.#searchKey()
    const row = this.#db
      .prepare('SELECT * FROM api_keys WHERE value = ? AND deleted_at IS NULL')
      .get(value) as KeyRow | undefined
    return row ? fromRow(row) : undefined
  }

  list(): ApiKey[] {
    const rows = this.#db
      .prepare('SELECT * FROM api_keys WHERE deleted_at IS NULL ORDER BY created_at, value')
      .all() as unknown as KeyRow[]
    return [this.#searchKey(), ...rows.map(fromRow)]
  }

  create(input: Omit<ApiKey, 'value' | 'createdAt'>): ApiKey {
    const key: ApiKey = {
      ...input,
      value: randomBytes(16).toString('hex'),
      createdAt: Math.floor(Date.now() / 1000),
    }
    this.#db
      .prepare(
        `INSERT INTO api_keys (value, acl, description, indexes, referers, query_parameters, validity,
           max_hits_per_query, max_queries_per_ip_per_hour, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        key.value,
        JSON.stringify(key.acl),
        key.description,
        JSON.stringify(key.indexes),
        JSON.stringify(key.referers),
        key.queryParameters,
        key.validity,
        key.maxHitsPerQuery,
        key.maxQueriesPerIPPerHour,
        key.createdAt,
      )
    return key
  }

  /** Replaces a stored key's permissions; false when there is no such (stored) key. */
  update(value: string, input: Omit<ApiKey, 'value' | 'createdAt'>): boolean {
    const result = this.#db
      .prepare(
        `UPDATE api_keys SET acl = ?, description = ?, indexes = ?, referers = ?, query_parameters = ?,
           validity = ?, max_hits_per_query = ?, max_queries_per_ip_per_hour = ?
         WHERE value = ? AND deleted_at IS NULL`,
      )
      .run(
        JSON.stringify(input.acl),
        input.description,
        JSON.stringify(input.indexes),
        JSON.stringify(input.referers),
        input.queryParameters,
        input.validity,
        input.maxHitsPerQuery,
        input.maxQueriesPerIPPerHour,
        value,
      )
    this.#securedCache.clear()
    return result.changes > 0
  }

  delete(value: string): boolean {
    const result = this.#db
      .prepare('UPDATE api_keys SET deleted_at = ? WHERE value = ? AND deleted_at IS NULL')
      .run(Math.floor(Date.now() / 1000), value)
    this.#securedCache.clear()
    return result.changes > 0
  }

  restore(value: string): ApiKey | undefined {
    const result = this.#db
      .prepare('UPDATE api_keys SET deleted_at = NULL WHERE value = ? AND deleted_at IS NOT NULL')
      .run(value)
    return result.changes > 0 ? this.get(value) : undefined
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
      maxQueriesPerIPPerHour: 0,
      createdAt: 0,
    }
  }

  #isExpired(key: ApiKey, nowSeconds: number): boolean {
    return key.validity > 0 && key.createdAt + key.validity < nowSeconds
  }

  /** Finds the parent whose HMAC signs the secured key; the admin key cannot be a parent. */
  #secured(key: string): (SecuredRestrictions & { parent: string }) | undefined {
    const cached = this.#securedCache.get(key)
    if (cached) return cached
    const candidates = this.list().map((candidate) => candidate.value)
    const decoded = decodeSecuredKey(key, candidates)
    if (decoded) {
      // Bounded: a flood of distinct keys must not grow memory without limit.
      if (this.#securedCache.size >= 1000) this.#securedCache.clear()
      this.#securedCache.set(key, decoded)
    }
    return decoded
  }
}

function grantOf(key: string, apiKey: ApiKey): Grant {
  return {
    key,
    admin: false,
    acl: new Set(apiKey.acl),
    indexRestrictions: apiKey.indexes.length > 0 ? [apiKey.indexes] : [],
    forcedParams: apiKey.queryParameters ? parseParamsString(apiKey.queryParameters) : undefined,
    maxHitsPerQuery: apiKey.maxHitsPerQuery,
    maxQueriesPerIPPerHour: apiKey.maxQueriesPerIPPerHour,
  }
}

function fromRow(row: KeyRow): ApiKey {
  return {
    value: row.value,
    acl: JSON.parse(row.acl) as string[],
    description: row.description,
    indexes: JSON.parse(row.indexes) as string[],
    referers: JSON.parse(row.referers) as string[],
    queryParameters: row.query_parameters,
    validity: Number(row.validity),
    maxHitsPerQuery: Number(row.max_hits_per_query),
    maxQueriesPerIPPerHour: Number(row.max_queries_per_ip_per_hour),
    createdAt: Number(row.created_at),
  }
}

/** Algolia's index patterns: `*` matches any run of characters (`dev_*`, `*_products`, `*`). */
export function indexAllowed(grant: Grant, index: string): boolean {
  return grant.indexRestrictions.every((patterns) =>
    patterns.some((pattern) => matchesPattern(pattern, index)),
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
