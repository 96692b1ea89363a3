// What the app says offline is what is true: a page reloaded without a network says that its search
// comes from the copy on the device while that copy loads (not that the search is slow).
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

test.use({ offlineCopy: true, serviceWorkers: 'allow' })

const OFFLINE_CACHE = 'bahnhofsfinder-offline-v1'
/** How long a page may take to build the device's engines from the copy (offline-search.spec.ts). */
const ENGINE_BUILD_MS = 45_000

/** Waits until the app's worker controls the page and the device holds the index's copy. */
async function readyForOffline(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 20_000 })
    .toBe('activated')
  await expect
    .poll(
      () =>
        page.evaluate(async (name) => {
          const cache = await caches.open(name)
          const kept = (await cache.keys())[0]
          return kept ? (await cache.match(kept))?.headers.get('x-snapshot-version') : null
        }, OFFLINE_CACHE),
      { timeout: 20_000 },
    )
    .toMatch(/^"[\w-]{22}"$/)
}

/** Every text the search status showed, noted in the page as it changed (from the page's start). */
async function noteSearchStatus(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = []
    Object.assign(window, { shownSearchStatus: shown })
    new MutationObserver(() => {
      const text = document.querySelector('.search-stalled')?.textContent?.trim() ?? ''
      if (text && text !== shown.at(-1)) shown.push(text)
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
}

const shownSearchStatus = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownSearchStatus: string[] }).shownSearchStatus)

for (const viewport of [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a search reloaded offline says that the copy on the device is loading, not that the search is slow (${viewport.width}×${viewport.height})`, async ({
    page,
    context,
    search,
  }) => {
    // A reload offline builds the device's engines from the copy before the first answer (1–2 s
    // alone here: the search stalls meanwhile; over 10 s beside other browsers on two busy cores).
    // Not slowed by CPU throttling: a second CDP session makes Chromium forget, for the reloaded
    // page, that it is offline (navigator.onLine true).
    test.slow()
    await page.setViewportSize(viewport)
    await noteSearchStatus(page)
    await page.goto('/suche?q=dresden')
    await expect(search.hits.first().getByRole('heading')).toHaveText('Dresden Hbf')
    await readyForOffline(page)

    await context.setOffline(true)
    try {
      await page.reload()
      const loading = page
        .getByRole('status')
        .filter({ hasText: 'Offline – Suche wird aus der Kopie auf diesem Gerät geladen …' })
      await expect(loading).toBeVisible({ timeout: ENGINE_BUILD_MS })
      await expect(search.hits.first().getByRole('heading')).toHaveText('Dresden Hbf', {
        timeout: ENGINE_BUILD_MS,
      })
      await expect(loading).toHaveCount(0)
      expect(await shownSearchStatus(page)).not.toContainEqual(
        expect.stringContaining('Die Suche dauert länger als gewohnt'),
      )
    } finally {
      await context.setOffline(false)
    }
  })
}
