// Synonym routes, every type: save one or many, get, delete, clear and search (the shape rules
// share, in collection-routes.ts).
import type { FastifyInstance } from 'fastify'
import type { Synonym } from '../../../search-core/index.ts'
import { indexNotFound, invalidValue } from '../../../search-core/index.ts'
import { anyObject } from '../protocol/route-schemas.ts'
import { readSynonym } from '../protocol/synonym-params.ts'
import type { SearchService } from '../service/search-service.ts'
import { collectionRoutes } from './collection-routes.ts'
import type { RoutePlugin } from './route-plugin.ts'

const synonymParams = {
  type: 'object',
  properties: { indexName: { type: 'string' }, objectID: { type: 'string' } },
  required: ['indexName', 'objectID'],
} as const

const synonymRoutes: RoutePlugin<{ service: SearchService }> = async (app, options) => {
  const { service } = options
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
      response: {
        type: 'object',
        properties: { hits: { type: 'array', items: anyObject }, nbHits: { type: 'integer' } },
      },
      run: (indexName, body) => synonymSearch(synonymsOf, indexName, body),
    },
  })
}

/** `POST …/synonyms/search`: a substring of the synonym's JSON, and its type; the body is checked first. */
function synonymSearch(
  synonymsOf: (indexName: string) => Synonym[],
  indexName: string,
  body: Record<string, unknown>,
): { hits: Synonym[]; nbHits: number } {
  const { query = '', type, page = 0, hitsPerPage = 100 } = body
  if (typeof query !== 'string') throw invalidValue('query', 'string')
  if (!Number.isInteger(page) || !Number.isInteger(hitsPerPage) || (hitsPerPage as number) < 1) {
    throw invalidValue('hitsPerPage', 'positive integer')
  }
  const needle = query.toLowerCase()
  const matching = synonymsOf(indexName).filter(
    (synonym) =>
      (type === undefined || synonym.type === type) && JSON.stringify(synonym).toLowerCase().includes(needle),
  )
  const start = (page as number) * (hitsPerPage as number)
  return { hits: matching.slice(start, start + (hitsPerPage as number)), nbHits: matching.length }
}

export default synonymRoutes
