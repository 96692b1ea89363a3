// Query rules on the search path: the index's rules matched against the request's wire
// parameters (rules/ decides what applies and what it does), the consequences merged back into
// checked parameters, and the response's userData, parsedQuery, appliedRules and renderingContent.
import type { FilterNode, SearchParams } from '../engine/types.ts'
import { facetFiltersToNode, parseFilters, tagFiltersToNode } from '../protocol/filters.ts'
import {
  checkValue,
  type FilterValue,
  isSearchParam,
  type Params,
  SEARCH_PARAM_SPECS,
  setParam,
} from '../protocol/search-params.ts'
import { COMBINED_FILTER_PARAMS, planRules, type RulePlan } from '../rules/rule-consequences.ts'
import { matchRules } from '../rules/rule-matching.ts'
import type { SearchReader } from './search-reader.ts'

export interface RuledSearch {
  params: Params
  /** Engine parameters for pinned and hidden records. */
  extra: Partial<SearchParams>
  plan?: RulePlan
}

const FACET_VALUES_LIMIT = 1000

export function applyRules(reader: SearchReader, index: string, params: Params): RuledSearch {
  const rules = reader.rulesOf(index)
  if (rules.length === 0 || params.enableRules === false) return { params, extra: {} }
  // The engine's own copies of the settings and synonyms: no store read on the search path.
  if (params.enableRules === undefined && reader.searchSettings(index).enableRules === false) {
    return { params, extra: {} }
  }
  const matches = matchRules(rules, {
    query: params.query ?? '',
    ruleContexts: params.ruleContexts ?? [],
    filters: selectedFilters(params),
    now: Math.floor(Date.now() / 1000),
    facetValues: (attribute) => {
      const result = reader.search(index, {
        facets: [attribute],
        maxValuesPerFacet: FACET_VALUES_LIMIT,
        hitsPerPage: 0,
      })
      return Object.keys(result.facets?.[attribute] ?? {})
    },
    synonyms: reader.synonymsOf(index),
  })
  if (matches.length === 0) return { params, extra: {} }
  const plan = planRules(matches, params.query ?? '')
  return { params: mergeParams(params, plan), extra: pinning(plan), plan }
}

/**
 * The response fields rules add: userData, renderingContent, parsedQuery (the query searched, when a
 * rule changed it) and (with getRankingInfo) appliedRules.
 */
export function ruleResponseFields(ruled: RuledSearch, getRankingInfo: boolean): Record<string, unknown> {
  const { plan } = ruled
  if (!plan) return {}
  const fields: Record<string, unknown> = {}
  if (plan.userData.length > 0) fields.userData = plan.userData
  if (plan.query !== undefined) fields.parsedQuery = plan.query
  if (plan.renderingContent) fields.renderingContent = plan.renderingContent
  if (getRankingInfo) fields.appliedRules = plan.applied.map((objectID) => ({ objectID }))
  return fields
}

function pinning(plan: RulePlan): Partial<SearchParams> {
  const extra: Partial<SearchParams> = {}
  if (plan.promote.length > 0) extra.promote = plan.promote
  if (plan.hide.length > 0) extra.hide = plan.hide
  if (plan.filterPromotes) extra.filterPromotes = true
  return extra
}

function mergeParams(params: Params, plan: RulePlan): Params {
  const merged: Params = { ...params }
  if (plan.query !== undefined) merged.query = plan.query
  for (const [name, value] of Object.entries(plan.params)) {
    // Checked when the rule was saved; a parameter that is no search parameter is not applied.
    if (isSearchParam(name)) setParam(merged, name, checkValue(name, SEARCH_PARAM_SPECS[name], value))
  }
  for (const name of COMBINED_FILTER_PARAMS) {
    const values = plan.filters[name] ?? []
    for (const value of values) {
      if (name === 'filters') {
        const text = checkValue(name, SEARCH_PARAM_SPECS.filters, value) as string
        merged.filters = merged.filters?.trim() ? `(${merged.filters}) AND (${text})` : text
      } else
        merged[name] = [
          ...asList(merged[name]),
          ...asList(checkValue(name, SEARCH_PARAM_SPECS[name], value) as FilterValue),
        ]
    }
  }
  if (plan.facetFilters.length > 0)
    merged.facetFilters = [...asList(merged.facetFilters), ...plan.facetFilters]
  if (plan.optionalFilters.length > 0) {
    merged.optionalFilters = [...asList(merged.optionalFilters), ...plan.optionalFilters]
  }
  return merged
}

/** facetFilters & co. as a list of AND-ed entries (a string is one entry, or a comma-separated list). */
function asList(value: FilterValue | undefined): FilterValue[] {
  if (value === undefined) return []
  if (typeof value === 'string')
    return value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
  return [...value]
}

/**
 * The `attribute:value` refinements a search selects, read from its parsed filters (facetFilters,
 * tagFilters as `_tags:…`, and `filters`) by the protocol's own grammar: every facet condition that
 * is not negated. `NOT brand:x` and `-brand:x` select nothing.
 */
function selectedFilters(params: Params): string[] {
  const trees: FilterNode[] = []
  try {
    if (params.facetFilters !== undefined) trees.push(facetFiltersToNode(params.facetFilters))
    if (params.tagFilters !== undefined) trees.push(tagFiltersToNode(params.tagFilters))
    if (params.filters?.trim()) trees.push(parseFilters(params.filters))
  } catch {
    // Filters that cannot be read select nothing here; the search itself refuses them.
    return []
  }
  const out: string[] = []
  const walk = (node: FilterNode): void => {
    if (node.type === 'facet') out.push(`${node.attribute}:${node.value}`)
    else if (node.type === 'and' || node.type === 'or') for (const child of node.children) walk(child)
  }
  for (const tree of trees) walk(tree)
  return out
}
