// Writes as tasks: acknowledged at once with a taskID, published later in the order they were
// acknowledged, and invisible to reads until then. The server waits (test-only) before applying
// each task, so the window between acknowledge and publish can be observed.
import { describe, expect } from 'vitest'
import { testWithEnv } from './fixture.ts'

const it = testWithEnv({ SEARCH_TASK_DELAY_MS: '2000' })

// Start the server (and the client's response checks) before the first test's clock runs.
it.beforeAll(async ({ server }) => {
  await server.client().listIndices()
})

describe('tasks', () => {
  it('acknowledges a write before it is published, and reads see it only once published', async ({
    server,
  }) => {
    const client = server.client()
    const [ack] = await client.saveObjects({
      indexName: 'lager',
      objects: [{ objectID: 'l1', name: 'Lager Nord' }],
    })
    expect(await client.getTask({ indexName: 'lager', taskID: ack!.taskID })).toEqual({
      status: 'notPublished',
    })
    expect((await server.request('POST', '/1/indexes/lager/query', {})).status).toBe(404)
    const pending = (await client.listIndices()).items.find((item) => item.name === 'lager')
    expect(pending).toBeUndefined()

    await client.waitForTask({ indexName: 'lager', taskID: ack!.taskID })
    expect(await client.getTask({ indexName: 'lager', taskID: ack!.taskID })).toEqual({ status: 'published' })
    expect(await client.getObject({ indexName: 'lager', objectID: 'l1' })).toEqual({
      objectID: 'l1',
      name: 'Lager Nord',
    })
  })

  it('reports pending tasks of an existing index in listIndices', async ({ server }) => {
    const client = server.client()
    const { taskID } = await client.saveObject({ indexName: 'lager', body: { objectID: 'l2', name: 'Süd' } })
    const listed = (await client.listIndices()).items.find((item) => item.name === 'lager')
    expect(listed).toMatchObject({ pendingTask: true, numberOfPendingTasks: 1, entries: 1 })
    await client.waitForTask({ indexName: 'lager', taskID })
    const after = (await client.listIndices()).items.find((item) => item.name === 'lager')
    expect(after).toMatchObject({ pendingTask: false, numberOfPendingTasks: 0, entries: 2 })
  })

  it('publishes writes in the order they were acknowledged', async ({ server }) => {
    const client = server.client()
    const writes = [
      await client.saveObject({ indexName: 'folge', body: { objectID: 'f', step: 1, tags: [] } }),
      await client.partialUpdateObject({
        indexName: 'folge',
        objectID: 'f',
        attributesToUpdate: { step: { _operation: 'Increment', value: 10 } },
      }),
      await client.partialUpdateObject({
        indexName: 'folge',
        objectID: 'f',
        attributesToUpdate: { tags: { _operation: 'Add', value: 'zuletzt' } },
      }),
      await client.setSettings({ indexName: 'folge', indexSettings: { searchableAttributes: ['tags'] } }),
    ]
    const taskIDs = writes.map((write) => write.taskID!)
    expect([...taskIDs].sort((a, b) => a - b)).toEqual(taskIDs)
    // Waiting for the last one is enough: the ones before it are published first.
    await client.waitForTask({ indexName: 'folge', taskID: taskIDs.at(-1)! })
    for (const taskID of taskIDs) {
      expect(await client.getTask({ indexName: 'folge', taskID })).toEqual({ status: 'published' })
    }
    expect(await client.getObject({ indexName: 'folge', objectID: 'f' })).toEqual({
      objectID: 'f',
      step: 11,
      tags: ['zuletzt'],
    })
    expect((await server.search({ query: 'zuletzt' }, 'folge')).nbHits).toBe(1)
  })

  it('publishes a write that fails when applied with nothing changed, and applies the next ones', async ({
    server,
  }) => {
    const client = server.client()
    // Accepted: when acknowledged, `werk_kopie` is no replica yet. The settings before it make it
    // one, so the batch is refused when applied.
    const settings = await client.setSettings({
      indexName: 'werk',
      indexSettings: { replicas: ['werk_kopie'] },
    })
    const refused = await client.batch({
      indexName: 'werk_kopie',
      batchWriteParams: { requests: [{ action: 'addObject', body: { objectID: 'w1', name: 'Falsch' } }] },
    })
    const next = await client.saveObject({ indexName: 'werk', body: { objectID: 'w2', name: 'Richtig' } })
    expect(refused.taskID).toBeGreaterThan(settings.taskID)
    await client.waitForTask({ indexName: 'werk', taskID: next.taskID })
    expect(await client.getTask({ indexName: 'werk_kopie', taskID: refused.taskID })).toEqual({
      status: 'published',
    })
    const { results } = await client.getObjects({
      requests: [
        { indexName: 'werk_kopie', objectID: 'w1' },
        { indexName: 'werk_kopie', objectID: 'w2' },
      ],
    })
    expect(results).toEqual([null, { objectID: 'w2', name: 'Richtig' }])
  })

  it('refuses what it can check at once with a 4xx, and logs nothing', async ({ server }) => {
    const before = await server.client().listIndices()
    const response = await server.request('POST', '/1/indexes/werk_kopie/batch', {
      requests: [{ action: 'addObject', body: { name: 'x' } }],
    })
    expect(response).toMatchObject({ status: 400, body: { message: expect.stringMatching(/replica/) } })
    const unknown = await server.request('POST', '/1/indexes/nirgends/clear')
    expect(unknown.status).toBe(404)
    const after = await server.client().listIndices()
    expect(after.items.filter((item) => item.pendingTask)).toEqual([])
    expect(after.items.map((item) => item.name)).toEqual(before.items.map((item) => item.name))
  })

  it('answers 404 for a task ID never handed out', async ({ server }) => {
    const response = await server.request('GET', '/1/indexes/werk/task/999999999')
    expect(response).toMatchObject({ status: 404, body: { message: 'Task does not exist' } })
  })
})
