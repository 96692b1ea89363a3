// Synonym routes, every type: save one or many, get, delete, clear and search (the shape rules
// share, in collection-routes.ts).
import type { FastifyInstance } from 'fastify'
import type { Synonym } from '../../../search-core/index.ts'
import { indexNotFound } from '../../../search-core/index.ts'
import { anyObject } from '../protocol/route-schemas.ts'
import { readSynonym, readSynonymSearch } from '../protocol/synonym-params.ts'
import type { SearchService } from '../service/search-service.ts'
import { searchSynonyms } from '../service/synonym-search.ts'
import { collectionRoutes } from './collection-routes.ts'
import type { RoutePlugin } from './route-plugin.ts'

const synonymParams = {
  type: 'object',
  properties: { indexName: { type: 'string' }, objectID: { type: 'string' } },
  required: ['indexName', 'objectID'],
} as const

const synonymSearchResponse = {
  type: 'object',
  properties: { hits: { type: 'array', items: anyObject }, nbHits: { type: 'integer' } },
} as const

const synonymRoutes: RoutePlugin<{ service: SearchService }> = async (app, { service }) => {
  const synonymsOf = (indexName: string): Synonym[] => {
    const index = service.getIndex(indexName)
    if (!index) throw indexNotFound()
    return index.synonyms
  }
  collectionRoutes(app as unknown as FastifyInstance, {
    collection: 'synonyms',
    itemParams: synonymParams,
    replaceFlag: 'replaceExistingSynonyms',
    // A single save takes its objectID from the path.
    read: (raw, objectID) =>
      objectID === undefined ? readSynonym(raw) : { ...readSynonym(raw, objectID), objectID },
    itemsOf: synonymsOf,
    missing: 'Synonym set does not exist',
    save: (indexName, synonyms, replace, forward) =>
      service.saveSynonyms(indexName, synonyms, replace, forward),
    remove: (indexName, objectID, forward) => service.deleteSynonym(indexName, objectID, forward),
    answers: 'with id and deletedAt',
    search: {
      response: synonymSearchResponse,
      // The body is checked before the index is looked up.
      run: (indexName, body) => {
        const search = readSynonymSearch(body)
        return searchSynonyms(synonymsOf(indexName), search)
      },
    },
  })
}

export default synonymRoutes
