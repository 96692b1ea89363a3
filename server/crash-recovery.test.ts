// Acknowledged writes survive a crash: the server process is killed (SIGKILL) after it acknowledged
// writes and before it applied them (the test-only SEARCH_TASK_DELAY_MS holds them back); the next
// start applies them, in order, before /healthz answers 200.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { algoliasearch } from 'algoliasearch'
import { describe, expect } from 'vitest'
import { it } from '../tests/helpers/app-fixture.ts'
import { type ServerProcess, stopGroup } from '../tests/helpers/server-processes.ts'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function startServer(spawnServer: Spawn, dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort()
  const server = spawnServer(['server/main.ts'], {
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: String(port),
    ...env,
  })
  const url = `http://127.0.0.1:${port}`
  // Ready means /healthz 200; until then it is unreachable or answers 503.
  await expect
    .poll(
      async () => {
        if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`)
        return fetch(`${url}/healthz`).then(
          (response) => response.status,
          () => 0,
        )
      },
      { timeout: 120_000, interval: 100 },
    )
    .toBe(200)
  const { adminKey } = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8'))
  const client = algoliasearch('bahnhofsfinder', adminKey, {
    hosts: [{ url: `127.0.0.1:${port}`, accept: 'readWrite', protocol: 'http' }],
  })
  return { server, client }
}

type Spawn = (args: string[], env: Record<string, string | undefined>) => ServerProcess

describe('crash safety of acknowledged writes', () => {
  it('applies every acknowledged write after a SIGKILL, in order, before it reports ready', async ({
    dataDir,
    spawnServer,
  }) => {
    const first = await startServer(spawnServer, dataDir, { SEARCH_TASK_DELAY_MS: '600000' })
    const depots = Array.from({ length: 2000 }, (_, i) => ({
      objectID: `d${i}`,
      name: `Depot ${i}`,
      tracks: 1,
    }))
    const client = first.client
    const acknowledged: { indexName: string; taskID: number }[] = []
    const track = (indexName: string, taskID: number | undefined) =>
      acknowledged.push({ indexName, taskID: taskID! })
    const [batch] = await client.saveObjects({ indexName: 'depots', objects: depots, batchSize: 2000 })
    track('depots', batch!.taskID)
    const increment = { tracks: { _operation: 'Increment', value: 5 } }
    track(
      'depots',
      (
        await client.partialUpdateObject({
          indexName: 'depots',
          objectID: 'd1',
          attributesToUpdate: increment,
        })
      ).taskID,
    )
    track('depots', (await client.deleteObject({ indexName: 'depots', objectID: 'd2' })).taskID)
    for (const name of ['Erste Fassung', 'Zweite Fassung']) {
      track(
        'depots',
        (await client.addOrUpdateObject({ indexName: 'depots', objectID: 'd3', body: { name } })).taskID,
      )
    }
    track(
      'depots',
      (
        await client.setSettings({
          indexName: 'depots',
          indexSettings: { attributesForFaceting: ['tracks'] },
        })
      ).taskID,
    )
    const multi = await client.multipleBatch({
      requests: [
        { action: 'addObject', indexName: 'lager', body: { objectID: 'l1', name: 'Lager' } },
        { action: 'deleteObject', indexName: 'depots', body: { objectID: 'd4' } },
      ],
    })
    for (const [indexName, taskID] of Object.entries(multi.taskID)) track(indexName, taskID)
    for (const task of acknowledged) {
      expect(await client.getTask(task)).toEqual({ status: 'notPublished' })
    }
    // The crash: SIGKILL to the supervisor and every serving process at once.
    await stopGroup(first.server)

    const second = await startServer(spawnServer, dataDir)
    // Ready: everything acknowledged is published, with no wait.
    for (const task of acknowledged) {
      expect(await second.client.getTask(task)).toEqual({ status: 'published' })
    }
    const { results } = await second.client.getObjects({
      requests: ['d0', 'd1', 'd2', 'd3', 'd4'].map((objectID) => ({ indexName: 'depots', objectID })),
    })
    expect(results).toEqual([
      { objectID: 'd0', name: 'Depot 0', tracks: 1 },
      // The increment came after the batch that created d1.
      { objectID: 'd1', name: 'Depot 1', tracks: 6 },
      null,
      { objectID: 'd3', name: 'Zweite Fassung' },
      null,
    ])
    const all = await second.client.searchSingleIndex({
      indexName: 'depots',
      searchParams: { facets: ['tracks'], hitsPerPage: 0 },
    })
    expect(all.nbHits).toBe(1998)
    expect(all.facets?.tracks).toEqual({ '1': 1996, '6': 1 })
    expect(await second.client.getObject({ indexName: 'lager', objectID: 'l1' })).toEqual({
      objectID: 'l1',
      name: 'Lager',
    })
  }, 300_000)
})
