// Record writes through the official client: batches and waitForTask, partial updates with
// built-in operations, deleteBy, clear, and each write visible to searches once its task is published.
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

describe('writes', () => {
  it('saves records in a batch, waits for the task, and finds them', async ({ server }) => {
    const client = server.client()
    const responses = await client.saveObjects({
      indexName: 'depots',
      objects: [
        { objectID: 'd1', name: 'Betriebswerk Nord', tracks: 12 },
        { objectID: 'd2', name: 'Betriebswerk Süd', tracks: 8 },
      ],
      waitForTasks: true,
    })
    expect(responses[0]!.objectIDs).toEqual(['d1', 'd2'])
    const task = await client.getTask({ indexName: 'depots', taskID: responses[0]!.taskID })
    expect(task.status).toBe('published')
    const result = await server.search({ query: 'betriebswerk' }, 'depots')
    expect(result.nbHits).toBe(2)
  })

  it('numbers tasks in increasing order', async ({ server }) => {
    const client = server.client()
    const first = await client.saveObject({ indexName: 'depots', body: { name: 'Werk A' } })
    await client.waitForTask({ indexName: 'depots', taskID: first.taskID })
    const second = await client.saveObject({ indexName: 'depots', body: { name: 'Werk B' } })
    await client.waitForTask({ indexName: 'depots', taskID: second.taskID })
    expect(second.taskID).toBeGreaterThan(first.taskID)
    expect(first.objectID).toBeTruthy()
    expect(first.objectID).not.toBe(second.objectID)
  })

  it('applies partial updates with built-in operations', async ({ server }) => {
    const client = server.client()
    await client
      .addOrUpdateObject({
        indexName: 'depots',
        objectID: 'd3',
        body: { name: 'Werk C', tracks: 3, tags: ['a'] },
      })
      .then(({ taskID }) => client.waitForTask({ indexName: 'depots', taskID: taskID! }))
    await client
      .partialUpdateObject({
        indexName: 'depots',
        objectID: 'd3',
        attributesToUpdate: {
          tracks: { _operation: 'Increment', value: 2 },
          tags: { _operation: 'AddUnique', value: 'b' },
          note: 'renoviert',
        },
      })
      .then(({ taskID }) => client.waitForTask({ indexName: 'depots', taskID: taskID! }))
    await client
      .partialUpdateObject({
        indexName: 'depots',
        objectID: 'd3',
        attributesToUpdate: {
          tags: { _operation: 'Remove', value: 'a' },
          tracks: { _operation: 'Decrement', value: 1 },
        },
      })
      .then(({ taskID }) => client.waitForTask({ indexName: 'depots', taskID: taskID! }))
    expect(await client.getObject({ indexName: 'depots', objectID: 'd3' })).toEqual({
      objectID: 'd3',
      name: 'Werk C',
      tracks: 4,
      tags: ['b'],
      note: 'renoviert',
    })
  })

  it('skips the whole update when IncrementFrom does not match, and creates nothing with createIfNotExists false', async ({
    server,
  }) => {
    const client = server.client()
    await client
      .addOrUpdateObject({ indexName: 'depots', objectID: 'v1', body: { version: 2, name: 'alt' } })
      .then(({ taskID }) => client.waitForTask({ indexName: 'depots', taskID: taskID! }))
    await client
      .partialUpdateObject({
        indexName: 'depots',
        objectID: 'v1',
        attributesToUpdate: { version: { _operation: 'IncrementFrom', value: 1 }, name: 'neu' },
      })
      .then(({ taskID }) => client.waitForTask({ indexName: 'depots', taskID: taskID! }))
    expect(await client.getObject({ indexName: 'depots', objectID: 'v1' })).toMatchObject({
      version: 2,
      name: 'alt',
    })
    await client
      .partialUpdateObject({
        indexName: 'depots',
        objectID: 'ghost',
        attributesToUpdate: { name: 'x' },
        createIfNotExists: false,
      })
      .then(({ taskID }) => client.waitForTask({ indexName: 'depots', taskID: taskID! }))
    const { results } = await client.getObjects({ requests: [{ indexName: 'depots', objectID: 'ghost' }] })
    expect(results).toEqual([null])
  })

  it('runs a mixed batch as one operation and a delete is visible to the next search', async ({ server }) => {
    const client = server.client()
    await client
      .batch({
        indexName: 'depots',
        batchWriteParams: {
          requests: [
            { action: 'updateObject', body: { objectID: 'b1', name: 'Abstellanlage' } },
            { action: 'partialUpdateObject', body: { objectID: 'b1', tracks: 5 } },
            { action: 'deleteObject', body: { objectID: 'd1' } },
          ],
        },
      })
      .then(({ taskID }) => client.waitForTask({ indexName: 'depots', taskID }))
    expect(await client.getObject({ indexName: 'depots', objectID: 'b1' })).toEqual({
      objectID: 'b1',
      name: 'Abstellanlage',
      tracks: 5,
    })
    expect((await server.search({ query: 'nord' }, 'depots')).nbHits).toBe(0)
  })

  it('writes to several indexes in one multi-index batch', async ({ server }) => {
    const client = server.client()
    const result = await client.multipleBatch({
      requests: [
        { action: 'addObject', indexName: 'alpha', body: { objectID: 'x', v: 1 } },
        { action: 'addObject', indexName: 'beta', body: { objectID: 'y', v: 2 } },
      ],
    })
    for (const [indexName, taskID] of Object.entries(result.taskID))
      await client.waitForTask({ indexName, taskID })
    expect(Object.keys(result.taskID).sort()).toEqual(['alpha', 'beta'])
    expect(result.objectIDs).toEqual(['x', 'y'])
  })

  it('deletes by filter and clears an index', async ({ server }) => {
    const client = server.client()
    await client
      .setSettings({ indexName: 'depots', indexSettings: { attributesForFaceting: ['tracks'] } })
      .then(({ taskID }) => client.waitForTask({ indexName: 'depots', taskID }))
    await client
      .deleteBy({ indexName: 'depots', deleteByParams: { numericFilters: ['tracks<10'] } })
      .then(({ taskID }) => client.waitForTask({ indexName: 'depots', taskID }))
    const left = await server.search({ hitsPerPage: 100 }, 'depots')
    for (const hit of left.hits) expect((hit as { tracks?: number }).tracks ?? 99).toBeGreaterThanOrEqual(10)
    await client
      .clearObjects({ indexName: 'depots' })
      .then(({ taskID }) => client.waitForTask({ indexName: 'depots', taskID }))
    expect((await server.search({}, 'depots')).nbHits).toBe(0)
    // Clearing keeps the settings.
    expect((await client.getSettings({ indexName: 'depots' })).attributesForFaceting).toEqual(['tracks'])
  })

  it('retrieves records with attributesToRetrieve, one or many', async ({ server }) => {
    const client = server.client()
    const station = await client.getObject({
      indexName: 'stations',
      objectID: '8000105',
      attributesToRetrieve: ['name', 'city'],
    })
    expect(station).toEqual({ objectID: '8000105', name: 'Frankfurt (Main) Hbf', city: 'Frankfurt am Main' })
    const { results } = await client.getObjects({
      requests: [
        { indexName: 'stations', objectID: '8000105', attributesToRetrieve: ['name'] },
        { indexName: 'stations', objectID: 'nope' },
      ],
    })
    expect(results).toEqual([{ objectID: '8000105', name: 'Frankfurt (Main) Hbf' }, null])
  })

  it('browses every record with a cursor', async ({ server }) => {
    const seen = new Set<string>()
    await server.client().browseObjects({
      indexName: 'stations',
      browseParams: { hitsPerPage: 1000, attributesToRetrieve: ['objectID'] },
      aggregator: (response) => {
        for (const hit of response.hits) seen.add(hit.objectID)
      },
    })
    expect(seen.size).toBe(5388)
  })

  it('copies and moves indexes; a move replaces the destination atomically', async ({ server }) => {
    const client = server.client()
    await client.saveObjects({
      indexName: 'tmp_source',
      objects: [{ objectID: 's1', name: 'Quelle' }],
      waitForTasks: true,
    })
    await client
      .setSettings({ indexName: 'tmp_source', indexSettings: { searchableAttributes: ['name'] } })
      .then(({ taskID }) => client.waitForTask({ indexName: 'tmp_source', taskID }))
    await client
      .operationIndex({
        indexName: 'tmp_source',
        operationIndexParams: { operation: 'copy', destination: 'tmp_copy' },
      })
      .then(({ taskID }) => client.waitForTask({ indexName: 'tmp_source', taskID }))
    expect(await client.getObject({ indexName: 'tmp_copy', objectID: 's1' })).toEqual({
      objectID: 's1',
      name: 'Quelle',
    })
    await client.saveObjects({
      indexName: 'tmp_target',
      objects: [{ objectID: 'old', name: 'Alt' }],
      waitForTasks: true,
    })
    await client
      .operationIndex({
        indexName: 'tmp_source',
        operationIndexParams: { operation: 'move', destination: 'tmp_target' },
      })
      .then(({ taskID }) => client.waitForTask({ indexName: 'tmp_source', taskID }))
    expect((await server.search({}, 'tmp_target')).hits.map((hit) => hit.objectID)).toEqual(['s1'])
    expect((await client.getSettings({ indexName: 'tmp_target' })).searchableAttributes).toEqual(['name'])
    const { items } = await client.listIndices()
    expect(items.map((item) => item.name)).not.toContain('tmp_source')
  })

  it('deletes an index', async ({ server }) => {
    const client = server.client()
    await client
      .deleteIndex({ indexName: 'tmp_copy' })
      .then(({ taskID }) => client.waitForTask({ indexName: 'tmp_copy', taskID }))
    const response = await server.request('POST', '/1/indexes/tmp_copy/query', {})
    expect(response).toMatchObject({ status: 404, body: { message: 'Index does not exist', status: 404 } })
  })
})
