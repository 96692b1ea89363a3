// The engine's filter trees, built directly: engine tests state the filter they mean without the
// protocol's `filters` grammar (which has its own tests).
import type { FilterNode } from '../../search-core/engine/types.ts'

type NumericOp = Extract<FilterNode, { type: 'numeric' }>['op']

/** `attribute:value` */
export const facet = (attribute: string, value: string): FilterNode => ({ type: 'facet', attribute, value })
/** A bare word: the value of `_tags`. */
export const tag = (value: string): FilterNode => facet('_tags', value)
/** `attribute <op> value` */
export const numeric = (attribute: string, op: NumericOp, value: number): FilterNode => ({
  type: 'numeric',
  attribute,
  op,
  value,
})
/** `attribute:lo TO hi` */
export const range = (attribute: string, lo: number, hi: number): FilterNode => ({
  type: 'range',
  attribute,
  lo,
  hi,
})
export const and = (...children: FilterNode[]): FilterNode => ({ type: 'and', children })
export const or = (...children: FilterNode[]): FilterNode => ({ type: 'or', children })
export const not = (child: FilterNode): FilterNode => ({ type: 'not', child })
