// numericAttributesForFiltering (formerly numericAttributesToIndex): only the listed attributes
// filter numerically; equalOnly() allows = and != only; null or [] makes every one filterable again.
// A numeric filter that is not available matches nothing, like one on an unknown attribute.
import type { IndexSettings } from 'algoliasearch'
import { describe, expect } from 'vitest'
import { it, type SearchServer } from './fixture.ts'

const INDEX = 'numeric_filtering'
const RECORDS = [
  { objectID: '1', price: 5, rating: 4, stock: 0 },
  { objectID: '2', price: 15, rating: 5, stock: 3 },
  { objectID: '3', price: 25, rating: 4, stock: 7 },
]

const count = async (server: SearchServer, filters: string) =>
  (await server.search({ filters, hitsPerPage: 0 }, INDEX)).nbHits

async function settle(server: SearchServer, indexSettings: Record<string, unknown>) {
  const client = server.client()
  const { taskID } = await client.setSettings({
    indexName: INDEX,
    indexSettings: indexSettings as IndexSettings,
  })
  await client.waitForTask({ indexName: INDEX, taskID })
}

describe('numericAttributesForFiltering', () => {
  it.beforeAll(async ({ server }) => {
    await server.client().saveObjects({ indexName: INDEX, objects: RECORDS, waitForTasks: true })
  })

  it('filters numerically on the listed attributes only', async ({ server }) => {
    // An old export's name for it.
    await settle(server, { numericAttributesToIndex: ['price', 'equalOnly(rating)'] })
    expect(await count(server, 'price < 20')).toBe(2)
    expect(await count(server, 'price:10 TO 30')).toBe(2)
    expect(await count(server, 'rating = 4')).toBe(2)
    expect(await count(server, 'rating != 4')).toBe(1)
    // equalOnly: no order comparisons; unlisted: no numeric filter at all.
    expect(await count(server, 'rating > 3')).toBe(0)
    expect(await count(server, 'stock > 0')).toBe(0)
    const settings = await server.client().getSettings({ indexName: INDEX })
    expect(settings.numericAttributesForFiltering).toEqual(['price', 'equalOnly(rating)'])
  })

  it('makes every numeric attribute filterable again with null', async ({ server }) => {
    await settle(server, { numericAttributesForFiltering: null })
    expect(await count(server, 'stock > 0')).toBe(2)
    expect(await count(server, 'rating > 4')).toBe(1)
  })
})
