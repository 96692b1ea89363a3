// Station page: /bahnhof/:id, "Bahnhof nicht gefunden", back to the search with its state.
import { expect, test } from './fixtures.ts'

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

  test('fetches the record with the search-only key', async ({ page }) => {
    const config = await (await page.request.get('/config.json')).json()
    const request = page.waitForRequest(/\/1\/indexes\/stations\/8000207/)
    await page.goto('/bahnhof/8000207')
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
