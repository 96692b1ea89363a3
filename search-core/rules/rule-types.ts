// Query rules as Algolia stores and returns them (the `rule` schema of its Search API): the
// service keeps them per index, the search path matches them against each query.

export type Anchoring = 'is' | 'startsWith' | 'endsWith' | 'contains'

export type RuleCondition = {
  pattern?: string
  anchoring?: Anchoring
  /** The pattern also matches with one typo, a plural or a synonym per word. */
  alternatives?: boolean
  context?: string
  /** `facet:value` filters the search must carry (ANDed; no OR, no numeric filters). */
  filters?: string
}

export type QueryEdit = {
  type: 'remove' | 'replace'
  delete: string
  insert?: string
}

export type ConsequenceQuery = string | { remove?: string[]; edits?: QueryEdit[] }

export type AutomaticFacetFilter = string | { facet: string; score?: number; disjunctive?: boolean }

/** Search parameters, plus `query` edits and facet filters drawn from `{facet:…}` patterns. */
export type ConsequenceParams = Record<string, unknown> & {
  query?: ConsequenceQuery
  automaticFacetFilters?: AutomaticFacetFilter[]
  automaticOptionalFacetFilters?: AutomaticFacetFilter[]
}

export type Promote = { objectID: string; position: number } | { objectIDs: string[]; position: number }

export type RuleConsequence = {
  params?: ConsequenceParams
  promote?: Promote[]
  filterPromotes?: boolean
  hide?: { objectID: string }[]
  userData?: Record<string, unknown>
  /** Answer from this virtual replica of the index (rules with `scope: "redirect"` only). */
  redirect?: { indexName: string }
}

export type TimeRange = {
  /** Seconds since the epoch. */
  from?: number
  until?: number
}

export type Rule = {
  objectID: string
  conditions?: RuleCondition[]
  consequence?: RuleConsequence
  description?: string
  enabled?: boolean
  validity?: TimeRange[]
  tags?: string[]
  scope?: string
}
