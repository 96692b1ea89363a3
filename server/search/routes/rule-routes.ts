// Rule routes: save one or many, get, delete, clear and search (the shape synonyms share, in
// collection-routes.ts). A rule is read by protocol/rule-params.ts before it is kept.
import type { FastifyInstance } from 'fastify'
import { indexNotFound, type Rule, searchRules } from '../../../search-core/index.ts'
import { anyObject } from '../protocol/route-schemas.ts'
import { readCheckedRule, readRuleSearch } from '../protocol/rule-params.ts'
import type { SearchService } from '../service/search-service.ts'
import { collectionRoutes } from './collection-routes.ts'
import type { RoutePlugin } from './route-plugin.ts'

const ruleParams = {
  type: 'object',
  properties: { indexName: { type: 'string', minLength: 1 }, objectID: { type: 'string', minLength: 1 } },
  required: ['indexName', 'objectID'],
} as const

const ruleSearchResponse = {
  type: 'object',
  properties: {
    hits: { type: 'array', items: anyObject },
    nbHits: { type: 'integer' },
    page: { type: 'integer' },
    nbPages: { type: 'integer' },
  },
  required: ['hits', 'nbHits', 'page', 'nbPages'],
} as const

const ruleRoutes: RoutePlugin<{ service: SearchService }> = async (app, { service }) => {
  const rulesOf = (indexName: string): readonly Rule[] => {
    if (!service.hasIndex(indexName)) throw indexNotFound()
    return service.rulesOf(indexName)
  }
  collectionRoutes(app as unknown as FastifyInstance, {
    collection: 'rules',
    itemParams: ruleParams,
    replaceFlag: 'clearExistingRules',
    read: readCheckedRule,
    itemsOf: rulesOf,
    missing: 'ObjectID does not exist',
    save: (indexName, rules, replace, forward) => service.saveRules(indexName, rules, replace, forward),
    remove: (indexName, objectID, forward) => service.deleteRule(indexName, objectID, forward),
    answers: 'updatedAt',
    search: {
      response: ruleSearchResponse,
      // The body is checked before the index is looked up.
      run: (indexName, body) => {
        const search = readRuleSearch(body)
        return searchRules(rulesOf(indexName), search)
      },
    },
  })
}

export default ruleRoutes
