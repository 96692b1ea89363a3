import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../tests/helpers/random-inputs.ts'
import { SlotTable } from './slot-table.ts'

describe('SlotTable', () => {
  it('answers as a Map does through appends, replacements, deletions and renumbering', () => {
    const random = seededRandom(3)
    const ids: string[] = []
    const table = new SlotTable(ids)
    const reference = new Map<string, number>()
    // Few distinct ids, so that replacing and deleting meet the same ones often.
    const someId = () => `id${Math.floor(random() * 3000)}${random() < 0.1 ? 'ü😀' : ''}`
    for (let step = 0; step < 60_000; step++) {
      const r = random()
      if (r < 0.6) {
        const id = someId()
        ids.push(id)
        table.set(id, ids.length - 1)
        reference.set(id, ids.length - 1)
      } else if (r < 0.9) {
        const id = someId()
        expect(table.delete(id)).toBe(reference.delete(id))
      } else {
        const id = someId()
        expect(table.get(id)).toBe(reference.get(id))
      }
      expect(table.size).toBe(reference.size)
    }
    for (const [id, slot] of reference) expect(table.get(id)).toBe(slot)
    // Renumbering: the live slots in a shuffled order, as a bulk build puts them.
    const live = [...reference.values()]
    for (let i = live.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[live[i], live[j]] = [live[j]!, live[i]!]
    }
    const newSlot = new Int32Array(ids.length).fill(-1)
    live.forEach((slot, k) => {
      newSlot[slot] = k
    })
    const renumbered = live.map((slot) => ids[slot]!)
    ids.length = 0
    ids.push(...renumbered)
    table.renumber(newSlot)
    renumbered.forEach((id, k) => {
      expect(table.get(id)).toBe(k)
    })
    expect(table.get('absent')).toBeUndefined()
  })
})
