// Record routes: get one or many, add, replace, partially update, delete, and batches. A key reads
// only the records its searches can find (execution/record-access.ts).

import {
  badRequest,
  indexNotFound,
  invalidValue,
  notFound,
  objectNotFound,
  retrieveAttributes,
} from '../../../search-core/index.ts'
import { recordAccess } from '../execution/record-access.ts'
import {
  anyObject,
  createdAtWithObjectIdResponse,
  deletedAtResponse,
  errors,
  indexParams,
  objectParams,
  optionalObjectBody,
  queryString,
  updatedAtWithObjectIdResponse,
} from '../protocol/route-schemas.ts'
import type { BatchAction, BatchOperation, SearchService } from '../service/search-service.ts'
import { authorizeAcl, authorizeIndex, grantOf } from './algolia-http.ts'
import type { RoutePlugin } from './route-plugin.ts'

const ACTIONS: readonly BatchAction[] = [
  'addObject',
  'updateObject',
  'partialUpdateObject',
  'partialUpdateObjectNoCreate',
  'deleteObject',
  'delete',
  'clear',
]

/** Which ACL each batch action needs (Algolia: deletes need deleteObject, clear/delete deleteIndex). */
const ACTION_ACL = {
  addObject: 'addObject',
  updateObject: 'addObject',
  partialUpdateObject: 'addObject',
  partialUpdateObjectNoCreate: 'addObject',
  deleteObject: 'deleteObject',
  delete: 'deleteIndex',
  clear: 'deleteIndex',
} as const

function recordBody(body: unknown, what: string): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidValue(what, 'object')
  const record = body as Record<string, unknown>
  const id = record.objectID
  if (id !== undefined && typeof id !== 'string' && typeof id !== 'number')
    throw invalidValue('objectID', 'string')
  return id === undefined ? record : { ...record, objectID: String(id) }
}

/** Reads a batch body; pathIndex is the index of /indexes/{indexName}/batch (none for `*`). */
function readBatch(body: unknown, pathIndex: string | undefined): BatchOperation[] {
  const requests = (body as { requests?: unknown } | null | undefined)?.requests
  if (!Array.isArray(requests)) throw invalidValue('requests', 'array')
  return requests.map((raw, position): BatchOperation => {
    if (typeof raw !== 'object' || raw === null) throw invalidValue(`requests[${position}]`, 'object')
    const { action, body: recordRaw, indexName: requestIndex } = raw as Record<string, unknown>
    if (!ACTIONS.includes(action as BatchAction)) throw invalidValue('action', `one of ${ACTIONS.join(', ')}`)
    const indexName = pathIndex ?? requestIndex
    if (typeof indexName !== 'string' || indexName === '') throw invalidValue('indexName', 'string')
    if (action === 'clear' || action === 'delete') return { action, indexName, body: {} }
    const record = recordBody(recordRaw, 'body')
    if (action !== 'addObject' && typeof record.objectID !== 'string') {
      throw badRequest(`objectID is required for ${String(action)} (request ${position})`)
    }
    return { action: action as BatchAction, indexName, body: record }
  })
}

