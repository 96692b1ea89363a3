// Station page: /bahnhof/:id, "Bahnhof nicht gefunden", back to the search with its state.
import { expect, pauseClock, test } from './fixtures.ts'

test.describe('station page', () => {
  test('shows name, address, category, Aufgabenträger, facilities and accessibility', async ({ page }) => {
    const response = await page.goto('/bahnhof/8000207')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'Köln Hbf' })).toBeVisible()
    await expect(page).toHaveTitle('Köln Hbf – Bahnhofsfinder')
    await expect(page.getByText('Trankgasse 11, 50667 Köln')).toBeVisible()
    const facts = page.getByRole('region', { name: 'Steckbrief' })
    await expect(facts).toContainText('Kategorie 1: Große Knotenbahnhöfe des Fernverkehrs')
    await expect(facts).toContainText('Aufgabenträger')
    await expect(facts).toContainText('NVR')
    const access = page.getByRole('region', { name: 'Barrierefreiheit' })
    await expect(access).toContainText(/stufenfrei/i)
    await expect(access).toContainText(/Mobilitätsservice/)
    const facilities = page.getByRole('list', { name: 'Ausstattung von Köln Hbf' }).getByRole('listitem')
    await expect(facilities.filter({ hasText: 'DB Lounge' })).toHaveCount(1)
    await expect(facilities.filter({ hasText: 'Reisezentrum' })).toHaveCount(1)
  })

  test('fetches the record with the search-only key when reached within the app', async ({
    page,
    search,
  }) => {
    const config = await (await page.request.get('/config.json')).json()
    // The first page comes rendered by the server; a station reached from the search is fetched.
    await search.open('?q=K%C3%B6ln+Hbf')
    const request = page.waitForRequest(/\/1\/indexes\/stations\/8000207/)
    await search.hits.first().getByRole('link').first().click()
    const url = new URL((await request).url())
    expect(url.searchParams.get('x-algolia-api-key')).toBe(config.search.apiKey)
  })

  test('an unknown ID shows "Bahnhof nicht gefunden" with HTTP 404', async ({ page }) => {
    const response = await page.goto('/bahnhof/123456789')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Bahnhof nicht gefunden' })).toBeVisible()
    await expect(page).toHaveTitle('Bahnhof nicht gefunden – Bahnhofsfinder')
    await expect(page.getByRole('link', { name: 'Zurück zur Suche' })).toHaveAttribute('href', '/suche')
  })

  test('"Zurück zur Suche" restores the search state', async ({ page, search }) => {
    await search.open('?q=K%C3%B6ln&bundesland=Nordrhein-Westfalen&kategorie=1')
    await search.refine('Ausstattung', 'WLAN')
    await search.hits.first().getByRole('link').click()
    await expect(page).toHaveURL(/\/bahnhof\//)
    await page.getByRole('link', { name: 'Zurück zur Suche' }).click()
    await search.settled()
    await expect(search.searchBox).toHaveValue('Köln')
    await expect(search.facetValue('Bundesland', 'Nordrhein-Westfalen')).toBeChecked()
    await expect(search.facetValue('Kategorie', 'Kategorie 1')).toBeChecked()
    await expect(search.facetValue('Ausstattung', 'WLAN')).toBeChecked()
    await search.expectParam('ausstattung', 'WLAN')
  })

  test('back within moments of leaving, the search left behind writes nothing over the new one', async ({
    page,
    search,
  }) => {
    // The server-rendered search page's own search lives on for a moment after the page goes; its
    // URL write, 400 ms later, used to land on the search the user had come back to (seen in CI).
    // The page's clock stands still, so that coming back within that moment is certain.
    await page.clock.install()
    await search.open('?q=K%C3%B6ln&bundesland=Nordrhein-Westfalen&kategorie=1')
    await search.refine('Ausstattung', 'WLAN')
    await pauseClock(page)
    await search.hits.first().getByRole('link').click()
    const back = page.getByRole('link', { name: 'Zurück zur Suche' })
    while (!(await back.isVisible())) {
      await page.clock.runFor(20)
    }
    await back.click()
    await expect(page).toHaveURL(/ausstattung=WLAN$/)
    await page.clock.runFor(2000)
    await page.clock.resume()
    await search.settled()
    await expect(search.searchBox).toHaveValue('Köln')
    await search.expectParam('ausstattung', 'WLAN')
    // One entry per page the user saw: back leads to the station, not to an emptied search.
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'Köln Hbf' })).toBeVisible()
  })

  test('the browser back button returns to the search with its state', async ({ page, search }) => {
    await search.open('?q=M%C3%BCnchen')
    await search.refine('Kategorie', 'Kategorie 1')
    await search.expectParam('kategorie', '1')
    await search.hits.first().getByRole('link').click()
    await expect(page.getByRole('heading', { level: 1, name: 'München Hbf' })).toBeVisible()
    await page.goBack()
    await search.settled()
    await expect(search.searchBox).toHaveValue('München')
    await expect(search.facetValue('Kategorie', 'Kategorie 1')).toBeChecked()
  })
})

test.describe('station page without a connection', () => {
  test('opened while offline it says the connection is gone, and loads by itself when it is back', async ({
    page,
    context,
    search,
  }) => {
    await search.open('?q=Ulm')
    await context.setOffline(true)
    await search.hits.first().getByRole('link').first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'Keine Verbindung' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText('Sobald sie zurück ist')
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toHaveClass(/button-primary/)
    await context.setOffline(false)
    await expect(page.getByRole('heading', { level: 1, name: /Ulm/ })).toBeVisible()
  })

  test('with its code already loaded it blames the connection, not the search service, and recovers', async ({
    page,
    context,
  }) => {
    await page.goto('/bahnhof/8000207')
    await expect(page.getByRole('heading', { level: 1, name: 'Köln Hbf' })).toBeVisible()
    await context.setOffline(true)
    // Another station through the app's own navigation: its code is there, its record is not.
    await page.evaluate(() => {
      history.pushState({}, '', '/bahnhof/8000105')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect(page.getByRole('heading', { level: 1, name: 'Keine Verbindung' })).toBeVisible()
    await expect(page.getByText('Der Suchdienst antwortet gerade nicht')).toHaveCount(0)
    await context.setOffline(false)
    await expect(page.getByRole('heading', { level: 1, name: 'Frankfurt (Main) Hbf' })).toBeVisible()
  })
})
