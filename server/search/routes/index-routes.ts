// Index routes: list, delete, clear, deleteByQuery, settings, copy/move and task status.
import { AlgoliaError, replicaNames, toEngineParams } from '../../../search-core/index.ts'
import { indexAllowed } from '../keys/api-keys.ts'
import { indexList } from '../protocol/index-list.ts'
import { readDeleteByParams, readIndexOperation, runIndexOperation } from '../protocol/index-requests.ts'
import {
  anyObject,
  deletedAtResponse,
  errors,
  forwardToReplicasQuery,
  indexParams,
  optionalObjectBody,
  queryString,
  updatedAtResponse,
} from '../protocol/route-schemas.ts'
import { parseSettings } from '../protocol/settings-params.ts'
import type { SearchService } from '../service/search-service.ts'
import { authorizeIndex, grantOf } from './algolia-http.ts'
import type { RoutePlugin } from './route-plugin.ts'

const listIndexesRoute = {
  config: { acl: 'listIndexes' },
  schema: {
    querystring: queryString({
      page: { type: 'integer', minimum: 0 },
      hitsPerPage: { type: 'integer', minimum: 1 },
    }),
    response: {
      200: {
        type: 'object',
        properties: { items: { type: 'array', items: anyObject }, nbPages: { type: 'integer' } },
        required: ['items', 'nbPages'],
      },
      ...errors,
    },
  },
} as const

const deleteIndexRoute = {
  config: { acl: 'deleteIndex' },
  schema: {
    params: indexParams,
    querystring: queryString({}),
    response: { 200: deletedAtResponse, ...errors },
  },
} as const

/** clear and deleteByQuery. */
const deleteRecordsRoute = {
  config: { acl: 'deleteIndex' },
  schema: { params: indexParams, body: optionalObjectBody, response: { 200: updatedAtResponse, ...errors } },
} as const

const getSettingsRoute = {
  config: { acl: 'settings' },
  schema: {
    params: indexParams,
    querystring: queryString({ getVersion: { type: 'integer' } }),
    response: { 200: anyObject, ...errors },
  },
} as const

const setSettingsRoute = {
  config: { acl: 'editSettings' },
  schema: {
    params: indexParams,
    querystring: forwardToReplicasQuery,
    body: anyObject,
    response: { 200: updatedAtResponse, ...errors },
  },
} as const

const operationRoute = {
  config: { acl: 'addObject' },
  schema: { params: indexParams, body: anyObject, response: { 200: updatedAtResponse, ...errors } },
} as const

const taskRoute = {
  config: { acl: null },
  schema: {
    params: {
      type: 'object',
      properties: { indexName: { type: 'string' }, taskID: { type: 'integer', minimum: 0 } },
      required: ['taskID'],
    },
    response: {
      200: {
        type: 'object',
        properties: { status: { type: 'string', enum: ['published', 'notPublished'] } },
        required: ['status'],
      },
      ...errors,
    },
  },
} as const

const indexRoutes: RoutePlugin<{ service: SearchService }> = async (app, { service }) => {
  app.get('/indexes', listIndexesRoute, async function listIndexes(request) {
    const grant = grantOf(request)
    const indexes = service.listIndexes().filter((index) => indexAllowed(grant, index.name))
    return indexList(indexes, service.pendingTasks(), request.query)
  })

  app.delete('/indexes/:indexName', deleteIndexRoute, async function deleteIndex(request) {
    const { taskID, at } = service.deleteIndex(request.params.indexName)
    return { taskID, deletedAt: at }
  })

  app.post('/indexes/:indexName/clear', deleteRecordsRoute, async function clearObjects(request) {
    const { taskID, at } = service.clearObjects(request.params.indexName)
    return { taskID, updatedAt: at }
  })

  app.post('/indexes/:indexName/deleteByQuery', deleteRecordsRoute, async function deleteBy(request) {
    const params = toEngineParams(readDeleteByParams(request.body), grantOf(request).forcedParams)
    const { taskID, at } = service.deleteBy(request.params.indexName, params)
    return { taskID, updatedAt: at }
  })

  app.get('/indexes/:indexName/settings', getSettingsRoute, async function getSettings(request) {
    return service.settings(request.params.indexName)
  })

  app.put('/indexes/:indexName/settings', setSettingsRoute, async function setSettings(request) {
    const settings = parseSettings(request.body)
    for (const replica of replicaNames(settings.replicas)) authorizeIndex(request, replica)
    const forward = request.query.forwardToReplicas === true
    const { taskID, at } = service.setSettings(request.params.indexName, settings, forward)
    return { taskID, updatedAt: at }
  })

  app.post('/indexes/:indexName/operation', operationRoute, async function operationIndex(request) {
    const operation = readIndexOperation(request.body, request.params.indexName)
    authorizeIndex(request, operation.destination)
    const { taskID, at } = runIndexOperation(service, request.params.indexName, operation)
    return { taskID, updatedAt: at }
  })

  async function getTask(request: { params: { taskID: number } }) {
    const status = service.taskStatus(request.params.taskID)
    if (!status) throw new AlgoliaError(404, 'Task does not exist')
    return { status }
  }
  app.get('/indexes/:indexName/task/:taskID', taskRoute, getTask)
  app.get('/task/:taskID', taskRoute, getTask)
}

export default indexRoutes
