// The sync against a second instance of our own service standing in for Algolia: both speak the
// same protocol, so the official client runs unchanged against either.
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect, createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Algoliasearch } from 'algoliasearch'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { type SyncReporter, type SyncSummary, syncIndex } from './index-sync.ts'
import { sourceEndpoint, targetEndpoint } from './sync-clients.ts'
import { describeClientError, SyncError } from './sync-errors.ts'
import { parseHost, parseSyncArgs, syncDefaults } from './sync-options.ts'
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

async function startInstance(withStations: boolean, env: Record<string, string> = {}): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bf-sync-'))
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }), {
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

/** Records per browse page and per saveObjects batch, as the sync copies them. */
const BATCH_SIZE = 1000

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

/** Forwards every connection on `host` to `port` on 127.0.0.1: the source as seen on another address. */
function forwarder(host: string, port: number): Promise<Server & { port: number }> {
  const server = createServer((socket) => {
    const upstream = connect(port, '127.0.0.1')
    socket.pipe(upstream).pipe(socket)
    const close = () => {
      socket.destroy()
      upstream.destroy()
    }
    socket.on('error', close)
    upstream.on('error', close)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, () => {
      const address = server.address()
      resolve(Object.assign(server, { port: typeof address === 'object' && address ? address.port : 0 }))
    })
  })
}

/** Whether this machine has an IPv6 loopback address to listen on. */
const IPV6_LOOPBACK = await forwarder('::1', 1).then(
  (server) => {
    server.close()
    return true
  },
  () => false,
)

