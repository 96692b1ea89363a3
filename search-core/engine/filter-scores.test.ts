// Filter scores read from a table of leaf combinations against the walk over the score tree.
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../tests/helpers/station-index.ts'
import { bitsToList } from './bitset.ts'
import { filterScores } from './filter-scores.ts'
import { IndexData } from './index-data.ts'
import { Scratch } from './scratch.ts'
import type { FilterNode } from './types.ts'

const COLORS = ['red', 'green', 'blue', 'black']
const SIZES = ['s', 'm', 'l']

function randomTree(random: () => number, depth: number): FilterNode {
  const r = random()
  if (depth > 2 || r < 0.4) {
    const color = random() < 0.5
    const leaf: FilterNode = {
      type: 'facet',
      attribute: color ? 'color' : 'size',
      value: color
        ? COLORS[Math.floor(random() * COLORS.length)]!
        : SIZES[Math.floor(random() * SIZES.length)]!,
      ...(random() < 0.7 ? { score: Math.floor(random() * 5) } : {}),
    }
    return random() < 0.15 ? { type: 'not', child: leaf } : leaf
  }
  const children = Array.from({ length: 1 + Math.floor(random() * 3) }, () => randomTree(random, depth + 1))
  return { type: r < 0.7 ? 'or' : 'and', children }
}

describe('filter scores', () => {
  it('gives every record the score of the tree walk, for random trees, summed or not', () => {
    const random = seededRandom(5)
    const data = new IndexData({ attributesForFaceting: ['color', 'size'] })
    data.bulkLoad(
      Array.from({ length: 400 }, (_, i) => ({
        objectID: String(i),
        color: random() < 0.3 ? [COLORS[i % 4], COLORS[(i + 1) % 4]] : COLORS[i % 4],
        size: SIZES[Math.floor(random() * 3)],
      })),
    )
    const slots = data.allLive()
    const keys = new Float64Array(slots.length)
    for (let round = 0; round < 200; round++) {
      const sum = random() < 0.5
      const scores = filterScores(data, undefined, randomTree(random, 0), sum)
      if (scores === undefined) continue
      scores.keys(slots, keys)
      // -0 and 0 rank alike.
      expect(Array.from(keys, (k) => k + 0)).toEqual(Array.from(slots, (slot) => -scores.of(slot) + 0))
      const buckets = scores.keys.buckets?.(slots, new Scratch())
      if (buckets === undefined) continue
      // Buckets: best score first, each holding exactly the slots of its score, all slots once.
      const bucketScores = buckets.map((bucket) => {
        const members = Array.from(bitsToList(bucket.bits))
        expect(members).toHaveLength(bucket.count)
        const score = scores.of(members[0]!)
        for (const slot of members) expect(scores.of(slot)).toBe(score)
        return score
      })
      expect(bucketScores).toEqual([...bucketScores].sort((a, b) => b - a))
      expect(new Set(bucketScores).size).toBe(bucketScores.length)
      expect(buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(slots.length)
    }
  })
})
