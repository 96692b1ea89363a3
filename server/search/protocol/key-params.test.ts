import { describe, expect, it } from 'vitest'
import type { FilterNode } from '../../../search-core/engine/types.ts'
import { toEngineParams } from '../../../search-core/protocol/engine-params.ts'
import { narrowKeyParams, readKeyParams } from './key-params.ts'

const facet = (attribute: string, value: string): FilterNode => ({ type: 'facet', attribute, value })
const or = (...children: FilterNode[]): FilterNode => ({ type: 'or', children })

/** The one filter tree a search with the narrowed parameters forced runs with. */
const filtersOf = (parent: string, child: string) => {
  const narrowed = narrowKeyParams(readKeyParams(parent), readKeyParams(child))
  return toEngineParams({}, narrowed).filters
}

describe('narrowKeyParams', () => {
  it('ANDs the filters of both, whatever the child’s are', () => {
    expect(filtersOf('filters=state:BY', 'filters=')).toEqual(facet('state', 'BY'))
    expect(filtersOf('filters=state:BY', 'filters=%20')).toEqual(facet('state', 'BY'))
    expect(filtersOf('filters=state:BY OR state:BE', 'filters=category:1')).toEqual({
      type: 'and',
      children: [or(facet('state', 'BY'), facet('state', 'BE')), facet('category', '1')],
    })
    expect(filtersOf('', 'filters=category:1')).toEqual(facet('category', '1'))
  })

  it('refuses a child’s filters that reach out of their parentheses', () => {
    expect(() =>
      narrowKeyParams(readKeyParams('filters=state:BY'), readKeyParams('filters=x:1) OR (y:2')),
    ).toThrow(/filters/)
    expect(() =>
      narrowKeyParams(readKeyParams('filters=state:BY'), readKeyParams('filters=x:"1) OR (y:2')),
    ).toThrow(/filters/)
  })

  it('keeps the groups of both list filters, in either spelling', () => {
    const narrowed = narrowKeyParams(
      readKeyParams('facetFilters=state:BY,(category:1,category:2)&numericFilters=%5B%22weight>1%22%5D'),
      readKeyParams('facetFilters=%5B%22state:BE%22,%5B%22%22%5D%5D&numericFilters=weight<9'),
    )
    expect(narrowed.facetFilters).toEqual([['state:BY'], ['category:1', 'category:2'], ['state:BE']])
    expect(narrowed.numericFilters).toEqual([['weight>1'], ['weight<9']])
  })

  it('keeps the lower of two limits and the parent’s other values', () => {
    const narrowed = narrowKeyParams(
      readKeyParams('hitsPerPage=5&maxValuesPerFacet=10&attributesToRetrieve=%5B%22name%22%5D&userToken=p'),
      readKeyParams(
        'hitsPerPage=50&maxValuesPerFacet=3&attributesToRetrieve=%5B%22*%22%5D&userToken=c&analytics=false',
      ),
    )
    expect(narrowed).toEqual({
      hitsPerPage: 5,
      maxValuesPerFacet: 3,
      attributesToRetrieve: ['name'],
      userToken: 'p',
      analytics: false,
    })
  })
})
