// FilterNode → bitset of slots. Facet leaves scan a facet column once per attribute (an OR of
// values on one attribute is a single scan); numeric leaves scan a numeric column. An attribute
// that is not faceted matches nothing, as on Algolia. Each scan and each combination of bitsets is
// charged to the search's budget before it runs (filter terms × records is the product a long
// filter list multiplies).
import { andInto, type Bitset, complementWithin, orInto } from './bitset.ts'
import type { IndexData } from './index-data.ts'
import type { FilterNode } from './types.ts'
import { CAUSE, type CauseId, WORK_COSTS } from './work-budget.ts'

/** `cause`: the parameter the filters come from (filters, or optionalFilters for scores). */
export function evaluateFilter(node: FilterNode, data: IndexData, cause: CauseId = CAUSE.filters): Bitset {
  switch (node.type) {
    case 'and': {
      const [first, ...rest] = node.children
      if (first === undefined) return data.scratch.copy(data.alive)
      const out = evaluateFilter(first, data, cause)
      for (const child of rest) {
        const bits = evaluateFilter(child, data, cause)
        data.budget.charge(out.length * WORK_COSTS.bitsetWord, cause)
        andInto(out, bits)
      }
      return out
    }
    case 'or':
      return evaluateOr(node.children, data, cause)
    case 'not': {
      const out = evaluateFilter(node.child, data, cause)
      data.budget.charge(out.length * WORK_COSTS.bitsetWord, cause)
      complementWithin(out, data.alive)
      return out
    }
    case 'facet':
      return facetBits(data, node.attribute, [node.value], cause)
    case 'numeric':
    case 'range': {
      const out = data.scratch.bitset(data.alive.length)
      // numericAttributesForFiltering: an attribute it leaves out (or an order comparison on an
      // equalOnly() one) is no numeric filter, and matches nothing, like an unknown attribute.
      if (
        data.numericFilterable(
          node.attribute,
          node.type === 'numeric' && (node.op === '=' || node.op === '!='),
        )
      ) {
        const column = data.numeric(node.attribute)
        const steps = column.size + column.values.length
        data.budget.charge(WORK_COSTS.filterTerm + steps * WORK_COSTS.filterScan, cause)
        column.scanInto(node, out)
      }
      return out
    }
  }
}

function evaluateOr(children: FilterNode[], data: IndexData, cause: CauseId): Bitset {
  const out = data.scratch.bitset(data.alive.length)
  // Group facet leaves by attribute so each attribute is scanned once.
  const byAttribute = new Map<string, string[]>()
  for (const child of children) {
    if (child.type === 'facet') {
      const list = byAttribute.get(child.attribute)
      if (list) list.push(child.value)
      else byAttribute.set(child.attribute, [child.value])
    } else {
      const bits = evaluateFilter(child, data, cause)
      data.budget.charge(out.length * WORK_COSTS.bitsetWord, cause)
      orInto(out, bits)
    }
  }
  for (const [attribute, values] of byAttribute) {
    const bits = facetBits(data, attribute, values, cause)
    data.budget.charge(out.length * WORK_COSTS.bitsetWord, cause)
    orInto(out, bits)
  }
  return out
}

/** Facet values that look like numbers are compared with every value of the column. */
const NUMBER_LIKE = /^\s*[-+.\d]/

function facetBits(data: IndexData, attribute: string, values: string[], cause: CauseId): Bitset {
  const out = data.scratch.bitset(data.alive.length)
  const column = attribute === '_tags' ? data.tags : data.facets.get(attribute)
  if (column === undefined) return out
  let lookups = column.values.length
  for (const value of values) lookups += NUMBER_LIKE.test(value) ? column.values.length : 1
  data.budget.charge(
    values.length * WORK_COSTS.filterTerm +
      column.scanSteps(Math.min(values.length, column.values.length)) * WORK_COSTS.filterScan +
      lookups * WORK_COSTS.filterValue +
      out.length * WORK_COSTS.bitsetWord,
    cause,
  )
  const mask = new Uint8Array(column.values.length)
  let any = false
  for (const value of values) {
    for (const code of column.codesFor(value)) {
      mask[code] = 1
      any = true
    }
  }
  if (any) column.scanInto(mask, out)
  return out
}
