// What the triggered rules do to a search, in precedence order: a rule whose pattern matched query
// words that a rule before it matched is left out (several rules apply only to distinct words),
// the first rule to set a search parameter wins it (filters of every rule are ANDed instead), query
// edits apply one after another, promotions keep the first position given to a record, and every
// rule adds its userData.
import { fold } from '../engine/normalize.ts'
import { words } from '../engine/tokenize.ts'
import { type FacetMatch, patternTokens, type RuleMatch } from './rule-matching.ts'
import type { AutomaticFacetFilter, ConsequenceQuery } from './rule-types.ts'

/** Search parameters whose values from several rules (and the request) are ANDed. */
export const COMBINED_FILTER_PARAMS = [
  'filters',
  'facetFilters',
  'numericFilters',
  'tagFilters',
  'optionalFilters',
] as const

export interface RulePlan {
  /** objectIDs of the applied rules, in precedence order. */
  applied: string[]
  /** The query after the rules' replacements and edits (undefined when none). */
  query?: string
  /** Other search parameters the rules set (the first rule to set one wins). */
  params: Record<string, unknown>
  /** Filters of every rule, per parameter, to AND with the request's. */
  filters: Partial<Record<(typeof COMBINED_FILTER_PARAMS)[number], unknown[]>>
  /** automaticFacetFilters: AND of OR groups (`facet:value`). */
  facetFilters: string[][]
  /** automaticOptionalFacetFilters, with their scores. */
  optionalFilters: string[]
  promote: { objectID: string; position: number }[]
  hide: string[]
  filterPromotes: boolean
  userData: Record<string, unknown>[]
  renderingContent?: Record<string, unknown>
  /** The first applied redirect: the virtual replica to answer from, and the rule that asks. */
  redirect?: { indexName: string; ruleObjectID: string }
}

/** Algolia applies at most this many rules to one search. */
const MAX_APPLIED_RULES = 10

export function planRules(matches: readonly RuleMatch[], query: string): RulePlan {
  const plan: RulePlan = {
    applied: [],
    params: {},
    filters: {},
    facetFilters: [],
    optionalFilters: [],
    promote: [],
    hide: [],
    filterPromotes: false,
    userData: [],
  }
  let edited: string | undefined
  const promoted = new Set<string>()
  /** Query words a pattern of an applied rule matched. */
  const claimed = new Set<number>()
  for (const match of matches) {
    if (plan.applied.length === MAX_APPLIED_RULES) break
    if (overlaps(match, claimed)) continue
    for (let word = match.start; word < match.end; word++) claimed.add(word)
    const { rule } = match
    const consequence = rule.consequence ?? {}
    plan.applied.push(rule.objectID)
    const {
      query: queryChange,
      automaticFacetFilters,
      automaticOptionalFacetFilters,
      renderingContent,
      ...params
    } = consequence.params ?? {}
    if (queryChange !== undefined) edited = editQuery(edited ?? query, queryChange, match)
    for (const [name, value] of Object.entries(params)) {
      if ((COMBINED_FILTER_PARAMS as readonly string[]).includes(name)) {
        const key = name as (typeof COMBINED_FILTER_PARAMS)[number]
        plan.filters[key] = [...(plan.filters[key] ?? []), value]
      } else if (!(name in plan.params)) plan.params[name] = value
    }
    plan.facetFilters.push(...automaticFilters(automaticFacetFilters, match.facets, false))
    plan.optionalFilters.push(...automaticFilters(automaticOptionalFacetFilters, match.facets, true).flat())
    if (renderingContent !== undefined && plan.renderingContent === undefined) {
      plan.renderingContent = renderingContent as Record<string, unknown>
    }
    for (const promote of consequence.promote ?? []) {
      const ids = 'objectIDs' in promote ? promote.objectIDs : [promote.objectID]
      ids.forEach((objectID, n) => {
        if (promoted.has(objectID)) return
        promoted.add(objectID)
        plan.promote.push({ objectID, position: promote.position + n })
      })
    }
    if (consequence.filterPromotes) plan.filterPromotes = true
    for (const { objectID } of consequence.hide ?? []) plan.hide.push(objectID)
    if (consequence.userData) plan.userData.push(consequence.userData)
    if (consequence.redirect && plan.redirect === undefined)
      plan.redirect = { indexName: consequence.redirect.indexName, ruleObjectID: rule.objectID }
  }
  if (edited !== undefined) plan.query = edited
  return plan
}

/**
 * Whether a match's pattern words overlap words a rule of higher precedence matched. Algolia
 * applies several rules to one query only when they match distinct words: of two rules for
 * "sachsen" and "sachsen anhalt", the longer match wins the query "sachsen anhalt".
 */
function overlaps(match: RuleMatch, claimed: ReadonlySet<number>): boolean {
  for (let word = match.start; word < match.end; word++) if (claimed.has(word)) return true
  return false
}

/** Filters drawn from `{facet:attr}` placeholders: conjunctive ones AND, disjunctive ones OR per facet. */
function automaticFilters(
  specs: readonly AutomaticFacetFilter[] | undefined,
  facets: readonly FacetMatch[],
  optional: boolean,
): string[][] {
  const groups: string[][] = []
  for (const spec of specs ?? []) {
    const { facet, score, disjunctive } = typeof spec === 'string' ? { facet: spec } : spec
    const values = facets.filter((match) => match.facet === facet).map((match) => match.value)
    const filters = values.map(
      (value) => `${facet}:${value}${optional && score !== undefined ? `<score=${score}>` : ''}`,
    )
    if (filters.length === 0) continue
    if (disjunctive) groups.push(filters)
    else for (const filter of filters) groups.push([filter])
  }
  return groups
}

/** The query after a consequence: a string replaces it; `remove` and `edits` change its words. */
function editQuery(query: string, change: ConsequenceQuery, match: RuleMatch): string {
  if (typeof change === 'string') return change
  let current = words(query)
  for (const removed of change.remove ?? []) current = replacePhrase(current, removed, [], match)
  for (const edit of change.edits ?? []) {
    const insert = edit.type === 'replace' ? words(edit.insert ?? '') : []
    current = replacePhrase(current, edit.delete, insert, match)
  }
  return current.join(' ')
}

/** Replaces every occurrence of a phrase (folded; `{facet:attr}` stands for what it matched). */
function replacePhrase(current: string[], phrase: string, insert: string[], match: RuleMatch): string[] {
  const tokens = patternTokens(phrase)
  if (tokens.length === 0) return current
  const only = tokens.length === 1 ? tokens[0] : undefined
  if (only !== undefined && 'facet' in only) {
    const value = match.facets.find((f) => f.facet === only.facet)?.value
    if (value === undefined) return current
    return replaceWords(current, words(value).map(fold), insert)
  }
  const literal = tokens.map((token) => ('word' in token ? token.word : '')).filter((word) => word !== '')
  return replaceWords(current, literal, insert)
}

function replaceWords(current: string[], target: string[], insert: string[]): string[] {
  if (target.length === 0) return current
  const out: string[] = []
  for (let i = 0; i < current.length; ) {
    const here = current.slice(i, i + target.length).map(fold)
    if (here.length === target.length && here.every((word, k) => word === target[k])) {
      out.push(...insert)
      i += target.length
    } else out.push(current[i++]!)
  }
  return out
}
