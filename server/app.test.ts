import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'

let dataDir: string
let distDir: string
let app: FastifyInstance

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bf-app-'))
  distDir = mkdtempSync(join(tmpdir(), 'bf-dist-'))
  mkdirSync(join(distDir, 'assets'))
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Bahnhofsfinder</title>')
  writeFileSync(join(distDir, 'assets', 'main-abc123.js'), 'console.log(1)')
  app = await buildApp(loadConfig({ DATA_DIR: dataDir }), { logger: false, distDir })
})
afterAll(async () => {
  await app.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(distDir, { recursive: true, force: true })
})

describe('health and start-up', () => {
  it('answers 503 until the store is loaded, then 200 ok', async () => {
    const before = await app.inject('/healthz')
    expect(before.statusCode).toBe(503)
    await app.context.warmUp()
    const after = await app.inject('/healthz')
    expect(after.statusCode).toBe(200)
    expect(after.json()).toEqual({ status: 'ok' })
    // An empty DATA_DIR was filled by the start-up import.
    expect(app.context.store.getIndex('stations')?.entries).toBe(5388)
  })
})

describe('GET /config.json', () => {
  it('gives the web app the search-only key and this origin, never the admin key', async () => {
    const response = await app.inject({ url: '/config.json', headers: { host: 'bahnhof.example:8080' } })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    const { credentials } = app.context
    expect(body.search).toEqual({
      appId: 'bahnhofsfinder',
      apiKey: credentials.searchKey,
      indexName: 'stations',
      hosts: [{ url: 'bahnhof.example:8080', protocol: 'http' }],
      insightsHost: 'http://bahnhof.example:8080',
    })
    expect(body.content).toEqual({ url: 'http://bahnhof.example:8080/graphql', token: null })
    expect(response.body).not.toContain(credentials.adminKey)
  })

  it('points the web app at Algolia when an external application is configured', async () => {
    const algolia = await buildApp(
      loadConfig({
        DATA_DIR: dataDir,
        PUBLIC_SEARCH_APP_ID: 'LATENCY',
        PUBLIC_SEARCH_API_KEY: '6be0576ff61c053d5f9a3225e2a90f76',
        PUBLIC_CONTENT_URL: 'https://graphql.contentful.com/content/v1/spaces/abc/environments/master',
        PUBLIC_CONTENT_TOKEN: 'delivery-token',
      }),
      { logger: false, distDir },
    )
    const body = (await algolia.inject('/config.json')).json()
    expect(body.search).toEqual({
      appId: 'LATENCY',
      apiKey: '6be0576ff61c053d5f9a3225e2a90f76',
      indexName: 'stations',
      hosts: null,
      insightsHost: null,
    })
    expect(body.content).toEqual({
      url: 'https://graphql.contentful.com/content/v1/spaces/abc/environments/master',
      token: 'delivery-token',
    })
    await algolia.close()
  })
})

describe('credentials', () => {
  it('generates strong keys once and keeps them in DATA_DIR', () => {
    const { adminKey, searchKey } = app.context.credentials
    expect(adminKey).toMatch(/^[0-9a-f]{32}$/)
    expect(searchKey).toMatch(/^[0-9a-f]{32}$/)
    expect(adminKey).not.toBe(searchKey)
    const stored = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8'))
    expect(stored).toEqual({ adminKey, searchKey })
  })

  it('reuses the stored keys on the next start, and lets the environment override them', async () => {
    const again = await buildApp(loadConfig({ DATA_DIR: dataDir }), { logger: false, distDir })
    expect(again.context.credentials).toEqual(app.context.credentials)
    await again.close()
    const key = 'operator-chosen-key-0001'
    const overridden = await buildApp(loadConfig({ DATA_DIR: dataDir, SEARCH_API_KEY: key }), {
      logger: false,
      distDir,
    })
    expect(overridden.context.credentials.searchKey).toBe(key)
    await overridden.close()
  })
})

describe('web app', () => {
  it('serves index.html for client routes with a CSP that forbids inline scripts', async () => {
    const response = await app.inject('/suche?q=k%C3%B6ln')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
    expect(response.headers['cache-control']).toBe('no-cache')
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toMatch(/script-src 'self'(;|$)/)
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('caches hashed assets for a year', async () => {
    const response = await app.inject('/assets/main-abc123.js')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('answers 404 with the app for unknown pages and unknown stations', async () => {
    expect((await app.inject('/gibt-es-nicht')).statusCode).toBe(404)
    expect((await app.inject('/gibt-es-nicht')).body).toContain('Bahnhofsfinder')
    expect((await app.inject('/bahnhof/0000000')).statusCode).toBe(404)
    expect((await app.inject('/bahnhof/8011160')).statusCode).toBe(200)
  })

  it('answers 404 JSON for unknown files and API paths', async () => {
    const response = await app.inject('/assets/missing-000.js')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ status: 404 })
  })
})
