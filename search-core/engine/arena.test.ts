import { describe, expect, it } from 'vitest'
import { Arena } from './arena.ts'
import { CodeVec, Float64Vec, Int32Vec, release } from './vec.ts'

describe('Arena', () => {
  it('measures first and changes nothing, then gives views of one buffer with what the columns held', () => {
    const ints = new Int32Vec()
    const floats = new Float64Vec()
    const codes = new CodeVec()
    for (let i = 0; i < 10; i++) {
      ints.push(i)
      floats.push(i / 2)
      codes.push(i % 3)
    }
    const arena = new Arena()
    const reserve = () => {
      ints.reserve(1_000, arena)
      floats.reserve(333, arena)
      codes.reserve(77, arena)
    }
    reserve()
    expect(arena.measuring).toBe(true)
    expect([ints.data.length, floats.data.length, codes.data.length]).toEqual([16, 16, 16])
    arena.allocate()
    reserve()
    expect([ints.data.length, floats.data.length, codes.data.length]).toEqual([1_000, 333, 77])
    expect(ints.data.buffer).toBe(floats.data.buffer)
    expect(codes.data.buffer).toBe(ints.data.buffer)
    // Each view starts at an 8-byte boundary, after the one before.
    expect([ints.data.byteOffset, floats.data.byteOffset, codes.data.byteOffset]).toEqual([0, 4_000, 6_664])
    expect(ints.data.buffer.byteLength).toBe(6_744)
    expect([...ints.view()]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(floats.data[9]).toBe(4.5)
    expect(codes.data[8]).toBe(2)
  })

  it('gives an array of its own when the second pass asks for more than the first measured', () => {
    const arena = new Arena()
    arena.take(Int32Array, 4)
    arena.allocate()
    const first = arena.take(Int32Array, 4)!
    const more = arena.take(Int32Array, 4)!
    expect(first.buffer.byteLength).toBe(16)
    expect(more.buffer).not.toBe(first.buffer)
    expect(more.length).toBe(4)
  })

  it('is never given back through one of its views', () => {
    const arena = new Arena()
    arena.take(Int32Array, 4)
    arena.take(Int32Array, 4)
    arena.allocate()
    const a = arena.take(Int32Array, 4)!
    const b = arena.take(Int32Array, 4)!
    b.fill(7)
    release(a)
    expect(a.length).toBe(4)
    expect([...b]).toEqual([7, 7, 7, 7])
  })
})
