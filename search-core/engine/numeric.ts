// Numeric columns for numeric filters, sort criteria and stats: every JSON number found at a path
// (arrays count each element), as offsets + values so one record may hold several.
import type { Arena } from './arena.ts'
import { leaves, splitPath } from './attributes.ts'
import { type Bitset, setBit } from './bitset.ts'
import type { FilterNode, SearchRecord } from './types.ts'
import { Float64Vec, Int32Vec, permuteLists, reserveFor } from './vec.ts'

export class NumericColumn {
  readonly path: string[]
  readonly off = new Int32Vec()
  readonly values = new Float64Vec()

  constructor(path: string[]) {
    this.path = path
    this.off.push(0)
  }

  get size(): number {
    return this.off.length - 1
  }

  /** Gives slots before `slot` (records without this attribute) an empty value list. */
  padTo(slot: number): void {
    while (this.off.length - 1 < slot) this.off.push(this.values.length)
  }

  appendValue(value: unknown): void {
    if (typeof value === 'number') {
      if (Number.isFinite(value)) this.values.push(value)
    } else if (value !== undefined && value !== null && typeof value === 'object') {
      for (const v of leaves(value)) if (typeof v === 'number') this.values.push(v)
    }
    this.off.push(this.values.length)
  }

  /** Sizes the column for `count` slots (a bulk build, once a sample is in). */
  reserve(count: number, arena?: Arena): void {
    reserveFor(this.values, this.size, count, arena)
    this.off.reserve(count + 1, arena)
  }

  /** Puts the slots in a new order (a bulk build): slot k becomes what slot order[k] was. */
  permute(order: Int32Array, slots: number): void {
    this.padTo(slots)
    permuteLists(this.off, [this.values], order)
  }

  /** First number of a slot (sort criteria), NaN when it has none. */
  first(slot: number): number {
    const start = this.off.data[slot]!
    return start < this.off.data[slot + 1]! ? this.values.data[start]! : Number.NaN
  }

  /** Sets the bit of every slot with at least one value passing the test. */
  scanInto(node: Extract<FilterNode, { type: 'numeric' | 'range' }>, out: Bitset): void {
    const test = numericTest(node)
    const off = this.off.data
    const values = this.values.data
    const slots = this.size
    for (let s = 0; s < slots; s++) {
      const end = off[s + 1]!
      for (let k = off[s]!; k < end; k++) {
        if (test(values[k]!)) {
          setBit(out, s)
          break
        }
      }
    }
  }
}

function numericTest(node: Extract<FilterNode, { type: 'numeric' | 'range' }>): (v: number) => boolean {
  if (node.type === 'range') {
    const { lo, hi } = node
    return (v) => v >= lo && v <= hi
  }
  const x = node.value
  switch (node.op) {
    case '<':
      return (v) => v < x
    case '<=':
      return (v) => v <= x
    case '=':
      return (v) => v === x
    case '!=':
      return (v) => v !== x
    case '>=':
      return (v) => v >= x
    case '>':
      return (v) => v > x
  }
}

/**
 * Appends a record's numbers to the columns of their paths (made as met): every numeric leaf gets
 * a column, so any numeric attribute can be filtered (as on Algolia).
 */
export function appendNumbers(columns: Map<string, NumericColumn>, slot: number, record: SearchRecord): void {
  for (const key in record) {
    if (key !== 'objectID' && key !== '_geoloc') appendNumber(columns, slot, record[key], key)
  }
}

function appendNumber(columns: Map<string, NumericColumn>, slot: number, value: unknown, path: string): void {
  if (typeof value === 'number' || (Array.isArray(value) && hasNumber(value))) {
    let column = columns.get(path)
    if (column === undefined) {
      column = new NumericColumn(splitPath(path))
      columns.set(path, column)
    }
    column.padTo(slot)
    column.appendValue(value)
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value) && path !== '_geoloc') {
    for (const [k, v] of Object.entries(value)) appendNumber(columns, slot, v, `${path}.${k}`)
  }
}

function hasNumber(values: readonly unknown[]): boolean {
  for (let i = 0; i < values.length; i++) if (typeof values[i] === 'number') return true
  return false
}
