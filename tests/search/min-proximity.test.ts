// minProximity: word pairs closer than it count as that distance in the proximity criterion and
// in _rankingInfo.proximityDistance (as a search parameter and as a setting).
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

type Info = { objectID: string; _rankingInfo: { proximityDistance: number } }

describe('minProximity', () => {
  it('raises every pair’s distance to at least minProximity', async ({ server }) => {
    const params = { query: 'frankfurt main', getRankingInfo: true, hitsPerPage: 100 }
    const plain = (await server.search(params)).hits as unknown as Info[]
    const wide = (await server.search({ ...params, minProximity: 4 })).hits as unknown as Info[]
    const plainById = new Map(plain.map((hit) => [hit.objectID, hit._rankingInfo.proximityDistance]))
    expect(plain.some((hit) => hit._rankingInfo.proximityDistance === 1)).toBe(true)
    for (const hit of wide) {
      const before = plainById.get(hit.objectID)
      if (before !== undefined) expect(hit._rankingInfo.proximityDistance).toBe(Math.max(4, before))
    }
  })

  it('is an index setting too, and the request’s value wins', async ({ server }) => {
    const client = server.client()
    const { taskID } = await client.setSettings({ indexName: 'stations', indexSettings: { minProximity: 7 } })
    await client.waitForTask({ indexName: 'stations', taskID })
    const params = { query: 'frankfurt main', getRankingInfo: true, hitsPerPage: 5 }
    const fromSetting = (await server.search(params)).hits as unknown as Info[]
    expect(fromSetting.every((hit) => hit._rankingInfo.proximityDistance >= 7)).toBe(true)
    const fromRequest = (await server.search({ ...params, minProximity: 1 })).hits as unknown as Info[]
    expect(fromRequest.some((hit) => hit._rankingInfo.proximityDistance < 7)).toBe(true)
  })
})
