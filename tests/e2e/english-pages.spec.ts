// The English pages (/en/…): every page a traveller reaches, at both widths, without a word of the
// German catalog (german-words.ts); the language link that keeps the page and its state; links
// that stay in English; and no serious accessibility violation.
import type { Page } from '@playwright/test'
import { expect, test, untilInteractive } from './fixtures.ts'
import { germanOnPage } from './german-words.ts'

async function expectNoGerman(page: Page): Promise<void> {
  expect(await germanOnPage(page), page.url()).toEqual([])
}

/** Opens an English page once the app has taken it over, its main heading shown. */
async function openEnglish(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await untilInteractive(page)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
}

for (const viewport of [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
]) {
  const narrow = viewport.width < 600
  test.describe(`English pages at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    test('the start page, the CMS pages and a missing page show no German word', async ({ page }) => {
      for (const path of ['/en', '/en/info/ueber', '/en/info/barrierefrei-reisen', '/en/info/hilfe']) {
        await openEnglish(page, path)
        await expectNoGerman(page)
      }
      await openEnglish(page, '/en/nirgendwo')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
      await expectNoGerman(page)
    })

    test('search with filters and a map popup shows no German word', async ({ page }) => {
      await openEnglish(page, '/en/suche?q=berlin&bundesland=Berlin')
      const results = page.getByRole('region', { name: 'Results' })
      await expect(results.getByRole('article').first()).toBeVisible()
      await expectNoGerman(page)
      if (narrow) {
        await page.getByRole('button', { name: /^Filters( \(\d+\))?$/ }).click()
        await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible()
        await expectNoGerman(page)
        await page.keyboard.press('Escape')
        await page
          .getByRole('radio', { name: 'Map' })
          .or(page.getByRole('button', { name: 'Map' }))
          .first()
          .click()
      }
      const marker = page.locator('.hit-marker').first()
      await marker.click()
      await expect(page.locator('.leaflet-popup-content a').first()).toBeVisible()
      await expectNoGerman(page)
    })

    test('a station page and the notices with their calendar show no German word', async ({ page }) => {
      await openEnglish(page, '/en/bahnhof/8000207')
      await expectNoGerman(page)
      await openEnglish(page, '/en/meldungen')
      // Germany's calendar in English: weeks from Monday.
      const weekdays = page.locator('.rdp-root').first().getByRole('columnheader', { includeHidden: true })
      await expect(weekdays).toHaveText(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'])
      await expectNoGerman(page)
      // A notice written in English, and its page.
      await page.locator('.notices-list a[href^="/en/meldungen/"]').first().click()
      await expect(page).toHaveURL(/\/en\/meldungen\/[a-z0-9-]+$/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoGerman(page)
    })
  })
}

test.describe('between the languages', () => {
  test.use({ viewport: { width: 1400, height: 900 } })

  test('the language link opens the same search, filters and page in the other language, and back', async ({
    page,
  }) => {
    await page.goto('/suche?q=bahnhof&bundesland=Bayern&seite=2')
    await untilInteractive(page)
    const english = page.getByRole('link', { name: 'English' })
    await expect(english).toHaveAttribute('hreflang', 'en')
    await english.click()
    await expect(page).toHaveURL(/\/en\/suche\?q=bahnhof&bundesland=Bayern&seite=2$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await untilInteractive(page)
    await expect(page.getByRole('searchbox').first()).toHaveValue('bahnhof')
    await expect(page.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    // A hit leads to the station's English page; the link back leads to German.
    await page
      .getByRole('region', { name: 'Results' })
      .getByRole('article')
      .first()
      .getByRole('link')
      .first()
      .click()
    await expect(page).toHaveURL(/\/en\/bahnhof\/[^/]+$/)
    await page.getByRole('link', { name: 'Deutsch' }).click()
    await expect(page).toHaveURL(/\/bahnhof\/[^/]+$/)
    await expect(page).not.toHaveURL(/\/en\//)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  })

  test('a search typed on an English page is written under /en, and its state survives the switch', async ({
    page,
  }) => {
    await page.goto('/en/suche')
    await untilInteractive(page)
    await page.getByRole('searchbox').first().fill('köln')
    await expect(page).toHaveURL(/\/en\/suche\?q=k%C3%B6ln$/)
    await page.getByRole('link', { name: 'Deutsch' }).click()
    await expect(page).toHaveURL(/\/suche\?q=k%C3%B6ln$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bahnhofssuche')
  })

  test("an English page's words come with it: the server links the English catalog, a German page never", async ({
    page,
  }) => {
    const english = await (await page.request.get('/en/suche?q=berlin')).text()
    expect(english).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/en-[\w-]+\.js"/)
    const german = await (await page.request.get('/suche?q=berlin')).text()
    expect(german).not.toMatch(/\/assets\/en-[\w-]+\.js/)
  })

  test('axe-core finds no serious or critical violation on English pages', async ({
    page,
    axeViolations,
  }) => {
    for (const path of ['/en', '/en/suche?q=berlin', '/en/bahnhof/8000207', '/en/meldungen']) {
      await openEnglish(page, path)
      expect(await axeViolations(), path).toEqual([])
    }
  })
})
