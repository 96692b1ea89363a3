// The server renderer with a renderer of the test's own (the shape of dist-ssr/entry-server.js): the
// page's requests to our own services reach our routes, a renderer that fails costs a page its
// content and never the server, and pages past the few being rendered at once go out as shells.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect } from 'vitest'
import { it } from '../../tests/helpers/app-fixture.ts'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { MAX_RENDERS_AT_ONCE } from './server-render.ts'

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
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir }), { logger: false, distDir, rendererEntry })
    onTestFinished(() => app.close())
    await app.context.warmUp()

    const page = await app.inject('/')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<p id="rendered">status 200 {"status":"ok"}</p>')

    const failed = await app.inject('/?fail')
    expect(failed.statusCode).toBe(200)
    expect(failed.body).toContain(ROOT)
    expect((await app.inject('/')).body).toContain('<p id="rendered">')

    // Pages past those being rendered go out at once as shells; once those are done, pages render again.
    const slow = Array.from({ length: MAX_RENDERS_AT_ONCE }, () => app.inject('/?wait=1500'))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const beyond = await app.inject('/')
    expect(beyond.statusCode).toBe(200)
    expect(beyond.body).toContain(ROOT)
    for (const response of await Promise.all(slow)) expect(response.body).toContain('<p id="rendered">')
    expect((await app.inject('/')).body).toContain('<p id="rendered">')
  })
})
