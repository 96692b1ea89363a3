// Search client: the lite client talks to the hosts from /config.json with the search-only key.
import { expect, navigateInApp, QUERIES_URL, sentQueries, test } from './fixtures.ts'

test.describe('search client', () => {
  test('searches go to the host from /config.json with the search-only key', async ({ page, baseURL }) => {
    const config = await (await page.request.get('/config.json')).json()
    const requestPromise = page.waitForRequest(QUERIES_URL)
    // The browser's own search (a page loaded directly comes with the server's results).
    await navigateInApp(page, '/suche')
    const request = await requestPromise
    const url = new URL(request.url())
    const [host] = config.search.hosts
    expect(`${url.protocol}//${url.host}`).toBe(`${host.protocol}://${host.url}`)
    expect(`${url.protocol}//${url.host}`).toBe(baseURL)
    expect(url.searchParams.get('x-algolia-application-id')).toBe(config.search.appId)
    expect(url.searchParams.get('x-algolia-api-key')).toBe(config.search.apiKey)
    expect(sentQueries(request)[0]?.indexName).toBe('stations')
  })

  test('a search service that does not answer within the client timeouts ends in an error, not a hang', async ({
    page,
    search,
  }) => {
    await search.open()
    // Hold the answer far beyond the timeouts of all three tries (connect 1 s, then 4 s, then 5 s); the
    // client gives up and the UI says so, with the term the user typed still in the field.
    await page.route(QUERIES_URL, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 12_000))
      await route.abort().catch(() => undefined)
    })
    await search.searchBox.fill('Zeitüberschreitung')
    await expect(search.stalledNotice).toBeVisible()
    // The three tries' timeouts alone are 10 s; on two busy cores each try also waited 1.5-4 s for
    // the page's main thread (seen: the error would have come 19 s after typing).
    await expect(search.errorAlert).toBeVisible({ timeout: 40_000 })
    await expect(search.errorAlert).toContainText('Der Suchdienst antwortet gerade nicht oder ist gestört.')
    await expect(search.searchBox).toHaveValue('Zeitüberschreitung')
  })
})
