// The refinements a search selects, as rule conditions on `filters` see them: a rule whose condition
// names `attribute:value` applies when the search's facet filters, tag filters or `filters` select it.
import { describe, expect, it } from 'vitest'
import { type Params, parseSearchParams } from '../protocol/search-params.ts'
import type { Rule } from '../rules/rule-types.ts'
import { applyRules } from './rule-application.ts'
import type { SearchReader } from './search-reader.ts'

/** One rule per refinement, conditioned on it alone. */
const REFINEMENTS = [
  'brand:Apple',
  'brand:Samsung Galaxy',
  'category:Phones',
  '_tags:sale',
  'type:smart phone',
  'color:red',
  'price:10',
]
const RULES: Rule[] = REFINEMENTS.map((filter) => ({
  objectID: filter,
  conditions: [{ filters: filter.includes(' ') ? filter.replace(':', ':"').concat('"') : filter }],
  consequence: { userData: { filter } },
}))

/** An index with the rules above, and nothing else a rule could ask of it. */
const reader: SearchReader = {
  rulesOf: () => RULES,
  synonymsOf: () => [],
  searchSettings: () => ({}),
  search: () => {
    throw new Error('no rule here reads facet values')
  },
  searchForFacetValues: () => {
    throw new Error('no rule here searches facet values')
  },
  defaultHitsPerPage: () => undefined,
  isVirtualReplicaOf: () => false,
}

/** The refinements whose rules apply to a search with these parameters, in the rules' order. */
function selected(params: Record<string, unknown>): string[] {
  const applied = applyRules(reader, 'products', parseSearchParams(params)).plan?.applied ?? []
  return REFINEMENTS.filter((filter) => applied.includes(filter))
}

describe('the refinements a search selects, for rule conditions', () => {
  it('reads facet filters, tag filters and `filters` with the protocol’s grammar', () => {
    expect(
      selected({
        facetFilters: [['brand:Apple', 'brand:"Samsung Galaxy"'], 'category:Phones'],
        tagFilters: ['sale'],
        filters: 'type:"smart phone" AND (price > 100 OR color:red)',
      }),
    ).toEqual([
      'brand:Apple',
      'brand:Samsung Galaxy',
      'category:Phones',
      '_tags:sale',
      'type:smart phone',
      'color:red',
    ])
  })

  it('takes a negated filter as selecting nothing: NOT brand:x, brand:-x, -tag', () => {
    expect(selected({ filters: 'NOT brand:Apple AND category:Phones' })).toEqual(['category:Phones'])
    expect(selected({ facetFilters: ['brand:-Apple', 'category:Phones'], tagFilters: ['-sale'] })).toEqual([
      'category:Phones',
    ])
  })

  it('selects nothing from numeric conditions or from filters it cannot read', () => {
    expect(selected({ filters: 'price:10 TO 20 AND stock > 0' })).toEqual([])
    const unreadable: Params = { filters: 'brand:(' }
    expect(applyRules(reader, 'products', unreadable).plan).toBeUndefined()
  })
})