const objectRoutes: RoutePlugin<{ service: SearchService }> = async (app, options) => {
  const { service } = options

  app.get(
    '/indexes/:indexName/:objectID',
    {
      config: { acl: 'search' },
      schema: {
        params: objectParams,
        querystring: queryString({ attributesToRetrieve: { type: 'string' } }),
        response: { 200: anyObject, ...errors },
      },
    },
    async (request) => {
      const { indexName, objectID } = request.params
      const index = service.getIndex(indexName)
      if (!index) throw indexNotFound()
      const grant = grantOf(request)
      const access = recordAccess(service, grant)
      const record = service.getObject(indexName, objectID)
      if (!record || !access.readable(indexName, objectID)) throw objectNotFound()
      const wanted = access.attributes(
        request.query.attributesToRetrieve?.split(',').map((name) => name.trim()),
      )
      const hidden = grant.acl.has('seeUnretrievableAttributes') ? [] : index.settings.unretrievableAttributes
      return retrieveAttributes(record, wanted, hidden)
    },
  )

  app.post(
    '/indexes/:indexName/objects',
    {
      config: { acl: 'search' },
      schema: {
        params: indexParams,
        body: optionalObjectBody,
        response: { 200: { type: 'object', properties: { results: { type: 'array' } } }, ...errors },
      },
    },
    async (request) => {
      if (request.params.indexName !== '*') throw notFound(request)
      const requests = request.body?.requests
      if (!Array.isArray(requests)) throw invalidValue('requests', 'array')
      const grant = grantOf(request)
      const access = recordAccess(service, grant)
      const results = requests.map((raw) => {
        const { indexName, objectID, attributesToRetrieve } = (raw ?? {}) as Record<string, unknown>
        if (typeof indexName !== 'string') throw invalidValue('indexName', 'string')
        if (typeof objectID !== 'string') throw invalidValue('objectID', 'string')
        if (attributesToRetrieve !== undefined && !Array.isArray(attributesToRetrieve)) {
          throw invalidValue('attributesToRetrieve', 'array of strings')
        }
        authorizeIndex(request, indexName)
        const index = service.getIndex(indexName)
        const record = index ? service.getObject(indexName, objectID) : undefined
        if (!index || !record || !access.readable(indexName, objectID)) return null
        const hidden = grant.acl.has('seeUnretrievableAttributes')
          ? []
          : index.settings.unretrievableAttributes
        return retrieveAttributes(
          record,
          access.attributes(attributesToRetrieve as string[] | undefined),
          hidden,
        )
      })
      return { results }
    },
  )

  app.post(
    '/indexes/:indexName',
    {
      config: { acl: 'addObject' },
      schema: {
        params: indexParams,
        body: anyObject,
        response: { 201: createdAtWithObjectIdResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { indexName } = request.params
      const body = recordBody(request.body, 'body')
      const { taskIDs, objectIDs, at } = service.batch([{ action: 'addObject', indexName, body }])
      return reply.code(201).send({ createdAt: at, taskID: taskIDs.get(indexName)!, objectID: objectIDs[0]! })
    },
  )

  app.put(
    '/indexes/:indexName/:objectID',
    {
      config: { acl: 'addObject' },
      schema: {
        params: objectParams,
        body: anyObject,
        response: { 200: updatedAtWithObjectIdResponse, ...errors },
      },
    },
    async (request) => {
      const { indexName, objectID } = request.params
      const body = { ...recordBody(request.body, 'body'), objectID }
      const { taskIDs, at } = service.batch([{ action: 'updateObject', indexName, body }])
      return { updatedAt: at, taskID: taskIDs.get(indexName)!, objectID }
    },
  )

  app.delete(
    '/indexes/:indexName/:objectID',
    {
      config: { acl: 'deleteObject' },
      schema: {
        params: objectParams,
        querystring: queryString({}),
        response: { 200: deletedAtResponse, ...errors },
      },
    },
    async (request) => {
      const { indexName, objectID } = request.params
      const { taskIDs, at } = service.batch([{ action: 'deleteObject', indexName, body: { objectID } }])
      return { deletedAt: at, taskID: taskIDs.get(indexName)! }
    },
  )

  app.post(
    '/indexes/:indexName/:objectID/partial',
    {
      config: { acl: 'addObject' },
      schema: {
        params: objectParams,
        querystring: queryString({ createIfNotExists: { type: 'boolean' } }),
        body: anyObject,
        response: { 200: updatedAtWithObjectIdResponse, ...errors },
      },
    },
    async (request) => {
      const { indexName, objectID } = request.params
      const body = { ...recordBody(request.body, 'body'), objectID }
      const create = (request.query.createIfNotExists as unknown) !== false
      const action = create ? 'partialUpdateObject' : 'partialUpdateObjectNoCreate'
      const { taskIDs, at } = service.batch([{ action, indexName, body }])
      return { updatedAt: at, taskID: taskIDs.get(indexName)!, objectID }
    },
  )

  app.post(
    '/indexes/:indexName/batch',
    {
      // Each action is checked against its own ACL in readBatch.
      config: { acl: null },
      schema: {
        params: indexParams,
        body: anyObject,
        response: {
          200: {
            type: 'object',
            properties: {
              taskID: {
                anyOf: [{ type: 'integer' }, { type: 'object', additionalProperties: { type: 'integer' } }],
              },
              objectIDs: { type: 'array', items: { type: 'string' } },
            },
          },
          ...errors,
        },
      },
    },
    async (request) => {
      const multi = request.params.indexName === '*'
      const operations = readBatch(request.body, multi ? undefined : request.params.indexName)
      for (const operation of operations) {
        authorizeIndex(request, operation.indexName)
        authorizeAcl(request, ACTION_ACL[operation.action])
      }
      const { taskIDs, objectIDs } = service.batch(operations, multi ? undefined : request.params.indexName)
      if (!multi) return { taskID: taskIDs.get(request.params.indexName)!, objectIDs }
      return { taskID: Object.fromEntries(taskIDs), objectIDs }
    },
  )
}

export default objectRoutes
