import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonInPieces } from './json-in-pieces.ts'

/** As json-in-pieces.ts writes them. */
const HITS_PER_PIECE = 100

describe('jsonInPieces', () => {
  it('writes what JSON.stringify writes, whatever the answer holds', async () => {
    const answer = fc.record(
      {
        hits: fc.array(fc.jsonValue(), { maxLength: 3 * HITS_PER_PIECE }),
        nbHits: fc.integer(),
        query: fc.string(),
        facets: fc.dictionary(fc.string(), fc.dictionary(fc.string(), fc.integer())),
        left: fc.constant(undefined),
      },
      { requiredKeys: ['hits'] },
    )
    await fc.assert(
      fc.asyncProperty(answer, async (value) => {
        expect(await jsonInPieces(value)).toBe(JSON.stringify(value))
      }),
      { numRuns: 200 },
    )
  })

  it('lets the event loop turn between the pieces of a long page of hits', async () => {
    const hits = Array.from({ length: 1000 }, (_, i) => ({ objectID: String(i), name: `Halt ${i}` }))
    let turns = 0
    let writing = true
    const tick = () => {
      turns++
      if (writing) setImmediate(tick)
    }
    setImmediate(tick)
    const json = await jsonInPieces({ hits, nbHits: 1000 })
    writing = false
    expect(JSON.parse(json).hits).toHaveLength(1000)
    // Ten pieces: the loop turned between each two of them.
    expect(turns).toBeGreaterThanOrEqual(1000 / HITS_PER_PIECE - 1)
  })

  it('writes a short page in one piece', async () => {
    let turned = false
    setImmediate(() => (turned = true))
    await jsonInPieces({ hits: [{ objectID: '1' }] })
    expect(turned).toBe(false)
  })
})
