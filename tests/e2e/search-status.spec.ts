// Search status: loading, stalled after 200 ms, error with retry, empty state.
import { expect, pauseClock, QUERIES_URL, test } from './fixtures.ts'

declare global {
  interface Window {
    stalledSeen?: boolean
  }
}

test.describe('search status', () => {
  test('shows that it is loading, and an announced stalled notice when the answer takes over 200 ms', async ({
    page,
    search,
  }) => {
    // The page's clock decides "over 200 ms", not the machine's: held at 199 and 201 ms exactly.
    await page.clock.install()
    await search.open()
    await pauseClock(page)
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(QUERIES_URL, async (route) => {
      await released
      await route.continue().catch(() => undefined)
    })
    await search.searchBox.fill('Wuppertal')
    await expect(search.results).toHaveAttribute('aria-busy', 'true')
    await page.clock.runFor(199)
    await expect(search.stalledNotice).toHaveCount(0)
    await page.clock.runFor(2)
    // Announced politely, and the previous hits stay on screen while waiting.
    await expect(search.stalledNotice.and(page.locator('[aria-live="polite"]'))).toBeVisible()
    await expect(search.hits).toHaveCount(20)
    release()
    await page.clock.resume()
    await search.settled()
    await expect(search.stalledNotice).toHaveCount(0)
    await expect(search.hits.first()).toContainText('Wuppertal')
  })

  test('the stalled notice stays visible while the answer is missing', async ({ page, search }) => {
    await page.clock.install()
    await search.open()
    await pauseClock(page)
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(QUERIES_URL, async (route) => {
      await released
      await route.continue().catch(() => undefined)
    })
    await search.searchBox.fill('Gießen')
    // Far past the stalled delay, but within the client's timeouts (on the same clock).
    await page.clock.runFor(900)
    await expect(search.stalledNotice.and(page.locator('[aria-live="polite"]'))).toBeVisible()
    release()
    await page.clock.resume()
    await search.settled()
    await expect(search.stalledNotice).toHaveCount(0)
  })

  test('shows no stalled notice for fast answers', async ({ page, search }) => {
    await page.clock.install()
    await search.open()
    const queries = ['Mainz', 'Mainz H', 'Mainz Hb', 'Mainz Hbf', 'Mainz-Kastel']
    // First pass: the real service answers, and the client keeps the answers.
    for (const query of queries) {
      await search.searchBox.fill(query)
      await search.settled()
    }
    // Second pass: every answer comes at once from the client's cache, so "fast" does not depend on
    // how busy the test machine is. No request may reach the network, and nothing may stall.
    let requests = 0
    page.on('request', (request) => {
      if (QUERIES_URL.test(request.url())) requests += 1
    })
    await search.results.evaluate((results) => {
      window.stalledSeen = false
      new MutationObserver(() => {
        const statuses = [...results.querySelectorAll('[role="status"]')]
        if (statuses.some((status) => status.textContent?.includes('dauert länger'))) {
          window.stalledSeen = true
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    for (const query of queries) {
      await search.searchBox.fill(query)
      await search.settled()
      await expect(search.hits.first()).toContainText('Mainz')
    }
    // Give a stalled notice that might still come the chance to appear (on the page's clock).
    await page.clock.runFor(400)
    expect(requests).toBe(0)
    expect(await page.evaluate(() => window.stalledSeen)).toBe(false)
  })

  test('an error shows a German message, keeps the page, and "Erneut versuchen" recovers', async ({
    page,
    search,
  }) => {
    await search.open()
    await page.route(QUERIES_URL, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Internal Server Error', status: 500 }),
      }),
    )
    await search.searchBox.fill('Erfurt')
    await expect(search.errorAlert).toBeVisible()
    await expect(search.errorAlert).toContainText('Der Suchdienst antwortet gerade nicht oder ist gestört.')
    // The page does not blank: search box, filters and the previous hits remain.
    await expect(search.searchBox).toHaveValue('Erfurt')
    await expect(search.facet('Bundesland')).toBeVisible()
    await expect(search.hits).toHaveCount(20)

    await page.unroute(QUERIES_URL)
    await search.errorAlert.getByRole('button', { name: 'Erneut versuchen' }).click()
    await search.settled()
    await expect(search.errorAlert).toHaveCount(0)
    await expect(search.hits.first()).toContainText('Erfurt')
  })

  test('an empty result says so, shows the active filters and offers to remove them', async ({
    page,
    search,
  }) => {
    await search.open('?bundesland=Saarland&ausstattung=DB%20Lounge')
    await expect(search.results.getByRole('heading', { name: 'Keine Bahnhöfe gefunden' })).toBeVisible()
    await expect(
      search.results.getByRole('button', { name: 'Ausstattung: DB Lounge entfernen' }),
    ).toBeVisible()
    await expect(search.results.getByRole('button', { name: 'Bundesland: Saarland entfernen' })).toBeVisible()

    await search.results.getByRole('button', { name: 'Ausstattung: DB Lounge entfernen' }).click()
    await search.settled()
    await expect(search.stats).toContainText('77 Bahnhöfe')
    await expect(page.getByRole('heading', { name: 'Keine Bahnhöfe gefunden' })).toHaveCount(0)
  })

  test('the empty state removes all filters at once, and the search term', async ({ page, search }) => {
    await search.open('?q=Hbf&bundesland=Bremen&kategorie=7')
    await page.getByRole('button', { name: 'Alle Filter entfernen' }).click()
    await search.settled()
    await expect(search.hits.first()).toBeVisible()
    await expect(search.searchBox).toHaveValue('Hbf')

    await search.open('?q=Qxzvbahnhof')
    await page.getByRole('button', { name: 'Suchbegriff „Qxzvbahnhof“ löschen' }).click()
    await search.settled()
    await expect(search.stats).toContainText('5.388 Bahnhöfe')
  })
})
