// The search parameters a key forces, as keys/ reads and combines them: a secured key's within its
// parent key's. A child narrows and never widens: the filters of both apply (ANDed), the lower of
// two limits holds, and any other parameter the parent forces keeps the parent's value.
import { filterGroups, type Params, parseFilters, parseParamsString } from '../../../search-core/index.ts'

/** Parameters whose lower value answers less. */
const LIMITS = ['hitsPerPage', 'length', 'maxValuesPerFacet', 'maxFacetHits'] as const

/** List parameters whose groups are ANDed: the parent's and the child's groups all apply. */
const FILTER_LISTS = ['facetFilters', 'numericFilters', 'tagFilters'] as const

/** A key's queryParameters or a secured key's parameters; throws when a value is not valid. */
export function readKeyParams(text: string): Params {
  return parseParamsString(text)
}

/** A secured key's forced parameters within its parent key's; throws when they cannot be combined. */
export function narrowKeyParams(parent: Params, child: Params): Params {
  const narrowed: Params = { ...child, ...parent }
  for (const name of LIMITS) {
    const [mine, theirs] = [parent[name], child[name]]
    if (mine !== undefined && theirs !== undefined) narrowed[name] = Math.min(mine, theirs)
  }
  const filters = [parent.filters, child.filters].filter(
    (text): text is string => text !== undefined && text.trim() !== '',
  )
  if (filters.length === 2) {
    // Each must parse on its own, so that in parentheses each is one group whatever it holds: a
    // child's `x:1) OR (y:2` cannot reach the parent's filters.
    for (const text of filters) parseFilters(text)
    narrowed.filters = filters.map((text) => `(${text})`).join(' AND ')
  } else if (filters.length === 1) narrowed.filters = filters[0]
  for (const name of FILTER_LISTS) {
    const [mine, theirs] = [parent[name], child[name]]
    if (mine !== undefined && theirs !== undefined)
      narrowed[name] = [...filterGroups(name, mine), ...filterGroups(name, theirs)]
  }
  return narrowed
}
