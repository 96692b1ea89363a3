// API key routes: create, list, get, update, delete, restore. Only the admin key manages keys;
// any valid key may read its own description (the clients' waitForApiKey polls it).

import {
  AlgoliaError,
  invalidValue,
  methodNotAllowed,
  type Params,
  parseParamsString,
} from '../../../search-core/index.ts'
import { ACLS, type ApiKey, type ApiKeys } from '../keys/api-keys.ts'
import { anyObject, errors, optionalObjectBody } from '../protocol/route-schemas.ts'
import { grantOf } from './algolia-http.ts'
import type { RoutePlugin } from './route-plugin.ts'

const keyParams = {
  type: 'object',
  properties: { key: { type: 'string', minLength: 1 } },
  required: ['key'],
} as const

const keyNotFound = (): AlgoliaError => new AlgoliaError(404, 'Key does not exist')

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

/** Reads an apiKey body (acl required), the way addApiKey and updateApiKey take it. */
function readKey(body: unknown): Omit<ApiKey, 'value' | 'createdAt'> {
  const fields = (body ?? {}) as Record<string, unknown>
  const acl = stringList('acl', fields.acl)
  if (fields.acl === undefined) throw invalidValue('acl', 'array of strings')
  const unknown = acl.find((item) => !(ACLS as readonly string[]).includes(item))
  if (unknown !== undefined) throw invalidValue('acl', `ACLs among ${ACLS.join(', ')} (got "${unknown}")`)
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

function describeKey(key: ApiKey): Record<string, unknown> {
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

const keyResponse = {
  type: 'object',
  properties: { key: { type: 'string' }, createdAt: { type: 'string' }, updatedAt: { type: 'string' } },
} as const

const keyRoutes: RoutePlugin<{ keys: ApiKeys<Params> }> = async (app, options) => {
  const { keys } = options

  app.post(
    '/keys',
    { config: { acl: 'admin' }, schema: { body: anyObject, response: { 200: keyResponse, ...errors } } },
    async (request) => {
      const key = keys.create(readKey(request.body))
      return { key: key.value, createdAt: new Date(key.createdAt * 1000).toISOString() }
    },
  )

  app.get(
    '/keys',
    {
      config: { acl: 'admin' },
      schema: {
        response: {
          200: { type: 'object', properties: { keys: { type: 'array', items: anyObject } } },
          ...errors,
        },
      },
    },
    async () => ({ keys: keys.list().map(describeKey) }),
  )

  app.get(
    '/keys/:key',
    { config: { acl: null }, schema: { params: keyParams, response: { 200: anyObject, ...errors } } },
    async (request) => {
      const grant = grantOf(request)
      if (!grant.admin && grant.key !== request.params.key) throw methodNotAllowed()
      const key = keys.get(request.params.key)
      if (!key) throw keyNotFound()
      return describeKey(key)
    },
  )

  app.put(
    '/keys/:key',
    {
      config: { acl: 'admin' },
      schema: { params: keyParams, body: anyObject, response: { 200: keyResponse, ...errors } },
    },
    async (request) => {
      if (!keys.update(request.params.key, readKey(request.body))) throw keyNotFound()
      return { key: request.params.key, updatedAt: new Date().toISOString() }
    },
  )

  app.delete(
    '/keys/:key',
    {
      config: { acl: 'admin' },
      schema: {
        params: keyParams,
        response: { 200: { type: 'object', properties: { deletedAt: { type: 'string' } } }, ...errors },
      },
    },
    async (request) => {
      if (!keys.delete(request.params.key)) throw keyNotFound()
      return { deletedAt: new Date().toISOString() }
    },
  )

  app.post(
    '/keys/:key/restore',
    {
      config: { acl: 'admin' },
      schema: { params: keyParams, body: optionalObjectBody, response: { 200: keyResponse, ...errors } },
    },
    async (request) => {
      const key = keys.restore(request.params.key)
      if (!key) throw keyNotFound()
      return { key: key.value, createdAt: new Date(key.createdAt * 1000).toISOString() }
    },
  )
}

export default keyRoutes