/** `npm run sync:algolia` as an operator runs it: only these configuration variables set. */
function runScript(args: string[], env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(HOST|PORT|DATA_DIR|SEARCH_.*|PUBLIC_.*)$/.test(name)),
  )
  // Asynchronously: the services it talks to answer from this process.
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['scripts/sync-algolia.ts', ...args],
      { encoding: 'utf8', env: { ...clean, LOG_LEVEL: 'silent', ...env } },
      (_error, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }),
    )
  })
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
  { query: 'ice bayern' },
  { query: 'hamburg', filters: 'facilities:WLAN' },
]
const FACETS = [
  'federalState',
  'trains',
  'category',
  'facilities',
  'steplessAccess',
  'platformHeights',
  'lift',
]

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
    // The source has an application ID of its own, so that finding it proves SEARCH_APP_ID is read.
    ;[source, target] = await Promise.all([
      startInstance(true, { SEARCH_APP_ID: 'bf-sync-source' }),
      startInstance(false),
    ])
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

  it('a dry run checks the target read-only: made-up credentials are refused, real ones reported', async () => {
    const lines: string[] = []
    await expect(
      sync({ dryRun: true, target: targetSide({}, 'made-up-key-0123456789abcdef') }),
    ).rejects.toThrow(/the target .* refused the credentials \(403/)
    await sync({ dryRun: true, reporter: quietReporter(lines) })
    expect(lines.join('\n')).toContain('target checked read-only: the credentials were accepted')
    expect(lines.join('\n')).toContain('stations would be created')
    expect(await indexNames()).toEqual([])
  })

  it('without --host an unreachable target is Algolia: the advice names the application ID, not a URL', () => {
    const algolia = targetEndpoint('MADEUPAPP', 'key-0123456789abcdef', undefined)
    const message = describeClientError({ name: 'RetryError' }, 'target', algolia.label, algolia.advice)
    expect(message).toContain('Check the application ID (MADEUPAPP')
    expect(message).not.toContain('URL')
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
          ...['--source-url', source.url, '--source-app-id', source.appId, '--source-key', source.adminKey],
          ...['--state-file', statePath()],
        ],
        { encoding: 'utf8', env: { ...process.env, DATA_DIR: stateDir, LOG_LEVEL: 'silent' } },
        (_error, _stdout, stderr) => resolve({ status: child.exitCode, stderr }),
      )
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/sync:algolia: the target .* refused the credentials/)
    expect(await indexNames()).toEqual([])
  })

  it('finds the source where the server’s configuration puts it: HOST, PORT, SEARCH_APP_ID, DATA_DIR', async () => {
    const port = Number(new URL(source.url).port)
    const targetArgs = ['--app-id', target.appId, '--admin-key', target.adminKey, '--host', target.url]
    const serverEnv = {
      HOST: '127.0.0.1',
      PORT: String(port),
      SEARCH_APP_ID: source.appId,
      DATA_DIR: source.dataDir,
    }
    const found = await runScript([...targetArgs, '--dry-run'], serverEnv)
    expect(found.stderr).toBe('')
    expect(found.status).toBe(0)
    expect(found.stdout).toContain(`source http://127.0.0.1:${port} → target`)
    expect(found.stdout).toContain('dry run: nothing was changed')
    // Another application ID than the server's: refused, and the message says where the key came from.
    const { SEARCH_APP_ID: _appId, ...withoutAppId } = serverEnv
    const refused = await runScript([...targetArgs, '--dry-run'], withoutAppId)
    expect(refused.status).toBe(1)
    expect(refused.stderr).toMatch(/the source \(http:\/\/127\.0\.0\.1:\d+\) refused the credentials/)
    expect(refused.stderr).toContain(`The key came from ${join(source.dataDir, 'credentials.json')}`)
    expect(refused.stderr).toContain('the application ID is bahnhofsfinder')
  })

  it.skipIf(!IPV6_LOOPBACK)('reaches a server listening on :: or an IPv6 address', async () => {
    const ipv6 = await forwarder('::1', Number(new URL(source.url).port))
    try {
      const targetArgs = ['--app-id', target.appId, '--admin-key', target.adminKey, '--host', target.url]
      for (const host of ['::', '::1']) {
        const env = {
          HOST: host,
          PORT: String(ipv6.port),
          SEARCH_APP_ID: source.appId,
          DATA_DIR: source.dataDir,
        }
        const run = await runScript([...targetArgs, '--dry-run'], env)
        expect(run.stderr, host).toBe('')
        expect(run.stdout).toContain(`source http://[::1]:${ipv6.port} → target`)
      }
    } finally {
      ipv6.close()
    }
  })

  it('says which address it tried when the source cannot be reached, and where that came from', async () => {
    const args = ['--app-id', target.appId, '--admin-key', target.adminKey, '--host', target.url, '--dry-run']
    const run = await runScript(args, { PORT: '1', SEARCH_ADMIN_KEY: source.adminKey })
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/^sync:algolia: cannot reach the source \(http:\/\/127\.0\.0\.1:1\)/)
    expect(run.stderr).toContain('HOST=127.0.0.1 and PORT=1')
    expect(run.stderr).toContain('--source-url')
    const given = await runScript([...args, '--source-url', 'http://127.0.0.1:1'], {
      SEARCH_ADMIN_KEY: source.adminKey,
    })
    expect(given.stderr).toMatch(/cannot reach the source \(http:\/\/127\.0\.0\.1:1\).*Check --source-url/)
  })

  it('explains itself with --help and exits 0', async () => {
    const run = await runScript(['--help'], {})
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/^usage: npm run sync:algolia -- --app-id APP_ID --admin-key ADMIN_KEY/)
    expect(run.stdout).toContain('--source-url URL')
    expect(run.stderr).toBe('')
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
    // The Züge filter's facet, its values' order and the long-distance ranking went along.
    const target = await settings(targetClient, 'stations')
    expect(target.attributesForFaceting).toContain('trains')
    expect(target.renderingContent?.facetOrdering?.values?.trains?.order?.[0]).toBe('ICE')
    expect(target.customRanking?.[0]).toBe('desc(longDistance)')
    // So did the Bahnsteighöhe filter's, highest first.
    expect(target.attributesForFaceting).toContain('platformHeights')
    expect(target.renderingContent?.facetOrdering?.values?.platformHeights?.order).toEqual([
      '96',
      '76',
      '55',
      '38',
    ])
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
    sourceUrlFrom: 'HOST=127.0.0.1 and PORT=3000',
    sourceAppId: 'bahnhofsfinder',
    stateFile: 'state.json',
  }

  it('takes the source from the configuration as the server reads it', () => {
    const config = loadConfig({ HOST: '::', PORT: '4100', SEARCH_APP_ID: 'bf-prod', DATA_DIR: '/srv/bf' })
    expect(syncDefaults(config)).toEqual({
      sourceUrl: 'http://[::1]:4100',
      sourceUrlFrom: 'HOST=:: and PORT=4100',
      sourceAppId: 'bf-prod',
      stateFile: '/srv/bf/sync-algolia-state.json',
    })
    expect(syncDefaults(loadConfig({ HOST: '0.0.0.0', PORT: '8080' })).sourceUrl).toBe(
      'http://127.0.0.1:8080',
    )
    expect(parseSyncArgs(['--app-id', 'A', '--admin-key', 'K'], syncDefaults(config))).toMatchObject({
      sourceUrl: 'http://[::1]:4100',
      sourceUrlFrom: 'HOST=:: and PORT=4100',
    })
    const given = parseSyncArgs(
      ['--app-id', 'A', '--admin-key', 'K', '--source-url', 'http://[::1]:5000'],
      defaults,
    )
    expect(given).toMatchObject({ sourceUrl: 'http://[::1]:5000', sourceUrlFrom: '--source-url' })
    expect(() =>
      parseSyncArgs(['--app-id', 'A', '--admin-key', 'K', '--source-url', 'http://:::3000'], defaults),
    ).toThrow(/^--source-url http:\/\/:::3000: not a host name or URL/)
  })

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
