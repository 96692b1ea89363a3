// Rules on the wire: a rule as saveRule(s) receives it, and searchRules' body. A rule is checked by
// the core's rules for its shape and limits, and its consequence's search parameters here.
import {
  type Anchoring,
  invalidValue,
  parseSearchParams,
  type Rule,
  readRule,
  type searchRules,
} from '../../../search-core/index.ts'

/** Consequence parameters that are no search parameters: the core's rules check them. */
const RULE_ONLY_PARAMS = ['query', 'automaticFacetFilters', 'automaticOptionalFacetFilters']

/** A rule; a single save passes the path's objectID. */
export function readCheckedRule(raw: unknown, objectID?: string): Rule {
  const rule = readRule(raw, objectID)
  const params = rule.consequence?.params
  if (params) parseSearchParams(params, RULE_ONLY_PARAMS)
  return rule
}

const ANCHORINGS: readonly unknown[] = ['is', 'startsWith', 'endsWith', 'contains']

/** searchRules' body. */
export function readRuleSearch(body: Record<string, unknown>): Parameters<typeof searchRules>[1] {
  const { query, anchoring, context, page = 0, hitsPerPage = 20, enabled } = body
  if (query !== undefined && typeof query !== 'string') throw invalidValue('query', 'string')
  if (anchoring !== undefined && !isAnchoring(anchoring)) {
    throw invalidValue('anchoring', `one of ${ANCHORINGS.join(', ')}`)
  }
  if (context !== undefined && typeof context !== 'string') throw invalidValue('context', 'string')
  if (!isInteger(page) || page < 0) throw invalidValue('page', 'integer >= 0')
  if (!isInteger(hitsPerPage) || hitsPerPage < 1 || hitsPerPage > 1000) {
    throw invalidValue('hitsPerPage', 'integer between 1 and 1000')
  }
  if (enabled !== undefined && enabled !== null && typeof enabled !== 'boolean') {
    throw invalidValue('enabled', 'boolean or null')
  }
  return {
    ...(query !== undefined ? { query } : {}),
    ...(anchoring !== undefined ? { anchoring } : {}),
    ...(context !== undefined ? { context } : {}),
    enabled: enabled ?? null,
    page,
    hitsPerPage,
  }
}

const isAnchoring = (value: unknown): value is Anchoring => ANCHORINGS.includes(value)

const isInteger = (value: unknown): value is number => Number.isInteger(value)
