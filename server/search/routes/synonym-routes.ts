// Synonym routes: save one or many, get, delete, clear and search; synonyms of every type.
import type { FastifyInstance } from 'fastify'
import type { Synonym } from '../engine/types.ts'
import { AlgoliaError, indexNotFound, invalidValue } from '../protocol/algolia-error.ts'
import {
  anyObject,
  deletedAtResponse,
  errors,
  indexParams,
  optionalObjectBody,
  queryString,
} from '../protocol/route-schemas.ts'
import { readSynonym } from '../protocol/synonym-params.ts'
import type { SearchService } from '../service/search-service.ts'
import { collectionWriteRoutes } from './collection-write-routes.ts'
import type { RoutePlugin } from './route-plugin.ts'

const synonymParams = {
  type: 'object',
  properties: { indexName: { type: 'string' }, objectID: { type: 'string' } },
  required: ['indexName', 'objectID'],
} as const

const writeQuery = queryString({
  forwardToReplicas: { type: 'boolean' },
  replaceExistingSynonyms: { type: 'boolean' },
})

const synonymRoutes: RoutePlugin<{ service: SearchService }> = async (app, options) => {
  const { service } = options
  const synonymsOf = (indexName: string): Synonym[] => {
    const index = service.getIndex(indexName)
    if (!index) throw indexNotFound()
    return index.synonyms
  }
  collectionWriteRoutes(app as unknown as FastifyInstance, {
    collection: 'synonyms',
    replaceFlag: 'replaceExistingSynonyms',
    read: (raw) => readSynonym(raw),
    requireIndex: synonymsOf,
    save: (indexName, synonyms, replace, forward) =>
      service.saveSynonyms(indexName, synonyms, replace, forward),
  })

  app.put(
    '/indexes/:indexName/synonyms/:objectID',
    {
      config: { acl: 'editSettings' },
      schema: {
        params: synonymParams,
        querystring: writeQuery,
        body: anyObject,
        response: {
          200: {
            type: 'object',
            properties: {
              taskID: { type: 'integer' },
              updatedAt: { type: 'string' },
              id: { type: 'string' },
            },
          },
          ...errors,
        },
      },
    },
    async (request) => {
      const synonym = readSynonym(request.body, request.params.objectID)
      const { indexName, objectID } = request.params
      const { taskID, at } = service.saveSynonyms(
        indexName,
        [{ ...synonym, objectID }],
        false,
        request.query.forwardToReplicas === true,
      )
      return { taskID, updatedAt: at, id: objectID }
    },
  )

  app.get(
    '/indexes/:indexName/synonyms/:objectID',
    {
      config: { acl: 'settings' },
      schema: { params: synonymParams, response: { 200: anyObject, ...errors } },
    },
    async (request) => {
      const synonym = synonymsOf(request.params.indexName).find(
        (item) => item.objectID === request.params.objectID,
      )
      if (!synonym) throw new AlgoliaError(404, 'Synonym set does not exist')
      return synonym
    },
  )

  app.delete(
    '/indexes/:indexName/synonyms/:objectID',
    {
      config: { acl: 'editSettings' },
      schema: {
        params: synonymParams,
        querystring: writeQuery,
        response: { 200: deletedAtResponse, ...errors },
      },
    },
    async (request) => {
      const { indexName, objectID } = request.params
      if (!synonymsOf(indexName).some((item) => item.objectID === objectID)) {
        throw new AlgoliaError(404, 'Synonym set does not exist')
      }
      const { taskID, at } = service.deleteSynonym(
        indexName,
        objectID,
        request.query.forwardToReplicas === true,
      )
      return { taskID, deletedAt: at }
    },
  )

  app.post(
    '/indexes/:indexName/synonyms/search',
    {
      config: { acl: 'settings' },
      schema: {
        params: indexParams,
        body: optionalObjectBody,
        response: {
          200: {
            type: 'object',
            properties: { hits: { type: 'array', items: anyObject }, nbHits: { type: 'integer' } },
          },
          ...errors,
        },
      },
    },
    async (request) => {
      const { query = '', type, page = 0, hitsPerPage = 100 } = request.body ?? {}
      if (typeof query !== 'string') throw invalidValue('query', 'string')
      if (!Number.isInteger(page) || !Number.isInteger(hitsPerPage) || (hitsPerPage as number) < 1) {
        throw invalidValue('hitsPerPage', 'positive integer')
      }
      const needle = query.toLowerCase()
      const matching = synonymsOf(request.params.indexName).filter(
        (synonym) =>
          (type === undefined || synonym.type === type) &&
          JSON.stringify(synonym).toLowerCase().includes(needle),
      )
      const start = (page as number) * (hitsPerPage as number)
      return { hits: matching.slice(start, start + (hitsPerPage as number)), nbHits: matching.length }
    },
  )
}

export default synonymRoutes
