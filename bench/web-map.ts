// The map's part of `npm run bench:web`: chunk sizes, the JavaScript needed before the first hits,
// long tasks while panning and zooming over all 5,388 stations, the cluster layer's update after a
// refinement. Measures, never asserts.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, Page } from 'playwright-core'

export const MAP_TARGETS = { jsBeforeHitsGzipBytes: 170 * 1024, longTaskMs: 50, clusterUpdateMs: 16.7 }
const WIDE = { width: 1400, height: 900 }

export interface ChunkSize {
  file: string
  rawBytes: number
  gzipBytes: number
}

/** Every built asset a browser may load (JS, CSS, the basemap data), gzip as served over the wire. */
export async function chunkSizes(distDir = 'dist'): Promise<ChunkSize[]> {
  const dir = join(distDir, 'assets')
  const files = (await readdir(dir)).filter((file) => /\.(js|css|topojson)$/.test(file))
  const sizes = await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(join(dir, file))
      return { file, rawBytes: bytes.length, gzipBytes: gzipSync(bytes).length }
    }),
  )
  return sizes.sort((a, b) => b.gzipBytes - a.gzipBytes)
}

async function waitForMapPoints(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Karte der Treffer' }).waitFor()
  await page.locator('.cluster-marker').first().waitFor()
}

/** Scripts that had arrived when the first hit was in the DOM, and those that came later. */
export async function jsBeforeFirstHits(browser: Browser, url: string, sizes: ChunkSize[]) {
  const context = await browser.newContext({ viewport: WIDE })
  const page = await context.newPage()
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      if (document.querySelector('.ais-Hits-item')) {
        window.benchFirstHitsAt = performance.now()
        observer.disconnect()
      }
    }).observe(document, { subtree: true, childList: true })
  })
  await page.goto(`${url}/suche`)
  await waitForMapPoints(page)
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter(
        (entry) =>
          (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'),
      )
      .map((entry) => ({
        name: new URL(entry.name).pathname,
        end: (entry as PerformanceResourceTiming).responseEnd,
      })),
  )
  const firstHitsAt = await page.evaluate(() => window.benchFirstHitsAt ?? Number.NaN)
  await context.close()
  const gzipOf = (path: string) => sizes.find((size) => path.endsWith(size.file))?.gzipBytes ?? 0
  const before = scripts.filter((script) => script.end <= firstHitsAt)
  const after = scripts.filter((script) => script.end > firstHitsAt)
  return {
    firstHitsAtMs: Math.round(firstHitsAt),
    before: before.map((script) => script.name),
    beforeGzipBytes: before.reduce((sum, script) => sum + gzipOf(script.name), 0),
    after: after.map((script) => script.name),
    afterGzipBytes: after.reduce((sum, script) => sum + gzipOf(script.name), 0),
  }
}

interface TraceEvent {
  name: string
  ph: string
  dur?: number
  pid: number
  tid: number
  args?: { name?: string }
}

/** Long tasks on the page's main thread while the user pans and zooms across Germany. */
export async function panAndZoom(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: WIDE })
  const page = await context.newPage()
  await page.goto(`${url}/suche`)
  await waitForMapPoints(page)
  // The map only: with "search as the map moves" each pan would also start a search.
  await page.getByRole('checkbox', { name: 'Beim Verschieben der Karte suchen' }).uncheck()
  const map = page.getByRole('region', { name: 'Karte der Treffer' })
  const box = (await map.boundingBox())!
  const center = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  })
  const drag = async (dx: number, dy: number) => {
    await page.mouse.move(center.x, center.y)
    await page.mouse.down()
    await page.mouse.move(center.x + dx, center.y + dy, { steps: 12 })
    await page.mouse.up()
    await page.waitForTimeout(350)
  }
  for (const [dx, dy] of [
    [250, 0],
    [-250, 150],
    [0, -300],
    [-200, 200],
    [200, -50],
  ]) {
    await drag(dx!, dy!)
  }
  for (const delta of [-300, -300, -300, 300, 300, 300, -300, 300]) {
    await page.mouse.move(center.x, center.y)
    await page.mouse.wheel(0, delta)
    await page.waitForTimeout(450)
  }
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
  await context.close()
  const main = trace.traceEvents.find(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  )
  const tasks = trace.traceEvents.filter(
    (event) =>
      event.ph === 'X' &&
      event.name === 'RunTask' &&
      (!main || (event.pid === main.pid && event.tid === main.tid)) &&
      typeof event.dur === 'number',
  )
  const durations = tasks.map((event) => (event.dur ?? 0) / 1000)
  return {
    tasks: durations.length,
    longestMs: Math.round(Math.max(0, ...durations) * 10) / 10,
    over50Ms: durations.filter((ms) => ms > MAP_TARGETS.longTaskMs).length,
  }
}

/**
 * The cluster layer's main-thread work for a refined result (handing the points to the clustering
 * worker + the first draw), after choosing a Bundesland; and the worker's indexing time beside it.
 */
export async function clusterUpdate(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: WIDE })
  const page = await context.newPage()
  await page.goto(`${url}/suche`)
  await waitForMapPoints(page)
  const samples: Array<{ state: string; updateMs: number; drawMs: number; workerMs: number }> = []
  // Each action's update is awaited before the next action, so that no late answer is counted twice.
  const measure = async (state: string, action: () => Promise<void>) => {
    await page.evaluate(() => performance.clearMeasures())
    await action()
    await page.waitForFunction(() => performance.getEntriesByName('cluster-update').length > 0)
    await page.waitForFunction(() => performance.getEntriesByName('cluster-index').length > 0)
    const [update, draw, worker] = await page.evaluate(() => [
      performance.getEntriesByName('cluster-update').at(-1)?.duration ?? Number.NaN,
      performance.getEntriesByName('cluster-draw').at(-1)?.duration ?? Number.NaN,
      performance.getEntriesByName('cluster-index').at(-1)?.duration ?? Number.NaN,
    ])
    const round = (ms: number | undefined) => Math.round((ms ?? Number.NaN) * 10) / 10
    samples.push({ state, updateMs: round(update), drawMs: round(draw), workerMs: round(worker) })
  }
  for (const state of ['Bayern', 'Nordrhein-Westfalen', 'Sachsen']) {
    const checkbox = page.getByRole('checkbox', { name: new RegExp(`^${state}`) }).first()
    await measure(state, () => checkbox.check())
    await measure('alle 5.388', () => checkbox.uncheck())
  }
  await context.close()
  return {
    samples,
    maxUpdateMs: Math.max(...samples.map((sample) => sample.updateMs)),
    maxWorkerMs: Math.max(...samples.map((sample) => sample.workerMs)),
  }
}
