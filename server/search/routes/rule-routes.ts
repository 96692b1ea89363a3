// Rule routes: save one or many, get, delete, clear and search (the shape synonyms share, in
// collection-routes.ts). A rule is checked by rules/ for its shape and limits, and its
// consequence's search parameters by the protocol, before it is kept.
import type { FastifyInstance } from 'fastify'
import type { Anchoring, Rule } from '../../../search-core/index.ts'
import {
  indexNotFound,
  invalidValue,
  parseSearchParams,
  type RuleSearchResult,
  readRule,
  searchRules,
} from '../../../search-core/index.ts'
import { anyObject } from '../protocol/route-schemas.ts'
import type { SearchService } from '../service/search-service.ts'
import { collectionRoutes } from './collection-routes.ts'
import type { RoutePlugin } from './route-plugin.ts'

const ruleParams = {
  type: 'object',
  properties: { indexName: { type: 'string', minLength: 1 }, objectID: { type: 'string', minLength: 1 } },
  required: ['indexName', 'objectID'],
} as const

/** Consequence parameters that are no search parameters: rules/ checks them. */
const RULE_ONLY_PARAMS = ['query', 'automaticFacetFilters', 'automaticOptionalFacetFilters']

function checkedRule(raw: unknown, objectID?: string): Rule {
  const rule = readRule(raw, objectID)
  const params = rule.consequence?.params
  if (params) parseSearchParams(params, RULE_ONLY_PARAMS)
  return rule
}

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

const ANCHORINGS = ['is', 'startsWith', 'endsWith', 'contains']

const ruleRoutes: RoutePlugin<{ service: SearchService }> = async (app, options) => {
  const { service } = options
  const rulesOf = (indexName: string): readonly Rule[] => {
    if (!service.hasIndex(indexName)) throw indexNotFound()
    return service.rulesOf(indexName)
  }
  collectionRoutes(app as unknown as FastifyInstance, {
    collection: 'rules',
    itemParams: ruleParams,
    replaceFlag: 'clearExistingRules',
    read: checkedRule,
    itemsOf: rulesOf,
    missing: 'ObjectID does not exist',
    save: (indexName, rules, replace, forward) => service.saveRules(indexName, rules, replace, forward),
    remove: (indexName, objectID, forward) => service.deleteRule(indexName, objectID, forward),
    answers: 'updatedAt',
    search: { response: ruleSearchResponse, run: (indexName, body) => ruleSearch(rulesOf, indexName, body) },
  })
}

/** `POST …/rules/search`: the body is checked before the index is looked up. */
function ruleSearch(
  rulesOf: (indexName: string) => readonly Rule[],
  indexName: string,
  body: Record<string, unknown>,
): RuleSearchResult {
  const { query, anchoring, context, page = 0, hitsPerPage = 20, enabled } = body
  if (query !== undefined && typeof query !== 'string') throw invalidValue('query', 'string')
  if (anchoring !== undefined && !ANCHORINGS.includes(anchoring as string)) {
    throw invalidValue('anchoring', `one of ${ANCHORINGS.join(', ')}`)
  }
  if (context !== undefined && typeof context !== 'string') throw invalidValue('context', 'string')
  if (!Number.isInteger(page) || (page as number) < 0) throw invalidValue('page', 'integer >= 0')
  if (!Number.isInteger(hitsPerPage) || (hitsPerPage as number) < 1 || (hitsPerPage as number) > 1000) {
    throw invalidValue('hitsPerPage', 'integer between 1 and 1000')
  }
  if (enabled !== undefined && enabled !== null && typeof enabled !== 'boolean') {
    throw invalidValue('enabled', 'boolean or null')
  }
  return searchRules(rulesOf(indexName), {
    ...(query !== undefined ? { query: query as string } : {}),
    ...(anchoring !== undefined ? { anchoring: anchoring as Anchoring } : {}),
    ...(context !== undefined ? { context: context as string } : {}),
    enabled: (enabled as boolean | null | undefined) ?? null,
    page: page as number,
    hitsPerPage: hitsPerPage as number,
  })
}

export default ruleRoutes
