import { expect, test } from 'vitest'
import { releaseStartupMemory } from './release-memory.ts'

test('returns the heap a burst of garbage grew, without leaving gc on the global object', () => {
  let garbage: Array<{ id: number; name: string }> | undefined = []
  for (let i = 0; i < 1_500_000; i++) garbage.push({ id: i, name: `Bahnhof ${i}` })
  const grown = process.memoryUsage().heapTotal
  garbage = undefined
  releaseStartupMemory()
  expect(garbage).toBeUndefined()
  expect(process.memoryUsage().heapTotal).toBeLessThan(grown / 2)
  expect('gc' in globalThis).toBe(false)
})
