// The sync against a second instance of our own service standing in for Algolia: both speak the
// same protocol, so the official client runs unchanged against either.
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Algoliasearch } from 'algoliasearch'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { BATCH_SIZE, type SyncReporter, type SyncSummary, syncIndex } from './index-sync.ts'
import { sourceEndpoint, targetEndpoint } from './sync-clients.ts'
import { SyncError } from './sync-errors.ts'
import { parseHost, parseSyncArgs } from './sync-options.ts'
import { stateFile } from './sync-state.ts'

type ClientOptions = NonNullable<Parameters<typeof targetEndpoint>[3]>
type Requester = NonNullable<ClientOptions['requester']>

interface Instance {
  app: FastifyInstance
  url: string
  appId: string
  adminKey: string
  dataDir: string
}

async function startInstance(withStations: boolean): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bf-sync-'))
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {
    logger: false,
    watchContent: false,
  })
  if (withStations) await app.context.warmUp()
  else await app.context.search.load()
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const { appId, adminKey } = app.context.credentials
  return { app, url: `http://127.0.0.1:${port}`, appId, adminKey, dataDir }
}

/** Sends with fetch; after `failAfter` record batches every request fails as if the network went down. */
function interruptingRequester(failAfter: number): Requester & { batches: number } {
  const requester = {
    batches: 0,
    async send(request: Parameters<Requester['send']>[0]) {
      if (request.method === 'POST' && /^\/1\/indexes\/[^/]+\/batch$/.test(new URL(request.url).pathname)) {
        if (requester.batches >= failAfter) return { content: '', status: 0, isTimedOut: false }
        requester.batches++
      }
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.data as string | undefined,
      })
      return { content: await response.text(), status: response.status, isTimedOut: false }
    },
  }
  return requester
}

function quietReporter(lines: string[] = []): SyncReporter {
  return { log: (line) => lines.push(line), startRecords() {}, recordsCopied() {}, stopRecords() {} }
}

const QUERIES: { query: string; filters?: string }[] = [
  { query: '' },
  { query: 'berlin' },
  { query: 'hbf' },
  { query: 'münchen', filters: 'category <= 3' },
  { query: 'freiburg' },
  { query: 'koln' },
  { query: 'flughafen' },
  { query: 'bad', filters: 'federalState:Bayern' },
  { query: 'ost' },
  { query: 'hamburg', filters: 'facilities:WLAN' },
]
const FACETS = ['federalState', 'category', 'facilities', 'steplessAccess']

