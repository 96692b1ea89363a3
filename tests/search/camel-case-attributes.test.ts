// camelCaseAttributes: words of the listed attributes are also found by their camel-case parts
// ("case" finds "iPhoneCase"), and highlighted part by part; other attributes keep whole words.
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

const INDEX = 'camel_case'
const RECORDS = [
  { objectID: '1', name: 'iPhoneCase leather', description: 'A PowerBank fits too' },
  { objectID: '2', name: 'MacBook Pro', description: 'Laptop' },
  { objectID: '3', name: 'Phone stand', description: 'Desk' },
]

type Highlighted = { _highlightResult: Record<string, { value: string; matchLevel: string }> }

describe('camelCaseAttributes', () => {
  it.beforeAll(async ({ server }) => {
    const client = server.client()
    const { taskID } = await client.setSettings({
      indexName: INDEX,
      indexSettings: { searchableAttributes: ['name', 'description'], camelCaseAttributes: ['name'] },
    })
    await client.waitForTask({ indexName: INDEX, taskID })
    await client.saveObjects({ indexName: INDEX, objects: RECORDS, waitForTasks: true })
  })

  it('finds a word by its camel-case parts and highlights the part', async ({ server }) => {
    const response = await server.search({ query: 'case' }, INDEX)
    expect(response.hits.map((hit) => hit.objectID)).toEqual(['1'])
    const hit = response.hits[0] as unknown as Highlighted
    expect(hit._highlightResult.name).toMatchObject({
      value: 'iPhone<em>Case</em> leather',
      matchLevel: 'full',
    })
    const book = (await server.search({ query: 'book' }, INDEX)).hits[0] as unknown as Highlighted
    expect(book._highlightResult.name?.value).toBe('Mac<em>Book</em> Pro')
  })

  it('still finds the whole word, and "phone" finds both', async ({ server }) => {
    expect((await server.search({ query: 'iphonecase' }, INDEX)).hits.map((hit) => hit.objectID)).toEqual([
      '1',
    ])
    const phone = await server.search({ query: 'phone' }, INDEX)
    expect(phone.hits.map((hit) => hit.objectID).sort()).toEqual(['1', '3'])
  })

  it('leaves other attributes whole', async ({ server }) => {
    expect((await server.search({ query: 'bank' }, INDEX)).nbHits).toBe(0)
    expect((await server.search({ query: 'powerbank' }, INDEX)).nbHits).toBe(1)
  })
})
