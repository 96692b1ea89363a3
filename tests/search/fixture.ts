// The `server` fixture: the real app (real station data, temp DATA_DIR) on a free port, one per test
// file, handing out the official clients. Every response the clients receive is checked against
// Algolia's OpenAPI schemas when the file's tests are done; a mismatch fails the file.
// Test files write `it('…', async ({ server }) => …)` with the `it` exported here.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { algoliasearch, type SearchResponse } from 'algoliasearch'
import { liteClient } from 'algoliasearch/lite'
import type { FastifyInstance } from 'fastify'
import { test as baseTest, expect } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import type { StationRecord } from '../../server/stations/station-records.ts'
import { responseProblems } from './openapi.ts'

type ClientOptions = NonNullable<Parameters<typeof algoliasearch>[2]>
type Requester = NonNullable<ClientOptions['requester']>
type LiteOptions = NonNullable<Parameters<typeof liteClient>[2]>

export interface SearchServer {
  app: FastifyInstance
  url: string
  appId: string
  adminKey: string
  searchKey: string
  /** Official v5 client with the admin key (or another key). */
  client(apiKey?: string): ReturnType<typeof algoliasearch>
  /** searchSingleIndex on `stations` (or another index) with typed station hits. */
  search(
    searchParams: Record<string, unknown>,
    indexName?: string,
    apiKey?: string,
  ): Promise<SearchResponse<StationRecord>>
  /** The lite client the web app uses (search-only key by default). */
  lite(apiKey?: string, options?: Partial<LiteOptions>): ReturnType<typeof liteClient>
  /** The official Insights client, pointed at this server (search-only key by default). */
  insights(apiKey?: string): ReturnType<ReturnType<typeof algoliasearch>['initInsights']>
  /** Raw HTTP with the admin credentials in headers. */
  request(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<RawResponse>
}

interface RawResponse {
  status: number
  body: unknown
  headers: Headers
}

/** A fetch-based requester that records what the server answered, for schema validation. */
function validatingRequester(problems: string[]): Requester {
  return {
    async send(request) {
      const url = new URL(request.url)
      const response = await fetch(url, {
        method: request.method,
        headers: request.headers,
        body: request.data as string | undefined,
      })
      const content = await response.text()
      if (response.status >= 200 && response.status < 300) {
        problems.push(...responseProblems(request.method, url.pathname, JSON.parse(content)))
      }
      return { content, status: response.status, isTimedOut: false }
    },
  }
}

interface RunningSearchServer extends SearchServer {
  /** Fails when a response the clients received did not match its OpenAPI schema. */
  expectValidResponses(): void
  close(): Promise<void>
}

async function startSearchServer(env: Record<string, string>): Promise<RunningSearchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bf-search-'))
  const config = loadConfig({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' })
  const app = await buildApp(config, { logger: false })
  await app.context.warmUp()
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const { appId, adminKey, searchKey } = app.context.credentials
  const problems: string[] = []
  const hosts = [{ url: `127.0.0.1:${port}`, accept: 'readWrite' as const, protocol: 'http' as const }]
  const requester = validatingRequester(problems)
  const url = `http://127.0.0.1:${port}`
  return {
    app,
    url,
    appId,
    adminKey,
    searchKey,
    client: (apiKey = adminKey) => algoliasearch(appId, apiKey, { hosts, requester }),
    search: (searchParams, indexName = 'stations', apiKey = adminKey) =>
      algoliasearch(appId, apiKey, { hosts, requester }).searchSingleIndex<StationRecord>({
        indexName,
        searchParams,
      }),
    insights: (apiKey = searchKey) =>
      algoliasearch(appId, apiKey, { hosts, requester }).initInsights({ options: { hosts, requester } }),
    lite: (apiKey = searchKey, options = {}) => liteClient(appId, apiKey, { hosts, requester, ...options }),
    async request(method, path, body, headers = {}) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: {
          'x-algolia-application-id': appId,
          'x-algolia-api-key': adminKey,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      })
      const text = await response.text()
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {
        // not JSON: the test sees the text
      }
      return { status: response.status, body: parsed, headers: response.headers }
    },
    expectValidResponses() {
      expect(problems).toEqual([])
    },
    async close() {
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * `it`/`test` with a `server` fixture scoped to the file: one server serves all tests of a file (they
 * may build on each other's writes), and is checked and closed after the file's last test and hooks.
 * `env` adds configuration (e.g. the test-only SEARCH_TASK_DELAY_MS).
 */
export const testWithEnv = (env: Record<string, string>) =>
  baseTest.extend(
    'server',
    { scope: 'file' },
    // biome-ignore lint/correctness/noEmptyPattern: Vitest fixtures destructure their dependencies
    async ({}, { onCleanup }): Promise<SearchServer> => {
      const server = await startSearchServer(env)
      onCleanup(async () => {
        try {
          server.expectValidResponses()
        } finally {
          await server.close()
        }
      })
      return server
    },
  )

export const it = testWithEnv({})
