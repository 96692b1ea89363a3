// API keys on the wire: the apiKey body addApiKey and updateApiKey take, and a key as getApiKey and
// listApiKeys describe it.
import { invalidValue, parseParamsString } from '../../../search-core/index.ts'

/** What an apiKey body sets of a key. */
interface ApiKeyFields {
  acl: string[]
  description: string
  indexes: string[]
  referers: string[]
  queryParameters: string
  validity: number
  maxHitsPerQuery: number
  maxQueriesPerIPPerHour: number
}

/** A key as it is kept: its fields, its value and when it was made (Unix seconds). */
interface KeptKey extends ApiKeyFields {
  value: string
  createdAt: number
}

/** An apiKey body, its ACLs among `acls` (required). */
export function readApiKey(body: unknown, acls: readonly string[]): ApiKeyFields {
  const fields = (body ?? {}) as Record<string, unknown>
  const acl = stringList('acl', fields.acl)
  if (fields.acl === undefined) throw invalidValue('acl', 'array of strings')
  const unknown = acl.find((item) => !acls.includes(item))
  if (unknown !== undefined) throw invalidValue('acl', `ACLs among ${acls.join(', ')} (got "${unknown}")`)
  const description = fields.description ?? ''
  if (typeof description !== 'string') throw invalidValue('description', 'string')
  const queryParameters = fields.queryParameters ?? ''
  if (typeof queryParameters !== 'string') throw invalidValue('queryParameters', 'string')
  // The key's parameters are forced on its searches: refuse ones that would fail every search.
  parseParamsString(queryParameters, { lenient: false })
  return {
    acl,
    description,
    indexes: stringList('indexes', fields.indexes),
    referers: stringList('referers', fields.referers),
    queryParameters,
    validity: count('validity', fields.validity),
    maxHitsPerQuery: count('maxHitsPerQuery', fields.maxHitsPerQuery),
    maxQueriesPerIPPerHour: count('maxQueriesPerIPPerHour', fields.maxQueriesPerIPPerHour),
  }
}

function stringList(name: string, value: unknown): string[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw invalidValue(name, 'array of strings')
  }
  return value
}

function count(name: string, value: unknown): number {
  if (value === undefined || value === null) return 0
  // Stored in an integer column: a number that holds it exactly (1e20 would be stored as a float).
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidValue(name, 'non-negative integer')
  }
  return value
}

/** A key as getApiKey and listApiKeys describe it. */
export function describeApiKey(key: KeptKey): Record<string, unknown> {
  return {
    value: key.value,
    createdAt: key.createdAt,
    acl: key.acl,
    description: key.description,
    indexes: key.indexes,
    referers: key.referers,
    queryParameters: key.queryParameters,
    validity: key.validity,
    maxHitsPerQuery: key.maxHitsPerQuery,
    maxQueriesPerIPPerHour: key.maxQueriesPerIPPerHour,
  }
}

/** addApiKey's and restoreApiKey's answer. */
export const keyCreated = (key: KeptKey): { key: string; createdAt: string } => ({
  key: key.value,
  createdAt: new Date(key.createdAt * 1000).toISOString(),
})
