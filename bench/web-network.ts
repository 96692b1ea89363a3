// The web app on a traveller's network: Chromium's Fast 3G and Slow 3G profiles through CDP (cache
// off, a fresh context per run, median of RUNS), what a visitor waits for and what jumps. Every time
// is taken inside the page, from navigation start (performance.now()), under the same throttling:
// "visible" is when the first hit (or heading) was first painted, by the Element Timing API (the
// bench marks the element's subtree with `elementtiming` as the parser inserts it, before any paint).
import type { Browser, CDPSession, Page } from 'playwright-core'

const RUNS = 5

/** Chromium DevTools' presets (bytes per second, ms of latency added to each request). */
const NETWORKS = {
  'Fast 3G': {
    latency: 562.5,
    downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
    uploadThroughput: (750 * 1024 * 0.9) / 8,
  },
  'Slow 3G': {
    latency: 2000,
    downloadThroughput: (500 * 1024 * 0.8) / 8,
    uploadThroughput: (500 * 1024 * 0.8) / 8,
  },
} as const
type NetworkName = keyof typeof NETWORKS

export const NETWORK_TARGETS = {
  /** The first hit visible on a phone (390×844, 4× CPU). */
  firstHitFast3gMs: 1500,
  firstHitSlow3gMs: 4000,
  stationLcpSlow3gMs: 4000,
  bytesBeforeFirstHit: 200 * 1024,
  jsBeforeFirstHit: 170 * 1024,
  cls: 0.02,
}

export interface PageLoad {
  /** When the first hit (or, without hits, the page's main heading) was in the DOM, ms after navigation start. */
  firstContentMs: number
  /** When it was first painted (Element Timing), ms after navigation start. */
  visibleMs: number
  /** When the page's HTML had arrived whole (the navigation's responseEnd), and the first contentful paint. */
  htmlMs: number
  fcpMs: number
  lcpMs: number
  cls: number
  /** Bytes on the wire (compressed, headers included) of the requests made until then, and of them JavaScript. */
  bytesBefore: number
  jsBytesBefore: number
}

declare global {
  interface Window {
    benchContentAt?: number
    benchVisibleAt?: number
    benchShifts?: number
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

async function loadOnce(
  browser: Browser,
  url: string,
  options: {
    network?: NetworkName
    cpu?: number
    viewport: { width: number; height: number }
    selector: string
  },
): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: options.viewport, locale: 'de-DE' })
  const page = await context.newPage()
  await page.addInitScript((selector) => {
    window.benchShifts = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >)
        if (!entry.hadRecentInput) window.benchShifts = (window.benchShifts ?? 0) + entry.value
    }).observe({ type: 'layout-shift', buffered: true })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { identifier: string; renderTime: number }
      >)
        if (entry.identifier === 'bench-content') window.benchVisibleAt ??= entry.renderTime
    }).observe({ type: 'element', buffered: true })
    const check = () => {
      const content = document.querySelector(selector)
      if (!content) return
      window.benchContentAt ??= performance.now()
      // Text is timed on the element that holds it: every element of the subtree is marked.
      for (const element of [content, ...content.querySelectorAll('*')])
        if (!element.hasAttribute('elementtiming')) element.setAttribute('elementtiming', 'bench-content')
    }
    new MutationObserver(check).observe(document, { subtree: true, childList: true })
    document.addEventListener('DOMContentLoaded', check)
  }, options.selector)
  const cdp: CDPSession = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  if (options.network) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORKS[options.network] })
  }
  if (options.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpu })
  const types = new Map<string, string>()
  const finished: Array<{ at: number; bytes: number; js: boolean; page: boolean }> = []
  let navigationStart = Number.NaN
  cdp.on('Network.requestWillBeSent', (event) => {
    if (Number.isNaN(navigationStart)) navigationStart = event.timestamp
  })
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type))
  cdp.on('Network.loadingFinished', (event) => {
    const type = types.get(event.requestId)
    finished.push({
      at: event.timestamp,
      bytes: event.encodedDataLength,
      js: type === 'Script',
      page: type === 'Document',
    })
  })
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForFunction(() => window.benchVisibleAt !== undefined, undefined, { timeout: 120_000 })
  await settle(page)
  await page.waitForTimeout(200)
  const result = await page.evaluate(
    () =>
      new Promise<{
        content: number
        visible: number
        html: number
        fcp: number
        lcp: number
        cls: number
        origin: number
      }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries()
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
          resolve({
            content: window.benchContentAt ?? Number.NaN,
            visible: window.benchVisibleAt ?? Number.NaN,
            html: navigation.responseEnd,
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
            lcp: entries[entries.length - 1]?.startTime ?? Number.NaN,
            cls: window.benchShifts ?? 0,
            origin: performance.timeOrigin,
          })
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      }),
  )
  // CDP timestamps are seconds on a monotonic clock that starts with the first request. The page's
  // own HTML counts whole: its first hit is in it, though the rest of it may still be arriving.
  const before = finished.filter(
    (entry) => entry.page || (entry.at - navigationStart) * 1000 <= result.content,
  )
  await context.close()
  return {
    firstContentMs: result.content,
    visibleMs: result.visible,
    htmlMs: result.html,
    fcpMs: result.fcp,
    lcpMs: result.lcp,
    cls: result.cls,
    bytesBefore: before.reduce((sum, entry) => sum + entry.bytes, 0),
    jsBytesBefore: before.filter((entry) => entry.js).reduce((sum, entry) => sum + entry.bytes, 0),
  }
}

