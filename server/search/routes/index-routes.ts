// Index routes: list, delete, clear, deleteByQuery, settings, copy/move and task status.

import {
  AlgoliaError,
  badRequest,
  invalidValue,
  isVirtualReplica,
  parseSearchParams,
  replicaNames,
  toEngineParams,
} from '../../../search-core/index.ts'
import { indexAllowed } from '../keys/api-keys.ts'
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

const DELETE_BY_PARAMS = [
  'filters',
  'facetFilters',
  'numericFilters',
  'tagFilters',
  'aroundLatLng',
  'aroundRadius',
  'insideBoundingBox',
  'insidePolygon',
]

const taskResponse = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['published', 'notPublished'] } },
  required: ['status'],
} as const

const taskParams = {
  type: 'object',
  properties: { indexName: { type: 'string' }, taskID: { type: 'integer', minimum: 0 } },
  required: ['taskID'],
} as const

const indexRoutes: RoutePlugin<{ service: SearchService }> = async (app, options) => {
  const { service } = options

  app.get(
    '/indexes',
    {
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
    },
    async (request) => {
      const grant = grantOf(request)
      const all = service.listIndexes().filter((index) => indexAllowed(grant, index.name))
      const pending = service.pendingTasks()
      const primaries = new Map(all.map((index) => [index.name, index.settings.replicas] as const))
      const items = all.map((index) => {
        const item: Record<string, unknown> = {
          name: index.name,
          createdAt: index.createdAt,
          updatedAt: index.updatedAt,
          entries: index.entries,
          dataSize: 0,
          fileSize: 0,
          lastBuildTimeS: 0,
          numberOfPendingTasks: pending.get(index.name) ?? 0,
          pendingTask: pending.has(index.name),
        }
        const { primary, replicas } = index.settings
        if (primary) {
          item.primary = primary
          item.virtual = isVirtualReplica(primaries.get(primary), index.name)
        }
        if (replicaNames(replicas).length > 0) item.replicas = replicaNames(replicas)
        return item
      })
      const { page, hitsPerPage } = request.query
      if (page === undefined || hitsPerPage === undefined) return { items, nbPages: 1 }
      return {
        items: items.slice(page * hitsPerPage, (page + 1) * hitsPerPage),
        nbPages: Math.ceil(items.length / hitsPerPage),
      }
    },
  )

  app.delete(
    '/indexes/:indexName',
    {
      config: { acl: 'deleteIndex' },
      schema: {
        params: indexParams,
        querystring: queryString({}),
        response: { 200: deletedAtResponse, ...errors },
      },
    },
    async (request) => {
      const { taskID, at } = service.deleteIndex(request.params.indexName)
      return { taskID, deletedAt: at }
    },
  )

  app.post(
    '/indexes/:indexName/clear',
    {
      config: { acl: 'deleteIndex' },
      schema: {
        params: indexParams,
        body: optionalObjectBody,
        response: { 200: updatedAtResponse, ...errors },
      },
    },
    async (request) => {
      const { taskID, at } = service.clearObjects(request.params.indexName)
      return { taskID, updatedAt: at }
    },
  )

  app.post(
    '/indexes/:indexName/deleteByQuery',
    {
      config: { acl: 'deleteIndex' },
      schema: {
        params: indexParams,
        body: optionalObjectBody,
        response: { 200: updatedAtResponse, ...errors },
      },
    },
    async (request) => {
      const params = parseSearchParams(request.body)
      for (const name of Object.keys(params)) {
        if (!DELETE_BY_PARAMS.includes(name)) throw badRequest(`Unknown parameter: ${name}`)
      }
      if (Object.keys(params).length === 0) {
        throw badRequest(`deleteByQuery needs at least one of ${DELETE_BY_PARAMS.join(', ')}`)
      }
      const engineParams = toEngineParams(params, grantOf(request).forcedParams)
      const { taskID, at } = service.deleteBy(request.params.indexName, engineParams)
      return { taskID, updatedAt: at }
    },
  )

  app.get(
    '/indexes/:indexName/settings',
    {
      config: { acl: 'settings' },
      schema: {
        params: indexParams,
        querystring: queryString({ getVersion: { type: 'integer' } }),
        response: { 200: anyObject, ...errors },
      },
    },
    async (request) => service.settings(request.params.indexName),
  )

  app.put(
    '/indexes/:indexName/settings',
    {
      config: { acl: 'editSettings' },
      schema: {
        params: indexParams,
        querystring: forwardToReplicasQuery,
        body: anyObject,
        response: { 200: updatedAtResponse, ...errors },
      },
    },
    async (request) => {
      const settings = parseSettings(request.body)
      for (const replica of replicaNames(settings.replicas)) authorizeIndex(request, replica)
      const forward = request.query.forwardToReplicas === true
      const { taskID, at } = service.setSettings(request.params.indexName, settings, forward)
      return { taskID, updatedAt: at }
    },
  )

  app.post(
    '/indexes/:indexName/operation',
    {
      config: { acl: 'addObject' },
      schema: { params: indexParams, body: anyObject, response: { 200: updatedAtResponse, ...errors } },
    },
    async (request) => {
      const { operation, destination, scope } = request.body
      if (operation !== 'copy' && operation !== 'move') throw invalidValue('operation', 'one of copy, move')
      if (typeof destination !== 'string' || destination === '') throw invalidValue('destination', 'string')
      const scopes = ['settings', 'synonyms', 'rules']
      if (scope !== undefined && (!Array.isArray(scope) || !scope.every((item) => scopes.includes(item)))) {
        throw invalidValue('scope', `array of ${scopes.join(', ')}`)
      }
      if (destination === request.params.indexName) {
        throw new AlgoliaError(400, 'Source and destination indices must be different')
      }
      authorizeIndex(request, destination)
      if (operation === 'move' && scope !== undefined)
        throw badRequest('scope is only supported by the copy operation')
      const { taskID, at } =
        operation === 'copy'
          ? service.copyIndex(request.params.indexName, destination, scope as string[] | undefined)
          : service.moveIndex(request.params.indexName, destination)
      return { taskID, updatedAt: at }
    },
  )

  const taskStatus = (taskID: number) => {
    const status = service.taskStatus(taskID)
    if (!status) throw new AlgoliaError(404, 'Task does not exist')
    return { status }
  }
  app.get(
    '/indexes/:indexName/task/:taskID',
    { config: { acl: null }, schema: { params: taskParams, response: { 200: taskResponse, ...errors } } },
    async (request) => taskStatus(request.params.taskID),
  )
  app.get(
    '/task/:taskID',
    { config: { acl: null }, schema: { params: taskParams, response: { 200: taskResponse, ...errors } } },
    async (request) => taskStatus(request.params.taskID),
  )
}

export default indexRoutes
