// API key routes: create, list, get, update, delete, restore. Only the admin key manages keys;
// any valid key may read its own description (the clients' waitForApiKey polls it).
import { AlgoliaError, methodNotAllowed, type Params } from '../../../search-core/index.ts'
import { ACLS, type ApiKeys } from '../keys/api-keys.ts'
import { describeApiKey, keyCreated, readApiKey } from '../protocol/api-key-requests.ts'
import { anyObject, errors, optionalObjectBody } from '../protocol/route-schemas.ts'
import { grantOf } from './algolia-http.ts'
import type { RoutePlugin } from './route-plugin.ts'

const keyParams = {
  type: 'object',
  properties: { key: { type: 'string', minLength: 1 } },
  required: ['key'],
} as const

const keyResponse = {
  type: 'object',
  properties: { key: { type: 'string' }, createdAt: { type: 'string' }, updatedAt: { type: 'string' } },
} as const

const addKeyRoute = {
  config: { acl: 'admin' },
  schema: { body: anyObject, response: { 200: keyResponse, ...errors } },
} as const

const listKeysRoute = {
  config: { acl: 'admin' },
  schema: {
    response: {
      200: { type: 'object', properties: { keys: { type: 'array', items: anyObject } } },
      ...errors,
    },
  },
} as const

const getKeyRoute = {
  config: { acl: null },
  schema: { params: keyParams, response: { 200: anyObject, ...errors } },
} as const

const updateKeyRoute = {
  config: { acl: 'admin' },
  schema: { params: keyParams, body: anyObject, response: { 200: keyResponse, ...errors } },
} as const

const deleteKeyRoute = {
  config: { acl: 'admin' },
  schema: {
    params: keyParams,
    response: { 200: { type: 'object', properties: { deletedAt: { type: 'string' } } }, ...errors },
  },
} as const

const restoreKeyRoute = {
  config: { acl: 'admin' },
  schema: { params: keyParams, body: optionalObjectBody, response: { 200: keyResponse, ...errors } },
} as const

const keyNotFound = (): AlgoliaError => new AlgoliaError(404, 'Key does not exist')

const keyRoutes: RoutePlugin<{ keys: ApiKeys<Params> }> = async (app, { keys }) => {
  app.post('/keys', addKeyRoute, async function addApiKey(request) {
    return keyCreated(keys.create(readApiKey(request.body, ACLS)))
  })

  app.get('/keys', listKeysRoute, async function listApiKeys() {
    return { keys: keys.list().map(describeApiKey) }
  })

  app.get('/keys/:key', getKeyRoute, async function getApiKey(request) {
    const grant = grantOf(request)
    if (!grant.admin && grant.key !== request.params.key) throw methodNotAllowed()
    const key = keys.get(request.params.key)
    if (!key) throw keyNotFound()
    return describeApiKey(key)
  })

  app.put('/keys/:key', updateKeyRoute, async function updateApiKey(request) {
    if (!keys.update(request.params.key, readApiKey(request.body, ACLS))) throw keyNotFound()
    return { key: request.params.key, updatedAt: new Date().toISOString() }
  })

  app.delete('/keys/:key', deleteKeyRoute, async function deleteApiKey(request) {
    if (!keys.delete(request.params.key)) throw keyNotFound()
    return { deletedAt: new Date().toISOString() }
  })

  app.post('/keys/:key/restore', restoreKeyRoute, async function restoreApiKey(request) {
    const key = keys.restore(request.params.key)
    if (!key) throw keyNotFound()
    return keyCreated(key)
  })
}

export default keyRoutes
