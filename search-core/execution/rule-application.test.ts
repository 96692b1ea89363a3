import { describe, expect, it } from 'vitest'
import { parseSearchParams } from '../protocol/search-params.ts'
import { selectedFilters } from './rule-application.ts'

const selected = (params: Record<string, unknown>) => selectedFilters(parseSearchParams(params))

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
    expect(selectedFilters({ filters: 'brand:(' })).toEqual([])
  })
})
