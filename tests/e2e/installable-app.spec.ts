// The installed app: Chromium's installability check passes, the service worker keeps the whole
// build after the first visit (never before the page's first hits), the app opens without a
// network, and a new version is announced and taken only when the user asks.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import type { BrowserContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

test.use({ serviceWorkers: 'allow' })

const DIST_ASSETS = new URL('../../dist/assets/', import.meta.url)
const WORKER_FILES = ['sw.js', 'sw.js.br', 'sw.js.gz'].map(
  (name) => new URL(`../../dist/${name}`, import.meta.url),
)

/**
 * Deploys "the next build" while `during` runs: the same worker with other bytes (what a rebuild
 * with any changed file gives), compressed as the build compresses it; the files are put back after.
 * No other spec sees it: they all block service workers.
 */
async function withNextBuild(during: () => Promise<void>): Promise<void> {
  const saved = WORKER_FILES.map((file) => readFileSync(file))
  const next = Buffer.from(`${saved[0]?.toString('utf8')}\n// the next build\n`)
  writeFileSync(WORKER_FILES[0]!, next)
  writeFileSync(WORKER_FILES[1]!, brotliCompressSync(next))
  writeFileSync(WORKER_FILES[2]!, gzipSync(next))
  try {
    await during()
  } finally {
    for (const [index, file] of WORKER_FILES.entries()) writeFileSync(file, saved[index]!)
  }
}

/** Waits until the app's worker is active and controls the page. */
async function controlled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 20_000 })
    .toBe('activated')
}

/** The paths in the app's cache of the current version. */
function keptPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('bahnhofsfinder-app-'))
    if (!name) return []
    const requests = await (await caches.open(name)).keys()
    return requests.map((request) => new URL(request.url).pathname)
  })
}

async function firstVisit(page: Page, context: BrowserContext, path: string) {
  const requested: Array<{ url: string; at: number }> = []
  context.on('request', (request) => requested.push({ url: request.url(), at: Date.now() }))
  let loadedAt = Number.POSITIVE_INFINITY
  page.once('load', () => {
    loadedAt = Date.now()
  })
  await page.goto(path)
  return { requested, loadedAt: () => loadedAt }
}

test('the whole build is kept after the first visit, never before its first hits', async ({
  page,
  context,
}) => {
  const visit = await firstVisit(page, context, '/suche?q=k%C3%B6ln')
  await expect(page.getByRole('link', { name: 'Köln Hbf' }).first()).toBeVisible()
  await controlled(page)

  // Nothing of the worker before the page's load (its hits are in the page's HTML).
  const worker = visit.requested.find((request) => new URL(request.url).pathname === '/sw.js')
  expect(worker, 'the worker script was requested').toBeDefined()
  expect(worker!.at).toBeGreaterThanOrEqual(visit.loadedAt())

  // Every script and style sheet of the build (every page's code), the shell and the icons.
  const kept = await keptPaths(page)
  const built = readdirSync(DIST_ASSETS).filter((file) => /\.(js|css)$/.test(file))
  expect(built.length).toBeGreaterThan(10)
  for (const file of built) expect(kept, file).toContain(`/assets/${file}`)
  expect(kept).toEqual(
    expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/icons/icon-512.png']),
  )
})

test('without a network the app still opens, and it says why a search cannot be answered', async ({
  page,
  context,
}) => {
  await page.goto('/')
  await controlled(page)
  await context.setOffline(true)
  try {
    // A page never visited, reloaded offline: the kept shell boots the app with the kept configuration.
    await page.goto('/suche?q=berlin')
    await expect(page.getByRole('searchbox').first()).toHaveValue('berlin')
    const error = page.getByRole('alert').filter({ hasText: 'Die Suche hat nicht funktioniert' })
    await expect(error).toContainText('Sobald die Verbindung zurück ist')
  } finally {
    await context.setOffline(false)
  }
  // Back online the search runs again by itself.
  await expect(page.getByRole('link', { name: 'Berlin Hauptbahnhof' }).first()).toBeVisible({
    timeout: 10_000,
  })
})

test('offline, an English page opens in English from the kept build', async ({ page, context }) => {
  await page.goto('/en')
  await controlled(page)
  await context.setOffline(true)
  try {
    // The kept shell is German's; the app gives it the page's language and loads the kept English words.
    await page.goto('/en/suche?q=berlin')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Station search')
    const error = page.getByRole('alert').filter({ hasText: 'The search did not work' })
    await expect(error).toContainText('As soon as the connection is back')
  } finally {
    await context.setOffline(false)
  }
})

test('a new version is announced and taken only when asked: "Neu laden" reloads under it', async ({
  page,
}) => {
  await page.goto('/')
  await controlled(page)
  await page.evaluate(() => {
    ;(window as unknown as { beforeUpdate: boolean }).beforeUpdate = true
  })
  await withNextBuild(async () => {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      await registration?.update()
    })
  })
  const notice = page.getByRole('status').filter({ hasText: 'Neue Version verfügbar' })
  await expect(notice).toBeVisible({ timeout: 20_000 })
  // Until the user agrees, the page stays as it is under the old version.
  expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true)
  const reloaded = page.waitForEvent('load')
  await notice.getByRole('button', { name: 'Neu laden' }).click()
  await reloaded
  expect(
    await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate),
  ).toBeUndefined()
  await expect(notice).toHaveCount(0)
  await controlled(page)
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      return { waiting: registration?.waiting ?? null, active: registration?.active?.state }
    }),
  ).toEqual({ waiting: null, active: 'activated' })
})

test('Chromium finds the app installable in both languages: manifest, icons and worker', async ({
  playwright,
  baseURL,
}) => {
  // Chromium does not offer to install from a private window, which every test context is: a
  // browser with a profile of its own (removed when closed).
  const launchOptions = test.info().project.use.launchOptions ?? {}
  const context = await playwright.chromium.launchPersistentContext('', {
    ...launchOptions,
    baseURL,
    locale: 'de-DE',
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/')
    await controlled(page)
    const cdp = await context.newCDPSession(page)
    const manifest = await cdp.send('Page.getAppManifest')
    expect(manifest.errors).toEqual([])
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
      name: 'Bahnhofsfinder',
      lang: 'de',
      display: 'standalone',
      start_url: '/',
      theme_color: '#0b3d6e',
    })
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
    // English pages offer the English app: its own name for the launcher, start page and shortcuts.
    await page.goto('/en')
    const english = await cdp.send('Page.getAppManifest')
    expect(english.errors).toEqual([])
    expect(JSON.parse(english.data ?? '{}')).toMatchObject({
      lang: 'en',
      start_url: '/en',
      short_name: 'Stations',
    })
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([])
  } finally {
    await context.close()
  }
})
