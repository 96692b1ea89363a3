// searchRules: the stored rules whose objectID, description or a condition's pattern contains the
// query (folded), narrowed by anchoring, context and enabled, one page at a time.
import { fold } from '../engine/normalize.ts'
import type { Anchoring, Rule } from './rule-types.ts'

export interface RuleSearchParams {
  query?: string
  anchoring?: Anchoring
  context?: string
  enabled?: boolean | null
  page?: number
  hitsPerPage?: number
}

export type RuleSearchResult = {
  hits: Rule[]
  nbHits: number
  page: number
  nbPages: number
}

export function searchRules(rules: readonly Rule[], params: RuleSearchParams): RuleSearchResult {
  const needle = fold(params.query ?? '')
  const page = params.page ?? 0
  const hitsPerPage = params.hitsPerPage ?? 20
  const matching = rules.filter((rule) => {
    const conditions = rule.conditions ?? []
    if (params.enabled === true && rule.enabled === false) return false
    if (params.enabled === false && rule.enabled !== false) return false
    if (params.anchoring && !conditions.some((c) => c.anchoring === params.anchoring)) return false
    if (params.context !== undefined && !conditions.some((c) => c.context === params.context)) return false
    if (needle === '') return true
    const texts = [rule.objectID, rule.description ?? '', ...conditions.map((c) => c.pattern ?? '')]
    return texts.some((text) => fold(text).includes(needle))
  })
  const start = page * hitsPerPage
  return {
    hits: matching.slice(start, start + hitsPerPage),
    nbHits: matching.length,
    page,
    nbPages: hitsPerPage > 0 ? Math.ceil(matching.length / hitsPerPage) : 0,
  }
}
