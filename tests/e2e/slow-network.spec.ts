// A train's network: slow answers still arrive (the client's later tries wait longer), and a search
// that failed offline runs again by itself once the browser is back online.
import { expect, QUERIES_URL, test } from './fixtures.ts'

test.describe('slow and lost network', () => {
  for (const delay of [1_500, 3_000]) {
    test(`a search service that answers after ${delay / 1000} s still gives results`, async ({
      page,
      search,
    }) => {
      // A try that times out may hand the search to the device's copy while the engines are built from
      // it (1-2 s on a quiet machine, over 15 s on two busy cores: see offline-search.spec.ts) before
      // the next try goes to the network: the hits may take that long, not more.
      test.slow()
      await search.open()
      // Every try waits, not only the first: the answer arrives within a later try's longer timeouts.
      await page.route(QUERIES_URL, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, delay))
        await route.continue().catch(() => undefined)
      })
      await search.searchBox.fill('Wuppertal')
      await expect(search.stalledNotice).toBeVisible()
      await expect(search.hits.first()).toContainText('Wuppertal', { timeout: 45_000 })
      await expect(search.errorAlert).toHaveCount(0)
      await search.settled()
      await expect(search.stalledNotice).toHaveCount(0)
    })
  }

  test("on Chromium's Slow 3G profile a search still gives results", async ({ page, search }) => {
    await search.open()
    const cdp = await page.context().newCDPSession(page)
    // DevTools' "Slow 3G": 2 s latency, 500 kbit/s each way (as bytes per second, with its 0.8 factor).
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 2_000,
      downloadThroughput: (500 * 1000 * 0.8) / 8,
      uploadThroughput: (500 * 1000 * 0.8) / 8,
    })
    await search.searchBox.fill('Rostock')
    await expect(search.stalledNotice).toBeVisible()
    await expect(search.hits.first()).toContainText('Rostock', { timeout: 20_000 })
    await expect(search.errorAlert).toHaveCount(0)
  })

  test('an offline browser is told so, and searches again by itself once online', async ({
    page,
    search,
  }) => {
    await search.open()
    await page.context().setOffline(true)
    await search.searchBox.fill('Hamburg')
    // Each of the client's three tries ends at once or at its timeout (1, 4, 5 s): beside a loaded
    // machine the browser's offline mode let two of them run into it (seen: 2.7 s, 4.6 s, 3.6+ s).
    await expect(search.errorAlert).toContainText('Ihr Gerät ist offline', { timeout: 30_000 })
    await expect(search.errorAlert).toContainText('sucht der Bahnhofsfinder von selbst weiter')

    await page.context().setOffline(false)
    await expect(search.errorAlert).toHaveCount(0)
    await search.settled()
    await expect(search.hits.first()).toContainText('Hamburg')
    await search.expectParam('q', 'Hamburg')
  })
})
