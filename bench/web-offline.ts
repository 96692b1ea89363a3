// bench:web, the app without a network: what the device keeps (the copy of the index as sent and
// as stored, the offline engine's code, the origin's whole storage) and how fast it answers offline
// on a phone's CPU (4× throttled: Chromium slows the whole renderer process, workers included).
// Two times: the worker's own (from a request's arrival to its answer: reading, searching, writing
// the JSON), and the page's (from posting the request to the answer's event, which waits behind
// whatever the page's main thread is doing, such as rendering the previous answer).
import { readdirSync, statSync } from 'node:fs'
import type { Browser } from 'playwright-core'

declare global {
  interface Window {
    benchOfflineTimes?: number[]
    benchOfflineHandled?: number[]
    benchOfflineKinds?: string[]
  }
}

const DIST_ASSETS = new URL('../dist/assets/', import.meta.url)
const WORDS = ['Hamburg', 'Altona', 'Stuttgart', 'Oberhausen', 'Magdeburg', 'Kempten', 'Leipzig']

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/** The offline worker's chunk as the server sends it (brotli) and raw. */
function workerCode(): { file: string; rawBytes: number; brBytes: number } {
  const file = readdirSync(DIST_ASSETS).find((name) => /^offline-worker-.*\.js$/.test(name))
  if (!file) throw new Error('no offline worker in dist/assets: run the build')
  const size = (name: string) => statSync(new URL(name, DIST_ASSETS)).size
  return { file, rawBytes: size(file), brBytes: size(`${file}.br`) }
}

export async function measureOffline(browser: Browser, url: string) {
  const context = await browser.newContext({ serviceWorkers: 'allow' })
  const page = await context.newPage()
  // Times each request the page hands to the offline worker, until its answer comes back.
  await page.addInitScript(() => {
    const Original = window.Worker
    const sent = new Map<number, number>()
    const kinds = new Map<number, string>()
    window.benchOfflineTimes = []
    window.benchOfflineHandled = []
    window.benchOfflineKinds = []
    window.Worker = class extends Original {
      constructor(script: string | URL, options?: WorkerOptions) {
        super(script, options)
        if (!String(script).includes('offline-worker')) return
        this.addEventListener('message', (event: MessageEvent<{ id?: number; handledMs?: number }>) => {
          const at = event.data.id === undefined ? undefined : sent.get(event.data.id)
          if (at === undefined) return
          window.benchOfflineTimes?.push(performance.now() - at)
          window.benchOfflineHandled?.push(event.data.handledMs ?? Number.NaN)
          window.benchOfflineKinds?.push(kinds.get(event.data.id!) ?? 'other')
        })
      }
      override postMessage(message: unknown, transfer?: unknown): void {
        const { type, id, request } = (message ?? {}) as {
          type?: string
          id?: number
          request?: { url: string }
        }
        if (type === 'answer' && id !== undefined) {
          sent.set(id, performance.now())
          // The results' searches (a multi-query), or the map's points for every match (single
          // searches of up to 1,000 hits each, several at once).
          const path = new URL(request?.url ?? '', location.href).pathname
          kinds.set(id, path.endsWith('/queries') ? 'search' : path.endsWith('/query') ? 'points' : 'other')
        }
        super.postMessage(message, transfer as Transferable[])
      }
    }
  })
  let snapshotWireBytes = 0
  page.on('requestfinished', async (request) => {
    if (!/\/offline\/1\/indexes\/[^/]+\/snapshot/.test(request.url())) return
    snapshotWireBytes = (await request.sizes()).responseBodySize
  })
  await page.goto(`${url}/suche?q=berlin`)
  await page.locator('.ais-Hits-item').first().waitFor()
  await page.waitForFunction(
    async () => {
      const cache = await caches.open('bahnhofsfinder-offline-v1')
      const controlled = navigator.serviceWorker.controller?.state === 'activated'
      return controlled && (await cache.keys()).length === 1
    },
    undefined,
    { timeout: 60_000, polling: 250 },
  )
  // The worker keeps the build once it is installed: wait until its cache is filled.
  await page.waitForTimeout(2000)
  const storage = await page.evaluate(async () => {
    const estimate = await navigator.storage.estimate()
    const cache = await caches.open('bahnhofsfinder-offline-v1')
    const kept = (await cache.keys())[0]
    const copy = kept ? await (await cache.match(kept))?.arrayBuffer() : undefined
    return { usage: estimate.usage ?? 0, copyBytes: copy?.byteLength ?? 0 }
  })

  await context.setOffline(true)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  const box = page.getByRole('searchbox', { name: 'Bahnhof suchen' })
  let answered = 0
  const waitForAnswers = async () => {
    await page.waitForFunction((count) => (window.benchOfflineTimes?.length ?? 0) > count, answered, {
      timeout: 30_000,
    })
    answered = await page.evaluate(() => window.benchOfflineTimes?.length ?? 0)
  }
  // First, typing as soon as the network has gone (the worker still builds and warms its engines),
  // then, after a pause, typing once it has settled.
  const typeWord = async (word: string) => {
    // The empty query was answered before: the client answers it from its own cache.
    await box.fill('')
    await page.waitForTimeout(300)
    answered = await page.evaluate(() => window.benchOfflineTimes?.length ?? 0)
    for (const letter of word) {
      await box.press(letter)
      await waitForAnswers()
    }
  }
  for (const word of WORDS.slice(0, 3)) await typeWord(word)
  const settledFrom = answered
  await page.waitForTimeout(5000)
  for (const word of WORDS.slice(3)) await typeWord(word)
  const times = await page.evaluate(() => window.benchOfflineTimes ?? [])
  const allHandled = await page.evaluate(() => window.benchOfflineHandled ?? [])
  const allKinds = await page.evaluate(() => window.benchOfflineKinds ?? [])
  // The first answer waited for the engines to be built from the copy.
  const early = allHandled.filter((_, n) => n >= 1 && n < settledFrom && allKinds[n] === 'search')
  const settledOf = (kind: string) => allHandled.filter((_, n) => n >= settledFrom && allKinds[n] === kind)
  const handled = settledOf('search')
  const points = settledOf('points')

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  await context.close()
  const [first = Number.NaN] = times
  const rest = times.slice(settledFrom)
  return {
    snapshotWireBytes,
    storage,
    worker: workerCode(),
    firstAnswerMs: first,
    samples: rest.length,
    p50Ms: percentile(handled, 50),
    p95Ms: percentile(handled, 95),
    maxMs: Math.max(...handled),
    pointsSamples: points.length,
    pointsP50Ms: percentile(points, 50),
    pointsP95Ms: percentile(points, 95),
    earlySamples: early.length,
    earlyP50Ms: percentile(early, 50),
    earlyP95Ms: percentile(early, 95),
    pageP50Ms: percentile(rest, 50),
    pageP95Ms: percentile(rest, 95),
  }
}
