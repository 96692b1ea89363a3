import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../tests/helpers/random-inputs.ts'
import { CodeVec, Float64Vec, Int32Vec, permuteLists } from './vec.ts'

/** Lists (as arrays) of a column of offsets and values. */
function listsOf(off: Int32Vec, values: { data: ArrayLike<number> }): number[][] {
  return Array.from({ length: off.length - 1 }, (_, i) =>
    Array.from({ length: off.data[i + 1]! - off.data[i]! }, (_, k) => values.data[off.data[i]! + k]!),
  )
}

describe('permuteLists', () => {
  it('reorders lists of any lengths, and lists of one value each, in every kind of column', () => {
    const random = seededRandom(5)
    for (const single of [false, true]) {
      const off = new Int32Vec()
      off.push(0)
      const columns = [new Int32Vec(), new Float64Vec(), new CodeVec()]
      for (let slot = 0; slot < 500; slot++) {
        const length = single ? 1 : Math.floor(random() * 4)
        for (let k = 0; k < length; k++) {
          columns[0]!.push(slot * 10 + k)
          columns[1]!.push(slot + k / 10)
          columns[2]!.push((slot + k) % 200)
        }
        off.push(columns[0]!.length)
      }
      // Some slots left out, the rest shuffled.
      const order = Int32Array.from(
        Array.from({ length: 500 }, (_, i) => i)
          .filter(() => random() < 0.8)
          .sort(() => random() - 0.5),
      )
      const before = columns.map((column) => listsOf(off, column))
      for (const group of [[columns[0]!, columns[1]!], [columns[2]!]]) {
        const groupOff = new Int32Vec()
        groupOff.data = off.data.slice()
        groupOff.length = off.length
        permuteLists(groupOff, group, order)
        for (const column of group) {
          const expected = Array.from(order, (slot) => before[columns.indexOf(column)]![slot]!)
          expect(listsOf(groupOff, column)).toEqual(expected)
        }
      }
    }
  })
})
