// Rule routes: save one or many, get, delete, clear and search. A rule is checked by rules/ for
// its shape and limits, and its consequence's search parameters by the protocol, before it is kept.
import type { FastifyInstance } from 'fastify'
import { AlgoliaError, indexNotFound, invalidValue } from '../protocol/algolia-error.ts'
import {
  anyObject,
  errors,
  indexParams,
  optionalObjectBody,
  queryString,
  updatedAtResponse,
} from '../protocol/route-schemas.ts'
import { parseSearchParams } from '../protocol/search-params.ts'
import { searchRules } from '../rules/rule-search.ts'
import type { Anchoring, Rule } from '../rules/rule-types.ts'
import { readRule } from '../rules/rule-validation.ts'
import type { SearchService } from '../service/search-service.ts'
import { collectionWriteRoutes } from './collection-write-routes.ts'
import type { RoutePlugin } from './route-plugin.ts'

const ruleParams = {
  type: 'object',
  properties: { indexName: { type: 'string', minLength: 1 }, objectID: { type: 'string', minLength: 1 } },
  required: ['indexName', 'objectID'],
} as const

const writeQuery = queryString({
  forwardToReplicas: { type: 'boolean' },
  clearExistingRules: { type: 'boolean' },
})

/** Consequence parameters that are no search parameters: rules/ checks them. */
const RULE_ONLY_PARAMS = ['query', 'automaticFacetFilters', 'automaticOptionalFacetFilters']

function checkedRule(raw: unknown, objectID?: string): Rule {
  const rule = readRule(raw, objectID)
  const params = rule.consequence?.params
  if (params) parseSearchParams(params, RULE_ONLY_PARAMS)
  return rule
}

const ruleNotFound = (): AlgoliaError => new AlgoliaError(404, 'ObjectID does not exist')

const ruleRoutes: RoutePlugin<{ service: SearchService }> = async (app, options) => {
  const { service } = options
  const rulesOf = (indexName: string): readonly Rule[] => {
    if (!service.hasIndex(indexName)) throw indexNotFound()
    return service.rulesOf(indexName)
  }
  collectionWriteRoutes(app as unknown as FastifyInstance, {
    collection: 'rules',
    replaceFlag: 'clearExistingRules',
    read: (raw) => checkedRule(raw),
    requireIndex: rulesOf,
    save: (indexName, rules, replace, forward) => service.saveRules(indexName, rules, replace, forward),
  })

  app.put(
    '/indexes/:indexName/rules/:objectID',
    {
      config: { acl: 'editSettings' },
      schema: {
        params: ruleParams,
        querystring: writeQuery,
        body: anyObject,
        response: { 200: updatedAtResponse, ...errors },
      },
    },
    async (request) => {
      const { indexName, objectID } = request.params
      const rule = checkedRule(request.body, objectID)
      const { taskID, at } = service.saveRules(
        indexName,
        [rule],
        false,
        request.query.forwardToReplicas === true,
      )
      return { taskID, updatedAt: at }
    },
  )

  app.get(
    '/indexes/:indexName/rules/:objectID',
    {
      config: { acl: 'settings' },
      schema: { params: ruleParams, response: { 200: anyObject, ...errors } },
    },
    async (request) => {
      const rule = rulesOf(request.params.indexName).find((item) => item.objectID === request.params.objectID)
      if (!rule) throw ruleNotFound()
      return rule
    },
  )

  app.delete(
    '/indexes/:indexName/rules/:objectID',
    {
      config: { acl: 'editSettings' },
      schema: {
        params: ruleParams,
        querystring: writeQuery,
        // Algolia's spec answers a rule deletion with updatedAt, not deletedAt.
        response: { 200: updatedAtResponse, ...errors },
      },
    },
    async (request) => {
      const { indexName, objectID } = request.params
      if (!rulesOf(indexName).some((item) => item.objectID === objectID)) throw ruleNotFound()
      const { taskID, at } = service.deleteRule(indexName, objectID, request.query.forwardToReplicas === true)
      return { taskID, updatedAt: at }
    },
  )

  app.post(
    '/indexes/:indexName/rules/search',
    {
      config: { acl: 'settings' },
      schema: {
        params: indexParams,
        body: optionalObjectBody,
        response: {
          200: {
            type: 'object',
            properties: {
              hits: { type: 'array', items: anyObject },
              nbHits: { type: 'integer' },
              page: { type: 'integer' },
              nbPages: { type: 'integer' },
            },
            required: ['hits', 'nbHits', 'page', 'nbPages'],
          },
          ...errors,
        },
      },
    },
    async (request) => {
      const { query, anchoring, context, page = 0, hitsPerPage = 20, enabled } = request.body ?? {}
      if (query !== undefined && typeof query !== 'string') throw invalidValue('query', 'string')
      const anchorings = ['is', 'startsWith', 'endsWith', 'contains']
      if (anchoring !== undefined && !anchorings.includes(anchoring as string)) {
        throw invalidValue('anchoring', `one of ${anchorings.join(', ')}`)
      }
      if (context !== undefined && typeof context !== 'string') throw invalidValue('context', 'string')
      if (!Number.isInteger(page) || (page as number) < 0) throw invalidValue('page', 'integer >= 0')
      if (!Number.isInteger(hitsPerPage) || (hitsPerPage as number) < 1 || (hitsPerPage as number) > 1000) {
        throw invalidValue('hitsPerPage', 'integer between 1 and 1000')
      }
      if (enabled !== undefined && enabled !== null && typeof enabled !== 'boolean') {
        throw invalidValue('enabled', 'boolean or null')
      }
      return searchRules(rulesOf(request.params.indexName), {
        ...(query !== undefined ? { query: query as string } : {}),
        ...(anchoring !== undefined ? { anchoring: anchoring as Anchoring } : {}),
        ...(context !== undefined ? { context: context as string } : {}),
        enabled: (enabled as boolean | null | undefined) ?? null,
        page: page as number,
        hitsPerPage: hitsPerPage as number,
      })
    },
  )
}

export default ruleRoutes
