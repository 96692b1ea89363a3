// An index exported from Algolia years ago still imports: the old setting names count as their
// current ones (as on Algolia), and getSettings answers with the current names.
import type { IndexSettings } from 'algoliasearch'
import { describe, expect } from 'vitest'
import { TALKS, TALKS_SETTINGS, VIEWED_REPLICA_SETTINGS } from './exports/ted-talks.ts'
import { it } from './fixture.ts'

const asSettings = (raw: object): IndexSettings => raw as IndexSettings

describe('deprecated setting names', () => {
  it.beforeAll(async ({ server }) => {
    const client = server.client()
    const { taskID } = await client.setSettings({
      indexName: 'talks',
      indexSettings: asSettings(TALKS_SETTINGS),
    })
    await client.waitForTask({ indexName: 'talks', taskID })
    await client.saveObjects({ indexName: 'talks', objects: TALKS, waitForTasks: true })
  })

  it('stores attributesToIndex, slaves and numericAttributesToIndex under their current names', async ({
    server,
  }) => {
    const settings = await server.client().getSettings({ indexName: 'talks' })
    expect(settings.searchableAttributes).toEqual(TALKS_SETTINGS.attributesToIndex)
    expect(settings.replicas).toEqual(TALKS_SETTINGS.slaves)
    for (const old of ['attributesToIndex', 'slaves', 'numericAttributesToIndex', 'version']) {
      expect(settings).not.toHaveProperty(old)
    }
  })

  it('searches the attributes attributesToIndex named', async ({ server }) => {
    const bySpeaker = await server.search({ query: 'urban' }, 'talks')
    expect(bySpeaker.hits.map((hit) => hit.objectID)).toEqual(['5'])
    const byEvent = await server.search({ query: 'talks education' }, 'talks')
    expect(byEvent.hits.map((hit) => hit.objectID)).toEqual(['8'])
    // duration_range is not among them.
    expect((await server.search({ query: '10-20' }, 'talks')).nbHits).toBe(0)
  })

  it('creates the twelve replicas slaves lists, and a virtual one named there', async ({ server }) => {
    const client = server.client()
    const { items } = await client.listIndices()
    for (const name of TALKS_SETTINGS.slaves) {
      expect(items.find((item) => item.name === name)).toMatchObject({ primary: 'talks' })
      expect(await client.getSettings({ indexName: name })).toMatchObject({ primary: 'talks' })
    }
    const { taskID } = await client.setSettings({
      indexName: 'talks',
      indexSettings: asSettings({ slaves: [...TALKS_SETTINGS.slaves, 'virtual(talks_recent)'] }),
    })
    await client.waitForTask({ indexName: 'talks', taskID })
    const after = await client.listIndices()
    expect(after.items.find((item) => item.name === 'talks_recent')).toMatchObject({
      primary: 'talks',
      virtual: true,
    })
  })

  it("takes a replica's export with `master` and `version`, which Algolia computes itself", async ({
    server,
  }) => {
    const client = server.client()
    const { taskID } = await client.setSettings({
      indexName: 'talks_viewed_count_desc',
      indexSettings: asSettings(VIEWED_REPLICA_SETTINGS),
    })
    await client.waitForTask({ indexName: 'talks_viewed_count_desc', taskID })
    const settings = await client.getSettings({ indexName: 'talks_viewed_count_desc' })
    expect(settings).toMatchObject({
      primary: 'talks',
      searchableAttributes: ['unordered(name)', 'speakers'],
      customRanking: ['desc(viewed_count)'],
    })
    expect(settings).not.toHaveProperty('master')
  })

  it('lets the current name win when an export carries both', async ({ server }) => {
    const client = server.client()
    const { taskID } = await client.setSettings({
      indexName: 'talks_date_asc',
      indexSettings: asSettings({ attributesToIndex: ['tags'], searchableAttributes: ['name'] }),
    })
    await client.waitForTask({ indexName: 'talks_date_asc', taskID })
    expect((await client.getSettings({ indexName: 'talks_date_asc' })).searchableAttributes).toEqual(['name'])
  })

  it('keeps the settings the export sets beside the old names', async ({ server }) => {
    const settings = await server.client().getSettings({ indexName: 'talks' })
    expect(settings).toMatchObject({
      replaceSynonymsInHighlight: true,
      attributeForDistinct: 'speakers',
      attributesForFaceting: TALKS_SETTINGS.attributesForFaceting,
      exactOnSingleWordQuery: 'word',
    })
  })
})
