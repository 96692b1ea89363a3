// What the app says offline is what is true: a page reloaded without a network says that its search
// comes from the copy on the device while that copy loads (not that the search is slow), a part
// the device has no copy of says that the device is offline (not that a service does not answer),
// and the notices are kept on the device, so that a station page and /meldungen show them offline
// after a reload, with the time they were received; without them, no counts that say "none".
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { readyForOffline } from './offline-ready.ts'

test.use({ offlineCopy: true, serviceWorkers: 'allow' })

const GRAPHQL = /\/graphql(\?|$)/
/** How long a page may take to build the device's engines from the copy (offline-search.spec.ts). */
const ENGINE_BUILD_MS = 45_000
/** The browser's clock: Dresden Hbf's notice ("Gleise 17 und 18 gesperrt", from 7 December) is upcoming. */
const VISIT = new Date('2026-11-28T14:05:00+01:00')
const DRESDEN_HBF = '/bahnhof/8010085'
const KEPT_NOTE = /^Gespeicherte Version · Stand: 28\. November 2026, 14:05 Uhr$/

/** The names of the content queries whose answers the browser keeps. */
function keptQueries(page: Page): Promise<Array<string | undefined>> {
  return page.evaluate(async () => {
    const kept = await (await caches.open('bahnhofsfinder-content-v1')).keys()
    return kept.map(
      (request) => /query (\w+)/.exec(new URL(request.url).searchParams.get('query') ?? '')?.[1],
    )
  })
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

test('offline after a reload, a station page and the notices page show the notices kept on the device', async ({
  page,
  context,
}) => {
  test.slow()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.clock.setFixedTime(VISIT)
  // One visit to the search: neither the station page nor /meldungen is opened online.
  await page.goto('/suche?q=dresden')
  await readyForOffline(page)
  await expect.poll(() => keptQueries(page), { timeout: 20_000 }).toContain('Notices')

  await context.setOffline(true)
  try {
    for (const load of [() => page.goto(DRESDEN_HBF), () => page.reload()]) {
      await load()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dresden Hbf', { timeout: 45_000 })
      const notices = page.getByRole('region', { name: 'Meldungen', exact: true })
      await expect(notices.getByRole('article')).toHaveCount(1)
      await expect(notices.getByRole('article')).toContainText('Gleise 17 und 18 gesperrt')
      await expect(notices.getByText(KEPT_NOTE)).toBeVisible()
      await expect(page.getByRole('alert')).toHaveCount(0)
    }

    await page.goto('/meldungen')
    const list = page.getByRole('region', { name: 'Liste der Meldungen' })
    await expect(list.getByRole('article').first()).toBeVisible()
    await expect(page.getByText(KEPT_NOTE)).toBeVisible()
    await expect(page.getByRole('radio', { name: /^Alle \(\d+\)$/ })).not.toHaveAccessibleName('Alle (0)')
    await expect(page.getByRole('alert')).toHaveCount(0)
  } finally {
    await context.setOffline(false)
  }
})

test('offline with no notices kept: the device says it is offline, counts nothing, and loads them once back online', async ({
  page,
  context,
}) => {
  test.slow()
  await page.setViewportSize({ width: 1400, height: 900 })
  await page.clock.setFixedTime(VISIT)
  // The content service cannot be reached during the visit: nothing of it is kept.
  await context.route(GRAPHQL, (route) => route.abort('connectionrefused'))
  await page.goto('/suche?q=dresden')
  await readyForOffline(page)

  await context.setOffline(true)
  let online = false
  try {
    await context.unroute(GRAPHQL)
    expect(await keptQueries(page)).toEqual([])
    await page.goto(DRESDEN_HBF)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dresden Hbf', { timeout: 45_000 })
    const notices = page.getByRole('region', { name: 'Meldungen', exact: true })
    await expect(notices.getByRole('alert')).toContainText('Ihr Gerät ist offline', { timeout: 15_000 })
    await expect(notices).not.toContainText('Inhaltsdienst')

    await page.goto('/meldungen')
    await expect(page.getByRole('alert')).toContainText('Ihr Gerät ist offline', { timeout: 15_000 })
    // No "(0)": the device does not know how many there are.
    for (const kind of ['Alle', 'Bauarbeiten', 'Aufzug', 'Information']) {
      await expect(page.getByRole('radio', { name: kind, exact: true })).toBeVisible()
    }
    await expect(page.getByText(/\(0\)/)).toHaveCount(0)

    // Back online, the notices come by themselves.
    await context.setOffline(false)
    online = true
    const list = page.getByRole('region', { name: 'Liste der Meldungen' })
    await expect(list.getByRole('article').first()).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(page.getByRole('radio', { name: /^Alle \(\d+\)$/ })).toBeVisible()
  } finally {
    if (!online) await context.setOffline(false)
  }
})