// Generous: every batch is indexed by a real engine on a shared, busy machine (no timing is asserted).
describe('npm run sync:algolia', { timeout: 120_000 }, () => {
  let source: Instance
  let target: Instance
  let sourceClient: Algoliasearch
  let targetClient: Algoliasearch
  let stateDir: string
  const statePath = () => join(stateDir, 'state.json')
  const sourceSide = () => sourceEndpoint(source.url, source.appId, source.adminKey)
  const targetSide = (options?: ClientOptions, adminKey = target.adminKey) =>
    targetEndpoint(target.appId, adminKey, [parseHost(target.url)], options)
  const sync = (overrides: Partial<Parameters<typeof syncIndex>[0]> = {}) =>
    syncIndex({
      source: sourceSide(),
      target: targetSide(),
      indexName: 'stations',
      dryRun: false,
      state: stateFile(statePath()),
      reporter: quietReporter(),
      now: () => 1700000000000,
      ...overrides,
    })
  const indexNames = async () => (await targetClient.listIndices()).items.map((item) => item.name).sort()

  beforeAll(async () => {
    ;[source, target] = await Promise.all([startInstance(true), startInstance(false)])
    sourceClient = sourceSide().client
    targetClient = targetSide().client
    stateDir = mkdtempSync(join(tmpdir(), 'bf-sync-state-'))
  })
  afterAll(async () => {
    await Promise.all([source?.app.close(), target?.app.close()])
    for (const dir of [source?.dataDir, target?.dataDir, stateDir])
      if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('a dry run describes the plan and changes nothing', async () => {
    const lines: string[] = []
    const summary = await sync({ dryRun: true, reporter: quietReporter(lines) })
    expect(summary.records).toBeGreaterThan(5000)
    expect(lines.join('\n')).toContain(`copy ${summary.records} records in batches of 1000`)
    expect(lines.join('\n')).toContain('stations_name_asc')
    expect(await indexNames()).toEqual([])
    expect(existsSync(statePath())).toBe(false)
  })

  it('names a refused key and an unreachable host, and the command exits non-zero', async () => {
    await expect(sync({ target: targetSide({}, 'wrong-key-0123456789abcdef') })).rejects.toThrow(
      /refused the credentials \(403/,
    )
    const nowhere = targetEndpoint('app', 'key-0123456789abcdef', [parseHost('http://127.0.0.1:1')])
    await expect(sync({ target: nowhere })).rejects.toThrow(/cannot reach the target/)
    // Asynchronously: both services answer from this process.
    const run = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [
          'scripts/sync-algolia.ts',
          ...['--app-id', target.appId, '--admin-key', 'wrong-key-0123456789abcdef', '--host', target.url],
          ...['--source-url', source.url, '--source-key', source.adminKey, '--state-file', statePath()],
        ],
        { encoding: 'utf8', env: { ...process.env, DATA_DIR: stateDir, LOG_LEVEL: 'silent' } },
        (_error, _stdout, stderr) => resolve({ status: child.exitCode, stderr }),
      )
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/sync:algolia: the target .* refused the credentials/)
    expect(await indexNames()).toEqual([])
  })

  it('resumes after an interruption from the last acknowledged batch', async () => {
    const interrupted = interruptingRequester(2)
    await expect(sync({ target: targetSide({ requester: interrupted }) })).rejects.toThrow(SyncError)
    const saved = JSON.parse(readFileSync(statePath(), 'utf8'))
    expect(saved).toMatchObject({ phase: 'records', recordsCopied: 2 * BATCH_SIZE })
    // The target index is only replaced by the final move: searches never see half an index.
    expect(await indexNames()).toEqual(['stations_tmp_sync_1700000000000'])

    const resumed = interruptingRequester(Number.POSITIVE_INFINITY)
    const summary: SyncSummary = await sync({ target: targetSide({ requester: resumed }), now: () => 1 })
    expect(summary.resumedAt).toBe(2 * BATCH_SIZE)
    expect(summary.tmpIndex).toBe('stations_tmp_sync_1700000000000')
    expect(resumed.batches).toBe(Math.ceil((summary.records - 2 * BATCH_SIZE) / BATCH_SIZE))
    expect(existsSync(statePath())).toBe(false)
  })

  it('leaves the same index, replicas, settings and synonyms on the target', async () => {
    expect(await indexNames()).toEqual([
      'stations',
      'stations_category_asc',
      'stations_name_asc',
      'stations_name_desc',
    ])
    // An empty replica list means no replicas (a service may store or drop it).
    const settings = async (client: Algoliasearch, indexName: string) => {
      const { replicas, ...rest } = await client.getSettings({ indexName })
      return replicas && replicas.length > 0 ? { ...rest, replicas } : rest
    }
    const synonyms = async (client: Algoliasearch, indexName: string) =>
      (await client.searchSynonyms({ indexName, searchSynonymsParams: { hitsPerPage: 1000 } })).hits
        .map((synonym) => ({ ...synonym, _highlightResult: undefined }))
        .sort((a, b) => a.objectID.localeCompare(b.objectID))
    for (const indexName of await indexNames()) {
      expect(await settings(targetClient, indexName)).toEqual(await settings(sourceClient, indexName))
      const sourceSynonyms = await synonyms(sourceClient, indexName)
      expect(sourceSynonyms.length).toBeGreaterThan(0)
      expect(await synonyms(targetClient, indexName)).toEqual(sourceSynonyms)
    }
    expect((await settings(targetClient, 'stations_name_asc')).primary).toBe('stations')
  })

  it('answers the same searches with the same hits, counts and facets', async () => {
    for (const indexName of ['stations', 'stations_name_asc']) {
      const requests = QUERIES.map((query) => ({ indexName, ...query, facets: FACETS, hitsPerPage: 20 }))
      const [expected, actual] = await Promise.all(
        [sourceClient, targetClient].map((client) => client.search({ requests })),
      )
      for (const [i, result] of (actual?.results ?? []).entries()) {
        const want = expected?.results[i]
        if (!want || !('hits' in want) || !('hits' in result)) throw new Error('expected hits')
        expect({ nbHits: result.nbHits, facets: result.facets }).toEqual({
          nbHits: want.nbHits,
          facets: want.facets,
        })
        expect(result.hits.map((hit: { objectID: string }) => hit.objectID)).toEqual(
          want.hits.map((hit: { objectID: string }) => hit.objectID),
        )
        expect(result.nbHits).toBeGreaterThan(0)
      }
    }
  })

  it('copies query rules when the source has them, and skips them when it answers 404', async () => {
    const summary = await sync({ dryRun: true })
    const sourceRules = await sourceClient
      .searchRules({ indexName: 'stations', searchRulesParams: {} })
      .then((answer) => answer.nbHits)
      .catch(() => undefined)
    expect(summary.rules).toBe(sourceRules)
    if (sourceRules !== undefined) {
      const copied = await targetClient.searchRules({ indexName: 'stations', searchRulesParams: {} })
      expect(copied.nbHits).toBe(sourceRules)
    }
  })
})

describe('sync:algolia options', () => {
  const defaults = {
    sourceUrl: 'http://127.0.0.1:3000',
    sourceAppId: 'bahnhofsfinder',
    stateFile: 'state.json',
  }

  it('requires the target app ID and admin key, and reads hosts with or without a scheme', () => {
    expect(() => parseSyncArgs(['--app-id', 'A'], defaults)).toThrow(/--admin-key are required/)
    const options = parseSyncArgs(
      ['--app-id', 'A', '--admin-key', 'K', '--host', 'http://127.0.0.1:4000', '--host', 'a.example.org'],
      defaults,
    )
    expect(options.hosts).toEqual([
      { url: '127.0.0.1:4000', protocol: 'http' },
      { url: 'a.example.org', protocol: 'https' },
    ])
    expect(options).toMatchObject({ indexName: 'stations', dryRun: false, sourceUrl: defaults.sourceUrl })
    expect(() => parseSyncArgs(['--app-id', 'A', '--admin-key', 'K', '--host', 'ftp://x'], defaults)).toThrow(
      /use http or https/,
    )
    expect(() => parseSyncArgs(['--app-id', 'A', '--admin-key', 'K', '--bogus'], defaults)).toThrow(/bogus/)
  })
})
