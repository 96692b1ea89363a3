// GET /offline/1/indexes/{index}/snapshot: the whole index for the browser's offline search, given
// only to keys that could search all of it, revalidated by its version, compressed, and made anew
// exactly when the index changes.
import { get } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect } from 'vitest'
import type { IndexSnapshot } from '../../server/search/service/index-snapshot.ts'
import { it, type SearchServer } from './fixture.ts'

const PATH = '/offline/1/indexes/stations/snapshot'
const inFuture = () => Math.floor(Date.now() / 1000) + 3600

async function getSnapshot(server: SearchServer, headers: Record<string, string> = {}, path = PATH) {
  const url = new URL(`${server.url}${path}`)
  url.searchParams.set('x-algolia-application-id', server.appId)
  if (!('x-algolia-api-key' in headers)) url.searchParams.set('x-algolia-api-key', server.searchKey)
  return fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } })
}

/** The bytes as sent (fetch would decode them) and the encoding they were sent with. */
function rawSnapshot(
  server: SearchServer,
  acceptEncoding: string,
): Promise<{ encoding: string; body: Buffer }> {
  const url = new URL(`${server.url}${PATH}`)
  url.searchParams.set('x-algolia-application-id', server.appId)
  url.searchParams.set('x-algolia-api-key', server.searchKey)
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ encoding: String(response.headers['content-encoding']), body: Buffer.concat(chunks) }),
      )
    }).on('error', reject)
  })
}

async function keyWith(
  server: SearchServer,
  key: Parameters<ReturnType<SearchServer['client']>['addApiKey']>[0],
) {
  const { key: value } = await server.client().addApiKey(key)
  await expect.poll(async () => (await server.request('GET', `/1/keys/${value}`)).status).toBe(200)
  return value
}

describe('the offline snapshot route', () => {
  it('gives the public search key the index with its replicas, as the service makes it', async ({
    server,
  }) => {
    const response = await getSnapshot(server)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    const snapshot = (await response.json()) as IndexSnapshot
    expect(response.headers.get('etag')).toBe(`"${snapshot.version}"`)
    expect(response.headers.get('last-modified')).toBe(new Date(snapshot.updatedAt).toUTCString())
    expect(snapshot.records).toHaveLength(5388)
    expect(snapshot.replicas.map((replica) => replica.name).sort()).toEqual([
      'stations_category_asc',
      'stations_name_asc',
      'stations_name_desc',
    ])
    expect(JSON.stringify(snapshot)).toBe(JSON.stringify(server.app.context.search.snapshot('stations')))
  })

  it('is sent compressed to a client that accepts it, and the bytes are the same', async ({ server }) => {
    const plain = Buffer.from(await (await getSnapshot(server)).arrayBuffer())
    const br = await rawSnapshot(server, 'br, gzip')
    expect(br.encoding).toBe('br')
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true)
    expect(br.body.length).toBeLessThan(400 * 1024)
    const gz = await rawSnapshot(server, 'gzip')
    expect(gz.encoding).toBe('gzip')
    expect(gunzipSync(gz.body).equals(plain)).toBe(true)
  })

  it('answers 304 to a device that holds the current version', async ({ server }) => {
    const etag = (await getSnapshot(server)).headers.get('etag') ?? ''
    const again = await getSnapshot(server, { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect((await getSnapshot(server, { 'if-none-match': '"older"' })).status).toBe(200)
  })

  it('refuses keys that could not see the whole index', async ({ server }) => {
    const refused = async (apiKey: string) => {
      const response = await getSnapshot(server, { 'x-algolia-api-key': apiKey })
      return { status: response.status, message: ((await response.json()) as { message: string }).message }
    }
    const filtered = await keyWith(server, {
      acl: ['search'],
      queryParameters: 'filters=federalState:Berlin',
    })
    expect(await refused(filtered)).toEqual({ status: 403, message: expect.stringMatching(/restrictions/) })
    const capped = await keyWith(server, { acl: ['search'], maxHitsPerQuery: 5 })
    expect((await refused(capped)).status).toBe(403)
    // The replicas come with the primary: a key for the primary alone does not get them.
    const primaryOnly = await keyWith(server, { acl: ['search'], indexes: ['stations'] })
    expect((await refused(primaryOnly)).status).toBe(403)
    const secured = server.client().generateSecuredApiKey({
      parentApiKey: server.searchKey,
      restrictions: { filters: 'federalState:Bayern', validUntil: inFuture() },
    })
    expect((await refused(secured)).status).toBe(403)
    expect((await refused('not-a-key')).status).toBe(403)
    const noSearch = await keyWith(server, { acl: ['addObject'] })
    expect((await refused(noSearch)).status).toBe(403)
    // A key whose only restriction is time sees what the public key sees.
    const timed = server.client().generateSecuredApiKey({
      parentApiKey: server.searchKey,
      restrictions: { validUntil: inFuture() },
    })
    expect((await getSnapshot(server, { 'x-algolia-api-key': timed })).status).toBe(200)
  })

  it('has no snapshot for a replica or an unknown index, and leaves Algolia’s paths alone', async ({
    server,
  }) => {
    expect((await getSnapshot(server, {}, '/offline/1/indexes/stations_name_asc/snapshot')).status).toBe(404)
    expect((await getSnapshot(server, {}, '/offline/1/indexes/nowhere/snapshot')).status).toBe(404)
    // Under /1/ the same path is getObject of a record called "snapshot".
    const object = await server.request('GET', '/1/indexes/stations/snapshot')
    expect(object.status).toBe(404)
    expect((object.body as { message: string }).message).toMatch(/ObjectID does not exist/)
  })

  it('changes its version exactly when the index changes', async ({ server }) => {
    const before = (await getSnapshot(server)).headers.get('etag') ?? ''
    // Nothing written: the same version, from the answer made before.
    expect((await getSnapshot(server)).headers.get('etag')).toBe(before)
    const client = server.client()
    const { taskID } = await client.partialUpdateObject({
      indexName: 'stations',
      objectID: '1',
      attributesToUpdate: { name: 'Aachen Hbf (umbenannt)' },
    })
    await client.waitForTask({ indexName: 'stations', taskID: taskID ?? 0 })
    const changed = await getSnapshot(server, { 'if-none-match': before })
    expect(changed.status).toBe(200)
    const snapshot = (await changed.json()) as IndexSnapshot
    expect(`"${snapshot.version}"`).not.toBe(before)
    expect(snapshot.records.find((record) => record.objectID === '1')?.name).toBe('Aachen Hbf (umbenannt)')
  })
})
