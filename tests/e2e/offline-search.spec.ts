// The search in the traveller's pocket: after one visit the device keeps a copy of the index, and
// without a network the app answers from it with the server's own code: searches, refinements,
// station pages, "In meiner Nähe", even after a reload. A quiet notice says so and goes when the
// service answers again.
import type { Page, Request } from '@playwright/test'
import { EVENTS_URL, expect, QUERIES_URL, test } from './fixtures.ts'
import { readyForOffline } from './offline-ready.ts'

test.use({
  offlineCopy: true,
  serviceWorkers: 'allow',
  geolocation: { latitude: 50.9413, longitude: 6.9583 },
  permissions: ['geolocation'],
})

/** How long a page may take to build the device's engines from the copy before its first answer. */
const ENGINE_BUILD_MS = 45_000

interface SentEvent {
  eventType: string
  objectIDs?: string[]
  queryID?: string
  timestamp?: number
}

const eventsOf = (request: Request): SentEvent[] =>
  (JSON.parse(request.postData() ?? '{}') as { events?: SentEvent[] }).events ?? []

const offlineNotice = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline – Daten vom/ })

test('offline, the app searches, refines, opens stations and finds what is near from its own copy', async ({
  page,
  context,
  search,
}) => {
  // A whole offline journey: two builds of the device's engines, a reload, the replay once online
  // (12-15 s alone here, over 30 s beside another browser on two busy cores).
  test.slow()
  const sent: Request[] = []
  context.on('request', (request) => {
    if (request.method() === 'POST' && (EVENTS_URL.test(request.url()) || QUERIES_URL.test(request.url())))
      sent.push(request)
  })
  await page.goto('/suche?q=berlin')
  await expect(search.hits.first()).toContainText('Berlin')
  await readyForOffline(page)
  await expect(offlineNotice(page)).toHaveCount(0)

  let clickedAt = 0
  await context.setOffline(true)
  try {
    await search.searchBox.fill('köln')
    // The first answer waits for the device to build its engines from the copy (once per page):
    // 1-1.6 s alone here, over 15 s beside other browsers and tests on two cores.
    await expect(search.hits.first().getByRole('heading')).toHaveText('Köln Hbf', {
      timeout: ENGINE_BUILD_MS,
    })
    await expect(offlineNotice(page)).toHaveText(/^Offline – Daten vom \d{1,2}\. [A-Z][a-zä]+ \d{4}$/)
    const unrefined = await search.stats.textContent()

    // Refinements with their counts, from the device.
    const nrw = search.facet('Bundesland').getByRole('checkbox', { name: /Nordrhein-Westfalen/ })
    await nrw.check()
    await expect(nrw).toBeChecked()
    await expect(search.stats).not.toHaveText(unrefined ?? '')
    await expect(search.hits.first().getByRole('heading')).toHaveText('Köln Hbf')
    await expect(page.getByRole('alert').filter({ hasText: 'nicht funktioniert' })).toHaveCount(0)

    // A station page: its facts and hours from the copy. The click is an event for later.
    clickedAt = Date.now()
    await search.hits.first().getByRole('link').first().click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Köln Hbf')
    await expect(page.getByRole('heading', { name: 'Öffnungszeiten' })).toBeVisible()
    await expect(offlineNotice(page)).toBeVisible()

    // "In meiner Nähe" with the granted position, sorted by distance on the device.
    await page.goBack()
    await search.searchBox.fill('')
    await page.getByRole('button', { name: 'In meiner Nähe' }).click()
    await expect(search.hits.first().getByRole('heading')).toHaveText('Köln Hbf')
    await expect(search.hits.first()).toContainText(/\d+\sm entfernt/)

    // A reload without a network: the kept app and the kept index answer again. A new page builds
    // its engines from the copy again before its first answer (1–1.6 s alone here, 3–5.7 s beside
    // another browser), so it gets the same time as the first offline answer above.
    await page.goto('/suche?q=hamburg')
    await expect(search.hits.first().getByRole('heading')).toHaveText('Hamburg Hbf', {
      timeout: ENGINE_BUILD_MS,
    })
    await expect(offlineNotice(page)).toBeVisible()
  } finally {
    await context.setOffline(false)
  }
  // Back online, the service answers by itself and the notice goes.
  await expect(offlineNotice(page)).toHaveCount(0, { timeout: 10_000 })
  await expect(search.hits.first().getByRole('heading')).toHaveText('Hamburg Hbf')

  // The click made offline arrives once, with the time it was made and the server's queryID of the
  // replayed search it followed; the searches made offline were replayed before it.
  const clicksOnCologne = () =>
    sent.flatMap((request) =>
      eventsOf(request).filter(
        (event) => event.eventType === 'click' && event.objectIDs?.includes('8000207'),
      ),
    )
  await expect.poll(() => clicksOnCologne().length, { timeout: 15_000 }).toBe(1)
  const [click] = clicksOnCologne()
  expect(click?.timestamp).toBeGreaterThanOrEqual(clickedAt - 1000)
  expect(click?.timestamp).toBeLessThan(clickedAt + 5000)
  expect(click?.queryID).toMatch(/^[0-9a-f]{32}$/i)
  const replays = sent.filter(
    (request) => /"responseFields"/.test(request.postData() ?? '') && QUERIES_URL.test(request.url()),
  )
  expect(replays.length).toBeGreaterThan(0)
  // Nothing is sent twice: another flush (the next online event) finds the outbox empty.
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await page.waitForTimeout(1500)
  expect(clicksOnCologne()).toHaveLength(1)
})
