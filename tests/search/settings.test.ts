// Settings round-trip, forwardToReplicas, and replicas created and unlinked through settings.
import { describe, expect } from 'vitest'
import { STATIONS_SETTINGS } from '../../server/stations/station-records.ts'
import { it } from './fixture.ts'

describe('settings', () => {
  it('returns the stations settings as stored', async ({ server }) => {
    const settings = await server.client().getSettings({ indexName: 'stations' })
    expect(settings).toMatchObject({
      searchableAttributes: STATIONS_SETTINGS.searchableAttributes,
      attributesForFaceting: STATIONS_SETTINGS.attributesForFaceting,
      customRanking: STATIONS_SETTINGS.customRanking,
    })
  })

  it('round-trips settings and applies them to the next search', async ({ server }) => {
    const client = server.client()
    const { taskID } = await client.setSettings({
      indexName: 'lines',
      indexSettings: {
        searchableAttributes: ['name'],
        attributesForFaceting: ['searchable(kind)'],
        hitsPerPage: 5,
      },
    })
    await client.waitForTask({ indexName: 'lines', taskID })
    await client.saveObjects({
      indexName: 'lines',
      objects: Array.from({ length: 8 }, (_, i) => ({
        objectID: `l${i}`,
        name: `Linie S${i}`,
        kind: 'S-Bahn',
      })),
      waitForTasks: true,
    })
    expect(await client.getSettings({ indexName: 'lines' })).toMatchObject({
      searchableAttributes: ['name'],
      attributesForFaceting: ['searchable(kind)'],
      hitsPerPage: 5,
    })
    expect((await server.search({ query: 'linie' }, 'lines')).hits).toHaveLength(5)
  })

  it('resets a setting with null', async ({ server }) => {
    const client = server.client()
    await client
      .setSettings({
        indexName: 'lines',
        indexSettings: { hitsPerPage: null as unknown as number },
      })
      .then(({ taskID }) => client.waitForTask({ indexName: 'lines', taskID }))
    expect(await client.getSettings({ indexName: 'lines' })).not.toHaveProperty('hitsPerPage')
  })

  it('creates standard and virtual replicas, forwards settings, and unlinks replicas', async ({ server }) => {
    const client = server.client()
    await client
      .setSettings({
        indexName: 'lines',
        indexSettings: { replicas: ['lines_by_name', 'virtual(lines_virtual)'] },
      })
      .then(({ taskID }) => client.waitForTask({ indexName: 'lines', taskID }))
    const replica = await client.getSettings({ indexName: 'lines_by_name' })
    expect(replica).toMatchObject({ primary: 'lines', searchableAttributes: ['name'] })
    expect((await server.search({ query: 'S3' }, 'lines_virtual')).nbHits).toBe(1)

    await client
      .setSettings({
        indexName: 'lines',
        indexSettings: { searchableAttributes: ['name', 'kind'] },
        forwardToReplicas: true,
      })
      .then(({ taskID }) => client.waitForTask({ indexName: 'lines', taskID }))
    expect((await client.getSettings({ indexName: 'lines_by_name' })).searchableAttributes).toEqual([
      'name',
      'kind',
    ])

    await client
      .setSettings({ indexName: 'lines', indexSettings: { replicas: [] } })
      .then(({ taskID }) => client.waitForTask({ indexName: 'lines', taskID }))
    const unlinked = await client.getSettings({ indexName: 'lines_by_name' })
    expect(unlinked).not.toHaveProperty('primary')
    // A former replica keeps the records it showed.
    expect((await server.search({}, 'lines_by_name')).nbHits).toBe(8)
  })

  it('refuses an unknown setting and a wrongly typed one', async ({ server }) => {
    const unknown = await server.request('PUT', '/1/indexes/lines/settings', { colour: 'red' })
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Unknown parameter: colour' } })
    const wrong = await server.request('PUT', '/1/indexes/lines/settings', {
      searchableAttributes: 42,
    })
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/searchableAttributes/) },
    })
  })
})
