import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../tests/helpers/random-inputs.ts'
import { CodeVec, Float64Vec, Int32Vec, permuteLists, releaseScratch } from './vec.ts'

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

describe('columns of a bulk build', () => {
  it('reserve exactly what is asked, grow by doubling, and trim only room beyond an eighth', () => {
    const vec = new Int32Vec()
    vec.reserve(1000)
    expect(vec.data.length).toBe(1000)
    for (let i = 0; i < 1001; i++) vec.push(i)
    expect(vec.data.length).toBe(2000)
    vec.trim()
    expect(vec.data.length).toBe(1001)
    // An estimate up to an eighth over stays as it is.
    const near = new Float64Vec()
    near.reserve(1050)
    for (let i = 0; i < 1000; i++) near.push(i / 2)
    near.trim()
    expect(near.data.length).toBe(1050)
    expect(Array.from(near.data.subarray(0, near.length))).toEqual(
      Array.from({ length: 1000 }, (_, i) => i / 2),
    )
  })

  it('are reordered in place one after another, small and large, through one shared buffer', () => {
    const random = seededRandom(11)
    for (const size of [50, 3000, 10, 700]) {
      const order = Int32Array.from(
        Array.from({ length: size }, (_, i) => i)
          .filter(() => random() < 0.9)
          .sort(() => random() - 0.5),
      )
      const ints = new Int32Vec()
      const floats = new Float64Vec()
      const codes = new CodeVec()
      for (let i = 0; i < size; i++) {
        ints.push(i * 3)
        floats.push(i + 0.25)
        codes.push(i % 300)
      }
      const data = ints.data
      ints.permute(order)
      floats.permute(order)
      codes.permute(order)
      expect(ints.data).toBe(data)
      expect(Array.from(ints.data.subarray(0, ints.length))).toEqual(Array.from(order, (i) => i * 3))
      expect(Array.from(floats.data.subarray(0, floats.length))).toEqual(Array.from(order, (i) => i + 0.25))
      expect(Array.from(codes.data.subarray(0, codes.length))).toEqual(Array.from(order, (i) => i % 300))
      // Lists after the gathers: the shared buffer holds their leftovers, none may show through.
      const off = new Int32Vec()
      off.push(0)
      const values = new Int32Vec()
      for (let i = 0; i < size; i++) {
        for (let k = 0; k < i % 3; k++) values.push(i * 7 + k)
        off.push(values.length)
      }
      const lists = listsOf(off, values)
      permuteLists(off, [values], order)
      expect(listsOf(off, values)).toEqual(Array.from(order, (i) => lists[i]!))
      if (size === 10) releaseScratch()
    }
  })
})
