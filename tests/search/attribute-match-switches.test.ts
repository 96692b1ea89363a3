// disableExactOnAttributes (setting and parameter) and disablePrefixOnAttributes (setting): matches
// in those attributes never count as exact / do not match by prefix; other attributes are unchanged.
import type { IndexSettings } from 'algoliasearch'
import { describe, expect } from 'vitest'
import { it, type SearchServer } from './fixture.ts'

const INDEX = 'attribute_switches'
const RECORDS = [
  { objectID: '1', name: 'Apple', brand: 'Fruit', sku: 'AP1000' },
  { objectID: '2', name: 'Applesauce', brand: 'Apple', sku: 'AS2000' },
  { objectID: '3', name: 'Apricot jam', brand: 'Jar', sku: 'APR300' },
]

type Ranked = { objectID: string; _rankingInfo: { nbExactWords: number } }

async function settle(server: SearchServer, indexSettings: Record<string, unknown>) {
  const client = server.client()
  const { taskID } = await client.setSettings({
    indexName: INDEX,
    indexSettings: indexSettings as IndexSettings,
  })
  await client.waitForTask({ indexName: INDEX, taskID })
}

const exactWords = async (server: SearchServer, params: Record<string, unknown>) => {
  const { hits } = await server.search({ query: 'apple', getRankingInfo: true, ...params }, INDEX)
  return Object.fromEntries(
    (hits as unknown as Ranked[]).map((hit) => [hit.objectID, hit._rankingInfo.nbExactWords]),
  )
}

describe('per-attribute match switches', () => {
  it.beforeAll(async ({ server }) => {
    await server.client().saveObjects({ indexName: INDEX, objects: RECORDS, waitForTasks: true })
    await settle(server, { searchableAttributes: ['name', 'brand', 'sku'] })
  })

  it('disableExactOnAttributes: a whole word there is no exact match', async ({ server }) => {
    expect(await exactWords(server, {})).toEqual({ '1': 1, '2': 1 })
    expect(await exactWords(server, { disableExactOnAttributes: ['brand'] })).toEqual({ '1': 1, '2': 0 })
    await settle(server, {
      searchableAttributes: ['name', 'brand', 'sku'],
      disableExactOnAttributes: ['brand'],
    })
    expect(await exactWords(server, {})).toEqual({ '1': 1, '2': 0 })
    // The request's value wins over the setting.
    expect(await exactWords(server, { disableExactOnAttributes: [] })).toEqual({ '1': 1, '2': 1 })
  })

  it('disablePrefixOnAttributes: only whole words match there', async ({ server }) => {
    const ids = async (query: string) =>
      (await server.search({ query }, INDEX)).hits.map((hit) => hit.objectID).sort()
    expect(await ids('ap100')).toEqual(['1'])
    await settle(server, {
      searchableAttributes: ['name', 'brand', 'sku'],
      disablePrefixOnAttributes: ['sku'],
    })
    expect(await ids('ap100')).toEqual([])
    expect(await ids('ap1000')).toEqual(['1'])
    // Prefixes still match elsewhere.
    expect(await ids('apri')).toEqual(['3'])
  })
})
