// The server renderer with a renderer of the test's own (the shape of dist-ssr/entry-server.js): the
// page's requests to our own services reach our routes, a renderer that fails costs a page its
// content and never the server, and pages past the few being rendered at once wait in turn, within bounds, or go out as shells.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect } from 'vitest'
import { it } from '../../tests/helpers/app-fixture.ts'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'

/** A serving process renders 2 pages at once; 16 more wait their turn, each at most 3 s. */
const MAX_RENDERS_AT_ONCE = 2
const MAX_RENDERS_WAITING = 16
const RENDER_WAIT_MS = 3000

/**
 * Asks /healthz through the page's fetch and writes its answer; `/?wait=<ms>` then waits that long
 * (a page whose data is slow to come), `/?fail` throws.
 */
const RENDERER = `
export async function prepareRender() {}
export function pageModules() { return [] }
export async function renderPage({ url, origin, fetch }) {
  const query = new URL(url, origin).searchParams
  if (query.has('fail')) throw new Error('renderer failed on purpose')
  const health = await fetch(origin + '/healthz')
  await new Promise((resolve) => setTimeout(resolve, Number(query.get('wait') ?? 0)))
  return { html: '<p id="rendered">status ' + health.status + ' ' + (await health.text()) + '</p>', data: '{}', errors: [] }
}
`

const ROOT = '<div id="root"></div>'

describe('pages rendered on the server', () => {
  it("render with the page's own requests answered by our routes; a failed render is a shell", async ({
    dataDir,
    distDir,
    onTestFinished,
  }) => {
    const rendererEntry = join(distDir, 'test-renderer.mjs')
    writeFileSync(rendererEntry, RENDERER)
    // Every page rendered: the renders at once are counted here, not pages sent from a kept copy.
    const config = loadConfig({ DATA_DIR: dataDir, PAGE_CACHE_MB: '0' })
    const app = await buildApp(config, { logger: false, distDir, rendererEntry })
    onTestFinished(() => app.close())
    await app.context.warmUp()

    const page = await app.inject('/')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<p id="rendered">status 200 {"status":"ok"}</p>')

    const failed = await app.inject('/?fail')
    expect(failed.statusCode).toBe(200)
    expect(failed.body).toContain(ROOT)
    expect((await app.inject('/')).body).toContain('<p id="rendered">')

    // Pages past those being rendered wait in turn and are rendered once a render ends.
    const slow = Array.from({ length: MAX_RENDERS_AT_ONCE }, () => app.inject('/?wait=600'))
    await new Promise((resolve) => setTimeout(resolve, 100))
    const waited = await app.inject('/')
    expect(waited.body).toContain('<p id="rendered">')
    for (const response of await Promise.all(slow)) expect(response.body).toContain('<p id="rendered">')

    // Past the queue a page goes out at once as its shell; past the wait, too.
    const long = `/?wait=${RENDER_WAIT_MS + 1500}`
    const holding = Array.from({ length: MAX_RENDERS_AT_ONCE + MAX_RENDERS_WAITING }, () => app.inject(long))
    await new Promise((resolve) => setTimeout(resolve, 100))
    const beyond = await app.inject('/')
    expect(beyond.statusCode).toBe(200)
    expect(beyond.body).toContain(ROOT)
    const answers = await Promise.all(holding)
    const rendered = answers.filter((response) => response.body.includes('<p id="rendered">'))
    // The two rendering and those whose wait ended before a render did: shells.
    expect(rendered).toHaveLength(MAX_RENDERS_AT_ONCE)
    expect((await app.inject('/')).body).toContain('<p id="rendered">')
  })
})
