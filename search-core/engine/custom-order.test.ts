// The bulk build's precomputed custom-ranking order against comparing records field by field.
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../tests/helpers/station-index.ts'
import { CustomOrder, parseSortSpec, type SortKey, sortKey } from './custom-order.ts'

/** The reference: missing last in either direction, numbers before strings, ties by input position. */
function compareByFields(specs: ReturnType<typeof parseSortSpec>[], records: unknown[]) {
  const compare = (a: SortKey, b: SortKey, desc: boolean): number => {
    if (a === b) return 0
    if (a === null) return 1
    if (b === null) return -1
    if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1
    const c = a < b ? -1 : 1
    return desc ? -c : c
  }
  return (x: number, y: number): number => {
    for (const spec of specs) {
      const c = compare(sortKey(records[x], spec.path), sortKey(records[y], spec.path), spec.desc)
      if (c !== 0) return c
    }
    return x - y
  }
}

function randomValue(random: () => number): unknown {
  const r = random()
  if (r < 0.45) return Math.floor(random() * 6) - 2
  if (r < 0.6) return Math.round(random() * 1000) / 7
  if (r < 0.7) return ['b', 'a', 'ä', 'B', '10', ''][Math.floor(random() * 6)]
  if (r < 0.75) return random() < 0.5
  if (r < 0.8) return [Math.floor(random() * 3)]
  if (r < 0.85) return Number.POSITIVE_INFINITY
  if (r < 0.9) return -0
  return null
}

describe('custom-ranking order of a bulk build', () => {
  it('equals a field-by-field comparison on random records and criteria', () => {
    const random = seededRandom(21)
    for (let round = 0; round < 30; round++) {
      const records = Array.from({ length: 300 }, () => ({
        a: randomValue(random),
        b: randomValue(random),
        nested: { c: randomValue(random) },
        // Few distinct values (ranked from a short list rather than a sort of all).
        flag: random() < 0.5 ? random() < 0.5 : random() < 0.2 ? null : -0,
        small: random() < 0.9 ? Math.floor(random() * 5) - 1 : 'x',
      }))
      const specs = ['a', 'b', 'nested.c', 'flag', 'small']
        .filter(() => random() < 0.7)
        .map((attribute) =>
          parseSortSpec(`${random() < 0.5 ? 'asc' : 'desc'}(${attribute})`, 'customRanking'),
        )
      const expected = Array.from({ length: records.length }, (_, i) => i).sort(
        compareByFields(specs, records),
      )
      expect(Array.from(CustomOrder.sortOrder(specs, records))).toEqual(expected)
      // The same order from the keys kept as the records were appended.
      const order = new CustomOrder(specs)
      for (const record of records) order.appendSlot(record)
      expect(Array.from(order.slotOrder())).toEqual(expected)
    }
  })

  it('is the same however the ranks are found: few values, some, many; counted or sorted', () => {
    const random = seededRandom(5)
    // More distinct values than a map of them holds (2^16), so that the sort of all runs too.
    const records = Array.from({ length: 70_000 }, (_, i) => ({
      flag: random() < 0.5,
      level: Math.floor(random() * 7),
      rounded: random() < 0.1 ? -0 : Math.round(random() * 100) / 10,
      unique: random() < 0.05 ? null : random() * 1e6 + i,
    }))
    for (const attributes of [
      ['flag', 'level'],
      ['flag', 'level', 'rounded'],
      ['level', 'unique'],
      ['unique', 'rounded'],
    ]) {
      const specs = attributes.map((a, i) =>
        parseSortSpec(`${i % 2 ? 'asc' : 'desc'}(${a})`, 'customRanking'),
      )
      const expected = Array.from({ length: records.length }, (_, i) => i).sort(
        compareByFields(specs, records),
      )
      expect(Array.from(CustomOrder.sortOrder(specs, records))).toEqual(expected)
    }
  })
})
