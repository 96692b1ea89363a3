// The server renderer with a renderer of the test's own (the shape of dist-ssr/entry-server.js): the
// page's requests to our own services reach our routes, a renderer that fails costs a page its
// content and never the server, and pages past the few being rendered at once wait in turn, within
// bounds, or go out as shells. The renderer runs in a thread of its own: a render that holds its
// event loop, crashes its thread or never ends holds no search and costs only its page.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect } from 'vitest'
import { it } from '../../tests/helpers/app-fixture.ts'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'

/** A serving process renders 2 pages at once; 16 more wait their turn, each at most 3 s. */
const MAX_RENDERS_AT_ONCE = 2
const MAX_RENDERS_WAITING = 16
const RENDER_WAIT_MS = 3000

/** A render that never ends is given up after this long, and its thread replaced. */
const RENDER_TIME_LIMIT_MS = 6000

/**
 * Asks /healthz through the page's fetch and writes its answer; `/?wait=<ms>` then waits that long
 * (a page whose data is slow to come), `/?fail` throws, `/?busy=<ms>` holds its event loop that
 * long first, `/?crash` ends its thread, `/?hang` never ends. Loading it marks the global object.
 */
const RENDERER = `
globalThis.testRendererLoaded = true
export async function prepareRender() {}
export function pageModules() { return [] }
export async function renderPage({ url, origin, fetch }) {
  const query = new URL(url, origin).searchParams
  if (query.has('fail')) throw new Error('renderer failed on purpose')
  if (query.has('crash')) process.exit(3)
  if (query.has('hang')) for (;;) {}
  const busyUntil = Date.now() + Number(query.get('busy') ?? 0)
  while (Date.now() < busyUntil) {}
  const health = await fetch(origin + '/healthz')
  await new Promise((resolve) => setTimeout(resolve, Number(query.get('wait') ?? 0)))
  return { html: '<p id="rendered">status ' + health.status + ' ' + (await health.text()) + '</p>', data: '{}', errors: [] }
}
`

const ROOT = '<div id="root"></div>'

/** Pages rendered and their threads' CPU time, as /metrics reports them. */
function renderMetrics(app: Awaited<ReturnType<typeof buildApp>>) {
  const text = app.context.metrics.render()
  const value = (name: string) => Number(new RegExp(`^bahnhofsfinder_${name} (\\S+)$`, 'm').exec(text)?.[1])
  return { renders: value('page_renders_total'), cpuSeconds: value('page_render_cpu_seconds_total') }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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

describe('the render thread', () => {
  it(
    'holds no search while it renders, is replaced when it crashes or hangs, and loads the renderer alone',
    async ({ dataDir, distDir, onTestFinished }) => {
      const rendererEntry = join(distDir, 'thread-renderer.mjs')
      writeFileSync(rendererEntry, RENDERER)
      const app = await buildApp(loadConfig({ DATA_DIR: dataDir }), { logger: false, distDir, rendererEntry })
      onTestFinished(() => app.close())
      await app.context.warmUp()
      expect((await app.inject('/')).body).toContain('<p id="rendered">')

      // A render holding its event loop for 3 s: this process's loop turns all the while (a timer
      // every 50 ms, ~60 times; on the loop that renders, once or twice), /healthz is answered.
      let turns = 0
      let healthy = 0
      const ticking = setInterval(() => {
        turns += 1
        void app.inject('/healthz').then((response) => {
          if (response.statusCode === 200) healthy += 1
        })
      }, 50)
      const before = renderMetrics(app)
      const busy = await app.inject('/?busy=3000')
      clearInterval(ticking)
      expect(busy.body).toContain('<p id="rendered">')
      expect(turns).toBeGreaterThan(20)
      expect(healthy).toBeGreaterThan(10)
      // The metrics count the page and the CPU time its thread spun for it.
      const after = renderMetrics(app)
      expect(after.renders).toBe(before.renders + 1)
      expect(after.cpuSeconds).toBeGreaterThan(before.cpuSeconds)

      // The renderer was never loaded by the serving process itself.
      expect((globalThis as { testRendererLoaded?: boolean }).testRendererLoaded).toBeUndefined()

      // A thread that crashes: its page is a shell, and a new thread renders the pages after it.
      const crashed = await app.inject('/?crash')
      expect(crashed.statusCode).toBe(200)
      expect(crashed.body).toContain(ROOT)
      expect(await renderedWithin(app, 5000)).toBe(true)

      // A render that never ends: a shell once its time is up, then a new thread.
      const hung = await app.inject('/?hang')
      expect(hung.statusCode).toBe(200)
      expect(hung.body).toContain(ROOT)
      expect(await renderedWithin(app, 5000)).toBe(true)
      // The threads that ended keep their share: the counters never go back.
      const replaced = renderMetrics(app)
      expect(replaced.renders).toBeGreaterThan(after.renders)
      expect(replaced.cpuSeconds).toBeGreaterThan(after.cpuSeconds)
    },
    4 * RENDER_TIME_LIMIT_MS,
  )
})

/** The niceness of each thread of this process (Linux), by thread id. */
function threadNiceness(): Map<number, number> {
  const niceness = new Map<number, number>()
  for (const task of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8')
      // Fields after the command in parentheses: state is the 3rd field, nice the 19th.
      niceness.set(Number(task), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]))
    } catch {
      // the thread ended meanwhile
    }
  }
  return niceness
}

describe("the render thread's priority", () => {
  it.runIf(process.platform === 'linux')(
    'is lowered to nice 10 for the render thread alone: searches get the cores first',
    async ({ dataDir, distDir, onTestFinished }) => {
      const rendererEntry = join(distDir, 'thread-renderer.mjs')
      writeFileSync(rendererEntry, RENDERER)
      const before = threadNiceness()
      const app = await buildApp(loadConfig({ DATA_DIR: dataDir }), { logger: false, distDir, rendererEntry })
      onTestFinished(() => app.close())
      await app.context.warmUp()
      expect((await app.inject('/')).body).toContain('<p id="rendered">')
      const started = [...threadNiceness()].filter(([id]) => !before.has(id))
      expect(started.filter(([, nice]) => nice === 10)).toHaveLength(1)
      // The process's own thread keeps its priority.
      expect(threadNiceness().get(process.pid)).toBe(before.get(process.pid))
    },
  )
})

/** Whether a page is rendered again within `ms` (a thread that ended is replaced after a pause). */
async function renderedWithin(app: Awaited<ReturnType<typeof buildApp>>, ms: number): Promise<boolean> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if ((await app.inject('/')).body.includes('<p id="rendered">')) return true
    await sleep(200)
  }
  return false
}
