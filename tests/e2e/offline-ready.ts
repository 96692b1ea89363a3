// The installed app ready to work offline: what the offline specs wait for before going offline.
import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/** The cache the app keeps the index's copy in (web/offline/snapshot-store.ts). */
const OFFLINE_CACHE = 'bahnhofsfinder-offline-v1'

/** Waits until the app's worker controls the page and the device holds the index's copy. */
export async function readyForOffline(page: Page): Promise<void> {
  // A page whose navigation began while the worker was activating is not claimed by it (Chromium
  // reserves the client before the document exists; seen in CI once in 311 tests): a traveller's
  // next page is controlled, and so is this one once loaded again.
  await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 20_000)),
    ]),
  )
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload()
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
