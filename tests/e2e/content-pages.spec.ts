// CMS pages and notices rendered from the content service's rich text: headings, lists, tables,
// images, live station cards; unknown slugs are the 404 page.
import { expect, test } from './fixtures.ts'

const NOTICE = '/meldungen/berlin-hbf-aufzug-gleis-15-16'

test.describe('content pages', () => {
  test('a page renders its headings, lists, table, image, quote and links', async ({ page }) => {
    await page.goto('/info/barrierefrei-reisen')
    await expect(page.getByRole('heading', { level: 1, name: 'Barrierefrei reisen' })).toBeVisible()
    await expect(page).toHaveTitle('Barrierefrei reisen – Bahnhofsfinder')
    const main = page.getByRole('main')
    for (const name of ['Stufenfreien Zugang finden', 'Mobilitätsservice', 'Aufzüge und Störungen']) {
      await expect(main.getByRole('heading', { level: 2, name })).toBeVisible()
    }
    await expect(
      main
        .getByRole('list')
        .getByRole('listitem')
        .filter({ hasText: /^Verbindung heraussuchen/ }),
    ).toBeVisible()
    const table = main.getByRole('table')
    // A Markdown table's first row is its header; Contentful marks such cells table-header-cell.
    await expect(table.getByRole('columnheader', { name: 'Bedeutung' })).toBeVisible()
    await expect(table.getByRole('row', { name: /teilweise/ })).toBeVisible()
    const image = main.getByRole('img', { name: /Piktogramm eines Aufzugs/ })
    await expect(image).toBeVisible()
    await expect(image).toHaveAttribute('width', /^\d+$/)
    await expect(image).toHaveAttribute('height', /^\d+$/)
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    await expect(main.getByRole('blockquote')).toContainText('Beschilderung')
    // Links to other pages stay in the app (entry links and relative URLs alike).
    await main.getByRole('link', { name: 'Hilfe zur Suche' }).click()
    await expect(page).toHaveURL('/info/hilfe')
    await expect(page.getByRole('heading', { level: 1, name: 'Hilfe zur Suche' })).toBeVisible()
  })

  test('an embedded station is a live card from the search service', async ({ page }) => {
    await page.goto('/info/hilfe')
    // The card is drawn from the station's record, not from the text: the text names only its ID.
    const card = page.getByRole('complementary', { name: 'Bahnhof: Hamburg Hbf' })
    await expect(card.getByText('Hamburg, Hamburg')).toBeVisible()
    await expect(card.getByText(/Stufenfreier Zugang/)).toBeVisible()
    await expect(card.getByText('Kategorie 1')).toBeVisible()
    await card.getByRole('link', { name: 'Hamburg Hbf' }).click()
    await expect(page).toHaveURL('/bahnhof/8002549')
    await expect(page.getByRole('heading', { level: 1, name: 'Hamburg Hbf' })).toBeVisible()
  })

  test('a notice renders its image with alt text and size, and its stations as cards', async ({ page }) => {
    await page.goto(NOTICE)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Aufzug zu Gleis 15/16 außer Betrieb' }),
    ).toBeVisible()
    await expect(page.getByText(/^Zeitraum: \d{1,2}\. \w+/)).toBeVisible()
    const image = page.getByRole('img', { name: /Plan von Berlin Hauptbahnhof/ })
    await expect(image).toBeVisible()
    await expect(image).toHaveAttribute('width', /^\d+$/)
    await expect(image).toHaveAttribute('height', /^\d+$/)
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    const cards = page.getByRole('complementary', { name: 'Bahnhof: Berlin Hauptbahnhof' })
    await expect(cards.first().getByText('Berlin, Berlin')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Alle Meldungen' })).toHaveAttribute('href', '/meldungen')
  })

  test('the footer links lead to the CMS pages', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('navigation', { name: 'Informationen' })
    for (const title of ['Über den Bahnhofsfinder', 'Barrierefrei reisen', 'Impressum', 'Datenschutz']) {
      await footer.getByRole('link', { name: title }).click()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toHaveCount(0)
    }
  })

  for (const path of ['/info/x', '/meldungen/gibt-es-nicht']) {
    test(`unknown ${path} shows the not-found page with HTTP 404`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Zur Startseite' })).toBeVisible()
    })
  }

  test('the start page shows the intro from the CMS and current notices', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Hilfe zur Suche' }).first()).toBeVisible()
    await expect(page.getByText(/jeden Bahnhof in Deutschland/)).toBeVisible()
    const notices = page.getByRole('region', { name: 'Aktuelle Meldungen' })
    const first = notices.getByRole('article').first()
    const title = (await first.getByRole('heading').textContent()) ?? ''
    await first.getByRole('link').first().click()
    await expect(page).toHaveURL(/\/meldungen\/[a-z0-9-]+$/)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  })

  test('a station page shows its notices, lift notices beside step-free access', async ({ page }) => {
    await page.goto('/bahnhof/8011160')
    await expect(page.getByRole('heading', { level: 1, name: 'Berlin Hauptbahnhof' })).toBeVisible()
    const notices = page.getByRole('region', { name: 'Meldungen' })
    await expect(notices.getByRole('link', { name: 'Aufzug zu Gleis 15/16 außer Betrieb' })).toBeVisible()
    const access = page.getByRole('region', { name: 'Barrierefreiheit' })
    const lifts = access.getByRole('list', { name: 'Meldungen zu Aufzügen' })
    await expect(lifts.getByRole('link', { name: 'Aufzug zu Gleis 15/16 außer Betrieb' })).toBeVisible()
    // A station without notices says so (Aachen Hbf has none).
    await page.goto('/bahnhof/8000001')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Meldungen' })).toContainText('Zurzeit keine Meldungen')
    await expect(page.getByRole('list', { name: 'Meldungen zu Aufzügen' })).toHaveCount(0)
  })
})

test.describe('content pages for everyone', () => {
  for (const path of ['/info/barrierefrei-reisen', '/meldungen', NOTICE, '/bahnhof/8011160']) {
    test(`${path} has no serious accessibility violations`, async ({ page, axeViolations }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: 'wird geladen' })).toHaveCount(0)
      await expect(page.getByText('Wird geladen …')).toHaveCount(0)
      expect(await axeViolations()).toEqual([])
    })
  }
})
