// The facet column's two counting strategies (value bitsets, walking the column) must agree.
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../tests/helpers/station-index.ts'
import { bitsToList, newBitset, setBit } from './bitset.ts'
import { FacetColumn } from './facets.ts'

function build(
  valueCount: number,
  records: number,
  multi: boolean,
): { column: FacetColumn; values: string[][] } {
  const random = seededRandom(valueCount)
  const column = new FacetColumn('f')
  const values: string[][] = []
  for (let s = 0; s < records; s++) {
    const n = multi ? Math.floor(random() * 4) : random() < 0.9 ? 1 : 0
    const v = Array.from({ length: n }, () => `v${Math.floor(random() * valueCount)}`)
    values.push([...new Set(v)])
    column.appendValue(multi ? v : v[0])
  }
  return { column, values }
}

function expected(values: string[][], slots: Int32Array): Map<string, number> {
  const out = new Map<string, number>()
  for (const s of slots) for (const v of values[s] ?? []) out.set(v, (out.get(v) ?? 0) + 1)
  return out
}

describe('FacetColumn counting', () => {
  for (const [valueCount, multi] of [
    [8, false],
    [8, true],
    [200, false],
    [200, true],
  ] as const) {
    it(`counts right with ${valueCount} values (${multi ? 'multi' : 'single'}-valued), dense and sparse`, () => {
      const { column, values } = build(valueCount, 3000, multi)
      const random = seededRandom(99)
      for (const density of [1, 0.3, 0.01]) {
        const bits = newBitset(3000)
        for (let s = 0; s < 3000; s++) if (random() < density) setBit(bits, s)
        const slots = bitsToList(bits)
        const counts = new Int32Array(column.values.length + 1)
        column.count(counts, slots, bits)
        const got = new Map<string, number>()
        column.values.forEach((v, c) => {
          if (counts[c + 1]! > 0) got.set(v, counts[c + 1]!)
        })
        expect(got).toEqual(expected(values, slots))
      }
    })
  }

  it('filters through value bitsets and through scans alike', () => {
    for (const valueCount of [8, 200]) {
      const { column, values } = build(valueCount, 2000, true)
      const mask = new Uint8Array(column.values.length)
      for (const v of ['v1', 'v3']) {
        const c = column.codeOf.get(v)
        if (c !== undefined) mask[c] = 1
      }
      const out = newBitset(2000)
      column.scanInto(mask, out)
      const want = values.flatMap((v, s) => (v.includes('v1') || v.includes('v3') ? [s] : []))
      expect([...bitsToList(out)]).toEqual(want)
    }
  })
})
