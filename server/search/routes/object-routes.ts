// Record routes: get one or many, add, replace, partially update, delete, and batches. A key reads
// only the records its searches can find (execution/record-access.ts).
import type { FastifyRequest } from 'fastify'
import { indexNotFound, notFound, objectNotFound } from '../../../search-core/index.ts'
import { recordReads } from '../execution/record-access.ts'
import type { Acl } from '../keys/api-keys.ts'
import {
  attributeList,
  objectRequests,
  readBatch,
  readObjectRequest,
  readRecord,
} from '../protocol/record-requests.ts'
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

/** Which ACL each batch action needs (Algolia: deletes need deleteObject, clear/delete deleteIndex). */
const ACTION_ACL: Record<BatchAction, Acl> = {
  addObject: 'addObject',
  updateObject: 'addObject',
  partialUpdateObject: 'addObject',
  partialUpdateObjectNoCreate: 'addObject',
  deleteObject: 'deleteObject',
  delete: 'deleteIndex',
  clear: 'deleteIndex',
}

const getObjectRoute = {
  config: { acl: 'search' },
  schema: {
    params: objectParams,
    querystring: queryString({ attributesToRetrieve: { type: 'string' } }),
    response: { 200: anyObject, ...errors },
  },
} as const

const getObjectsRoute = {
  config: { acl: 'search' },
  schema: {
    params: indexParams,
    body: optionalObjectBody,
    response: { 200: { type: 'object', properties: { results: { type: 'array' } } }, ...errors },
  },
} as const

const addObjectRoute = {
  config: { acl: 'addObject' },
  schema: {
    params: indexParams,
    body: anyObject,
    response: { 201: createdAtWithObjectIdResponse, ...errors },
  },
} as const

const saveObjectRoute = {
  config: { acl: 'addObject' },
  schema: {
    params: objectParams,
    body: anyObject,
    response: { 200: updatedAtWithObjectIdResponse, ...errors },
  },
} as const

const deleteObjectRoute = {
  config: { acl: 'deleteObject' },
  schema: {
    params: objectParams,
    querystring: queryString({}),
    response: { 200: deletedAtResponse, ...errors },
  },
} as const

const partialUpdateRoute = {
  config: { acl: 'addObject' },
  schema: {
    params: objectParams,
    querystring: queryString({ createIfNotExists: { type: 'boolean' } }),
    body: anyObject,
    response: { 200: updatedAtWithObjectIdResponse, ...errors },
  },
} as const

const batchRoute = {
  // Each action is checked against its own ACL in the handler.
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
} as const

const objectRoutes: RoutePlugin<{ service: SearchService }> = async (app, { service }) => {
  app.get('/indexes/:indexName/:objectID', getObjectRoute, async function getObject(request) {
    const { indexName, objectID } = request.params
    const asked = attributeList(request.query.attributesToRetrieve)
    const record = recordReads(service, grantOf(request)).read(indexName, objectID, asked)
    if (!record) throw service.hasIndex(indexName) ? objectNotFound() : indexNotFound()
    return record
  })

  app.post('/indexes/:indexName/objects', getObjectsRoute, async function getObjects(request) {
    if (request.params.indexName !== '*') throw notFound(request)
    const requests = objectRequests(request.body)
    const reads = recordReads(service, grantOf(request))
    const results = requests.map((raw) => {
      const { indexName, objectID, attributesToRetrieve } = readObjectRequest(raw)
      authorizeIndex(request, indexName)
      return reads.read(indexName, objectID, attributesToRetrieve) ?? null
    })
    return { results }
  })

  app.post('/indexes/:indexName', addObjectRoute, async function addObject(request, reply) {
    const { indexName } = request.params
    const body = readRecord(request.body)
    const { taskIDs, objectIDs, at } = service.batch([{ action: 'addObject', indexName, body }])
    return reply.code(201).send({ createdAt: at, taskID: taskIDs.get(indexName)!, objectID: objectIDs[0]! })
  })

  app.put('/indexes/:indexName/:objectID', saveObjectRoute, async function saveObject(request) {
    const { indexName, objectID } = request.params
    const body = { ...readRecord(request.body), objectID }
    const { taskIDs, at } = service.batch([{ action: 'updateObject', indexName, body }])
    return { updatedAt: at, taskID: taskIDs.get(indexName)!, objectID }
  })

  app.delete('/indexes/:indexName/:objectID', deleteObjectRoute, async function deleteObject(request) {
    const { indexName, objectID } = request.params
    const { taskIDs, at } = service.batch([{ action: 'deleteObject', indexName, body: { objectID } }])
    return { deletedAt: at, taskID: taskIDs.get(indexName)! }
  })

  app.post(
    '/indexes/:indexName/:objectID/partial',
    partialUpdateRoute,
    async function partialUpdate(request) {
      const { indexName, objectID } = request.params
      const body = { ...readRecord(request.body), objectID }
      const create = (request.query.createIfNotExists as unknown) !== false
      const action = create ? 'partialUpdateObject' : 'partialUpdateObjectNoCreate'
      const { taskIDs, at } = service.batch([{ action, indexName, body }])
      return { updatedAt: at, taskID: taskIDs.get(indexName)!, objectID }
    },
  )

  app.post('/indexes/:indexName/batch', batchRoute, async function batch(request) {
    const { indexName } = request.params
    const pathIndex = indexName === '*' ? undefined : indexName
    const operations = authorizedBatch(request, readBatch(request.body, pathIndex))
    const { taskIDs, objectIDs } = service.batch(operations, pathIndex)
    return { taskID: pathIndex ? taskIDs.get(pathIndex)! : Object.fromEntries(taskIDs), objectIDs }
  })
}

/** A batch's operations once the key may run each on its index. */
function authorizedBatch(request: FastifyRequest, operations: BatchOperation[]): BatchOperation[] {
  for (const operation of operations) {
    authorizeIndex(request, operation.indexName)
    authorizeAcl(request, ACTION_ACL[operation.action])
  }
  return operations
}

export default objectRoutes
