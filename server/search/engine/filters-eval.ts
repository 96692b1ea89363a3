// FilterNode → bitset of slots. Facet leaves scan a facet column once per attribute (an OR of
// values on one attribute is a single scan); numeric leaves scan a numeric column. An attribute
// that is not faceted matches nothing, as on Algolia.
import { andInto, type Bitset, complementWithin, orInto } from './bitset.ts'
import type { IndexData } from './index-data.ts'
import type { FilterNode } from './types.ts'

export function evaluateFilter(node: FilterNode, data: IndexData): Bitset {
  switch (node.type) {
    case 'and': {
      const [first, ...rest] = node.children
      if (first === undefined) return data.scratch.copy(data.alive)
      const out = evaluateFilter(first, data)
      for (const child of rest) andInto(out, evaluateFilter(child, data))
      return out
    }
    case 'or':
      return evaluateOr(node.children, data)
    case 'not': {
      const out = evaluateFilter(node.child, data)
      complementWithin(out, data.alive)
      return out
    }
    case 'facet':
      return facetBits(data, node.attribute, [node.value])
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
      )
        data.numeric(node.attribute).scanInto(node, out)
      return out
    }
  }
}

function evaluateOr(children: FilterNode[], data: IndexData): Bitset {
  const out = data.scratch.bitset(data.alive.length)
  // Group facet leaves by attribute so each attribute is scanned once.
  const byAttribute = new Map<string, string[]>()
  for (const child of children) {
    if (child.type === 'facet') {
      const list = byAttribute.get(child.attribute)
      if (list) list.push(child.value)
      else byAttribute.set(child.attribute, [child.value])
    } else orInto(out, evaluateFilter(child, data))
  }
  for (const [attribute, values] of byAttribute) orInto(out, facetBits(data, attribute, values))
  return out
}

function facetBits(data: IndexData, attribute: string, values: string[]): Bitset {
  const out = data.scratch.bitset(data.alive.length)
  const column = attribute === '_tags' ? data.tags : data.facets.get(attribute)
  if (column === undefined) return out
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