/** Until the late parts (notices, map, recommendations) had their chance to move things. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load', { timeout: 120_000 })
  await page.waitForTimeout(1500)
}

export interface NetworkCase {
  label: string
  path: string
  network?: NetworkName
  cpu?: number
  phone?: boolean
  /** What counts as "there": the first hit on /suche, the page heading elsewhere. */
  selector: string
}

export const NETWORK_CASES: NetworkCase[] = [
  {
    label: '/suche?q=köln, Fast 3G, phone 4× CPU',
    path: '/suche?q=k%C3%B6ln',
    network: 'Fast 3G',
    cpu: 4,
    phone: true,
    selector: '.ais-Hits-item',
  },
  {
    label: '/suche?q=köln, Slow 3G, phone 4× CPU',
    path: '/suche?q=k%C3%B6ln',
    network: 'Slow 3G',
    cpu: 4,
    phone: true,
    selector: '.ais-Hits-item',
  },
  {
    // A fast network and a slow phone: the app's script arrives before the first paint could.
    label: '/suche?q=köln, phone 4× CPU',
    path: '/suche?q=k%C3%B6ln',
    cpu: 4,
    phone: true,
    selector: '.ais-Hits-item',
  },
  {
    label: 'Köln Hbf, Slow 3G, phone 4× CPU',
    path: '/bahnhof/8000207',
    network: 'Slow 3G',
    cpu: 4,
    phone: true,
    selector: 'h1#bahnhof-name',
  },
  { label: 'München Hbf, unthrottled', path: '/bahnhof/8000261', selector: 'h1#bahnhof-name' },
  { label: 'start page, unthrottled', path: '/', selector: 'h1' },
  { label: '/meldungen, unthrottled', path: '/meldungen', selector: 'h1' },
]

export async function measureNetworkCase(browser: Browser, baseUrl: string, testCase: NetworkCase) {
  const loads: PageLoad[] = []
  for (let run = 0; run < RUNS; run += 1) {
    loads.push(
      await loadOnce(browser, `${baseUrl}${testCase.path}`, {
        ...(testCase.network ? { network: testCase.network } : {}),
        ...(testCase.cpu ? { cpu: testCase.cpu } : {}),
        viewport: testCase.phone ? { width: 390, height: 844 } : { width: 1400, height: 900 },
        selector: testCase.selector,
      }),
    )
  }
  return {
    ...testCase,
    firstContentMs: median(loads.map((load) => load.firstContentMs)),
    visibleMs: median(loads.map((load) => load.visibleMs)),
    visibleRuns: loads.map((load) => Math.round(load.visibleMs)),
    htmlMs: median(loads.map((load) => load.htmlMs)),
    fcpMs: median(loads.map((load) => load.fcpMs)),
    lcpMs: median(loads.map((load) => load.lcpMs)),
    cls: median(loads.map((load) => load.cls)),
    worstCls: Math.max(...loads.map((load) => load.cls)),
    bytesBefore: median(loads.map((load) => load.bytesBefore)),
    jsBytesBefore: median(loads.map((load) => load.jsBytesBefore)),
  }
}
