import { expect, test } from './fixtures.ts'

test.describe('web shell', () => {
  test('the start page renders header, search and footer with the data credit', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Bahnhofsfinder' })).toBeVisible()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Bahnhöfe in Deutschland finden' }),
    ).toBeVisible()
    await expect(page.getByRole('search', { name: 'Bahnhof suchen' })).toBeVisible()

    const footer = page.getByRole('contentinfo')
    await expect(footer.getByText('Stationsdaten: DB InfraGO AG, CC BY 4.0')).toBeVisible()
    const infoLinks = footer.getByRole('navigation', { name: 'Informationen' }).getByRole('link')
    await expect(infoLinks).toHaveCount(5)
    for (const [name, href] of [
      ['Über den Bahnhofsfinder', '/info/ueber'],
      ['Barrierefrei reisen', '/info/barrierefrei-reisen'],
      ['Hilfe zur Suche', '/info/hilfe'],
      ['Impressum', '/info/impressum'],
      ['Datenschutz', '/info/datenschutz'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await expect(page).toHaveTitle(/Bahnhofsfinder/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  })

  test('the start page search leads to /suche?q=…', async ({ page, search }) => {
    await page.goto('/')
    await page.getByRole('searchbox', { name: 'Bahnhof suchen' }).fill('Freiburg')
    await page.getByRole('button', { name: 'Suchen' }).click()
    await expect(page).toHaveURL(/\/suche\?q=Freiburg$/)
    await search.settled()
    await expect(search.searchBox).toHaveValue('Freiburg')
    await expect(search.hits.first()).toContainText('Freiburg')
  })

  test('an unknown route shows the 404 page, and the header search leads to /suche', async ({ page }) => {
    await page.goto('/gibt-es-nicht')
    await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expect(page).toHaveTitle('Seite nicht gefunden – Bahnhofsfinder')

    const headerSearch = page.getByRole('banner').getByRole('search', { name: 'Bahnhof suchen' })
    await headerSearch.getByRole('searchbox').fill('Ulm')
    await headerSearch.getByRole('searchbox').press('Enter')
    await expect(page).toHaveURL(/\/suche\?q=Ulm$/)
  })

  test('client-side navigation keeps header and footer and moves to the new page', async ({ page }) => {
    await page.goto('/gibt-es-nicht')
    await page.getByRole('link', { name: 'Zur Startseite' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Bahnhöfe in Deutschland finden' }),
    ).toBeVisible()
    await expect(page.getByRole('main')).toBeFocused()
  })

  test('the start page loads without the search code', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(scripts.some((path) => path.includes('search-page'))).toBe(false)
  })
})
