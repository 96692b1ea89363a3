// Narrow screens: at 360 px the filters live in a dialog; nothing overflows horizontally.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

test.describe('narrow screens (360 px)', () => {
  test('filters open in a dialog with "Filter (n)" and close with "Ergebnisse anzeigen"', async ({
    page,
    search,
  }) => {
    await search.open('?bundesland=Bayern')
    await expect(search.facet('Bundesland')).toBeHidden()
    const open = page.getByRole('button', { name: 'Filter (1)' })
    await expect(open).toBeVisible()
    await open.click()

    const dialog = page.getByRole('dialog', { name: 'Filter' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    // The page behind the dialog is inert.
    await expect(page.getByRole('banner')).toHaveAttribute('inert', '')
    await dialog.getByRole('checkbox', { name: /^WLAN / }).check()
    await search.settled()
    const done = dialog.getByRole('button', { name: /^Ergebnisse anzeigen \(\d+\)$/ })
    await expect(done).toBeVisible()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    await done.click()

    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Filter (2)' })).toBeFocused()
    await search.expectParam('ausstattung', 'WLAN')
    await expect(search.hits.first()).toBeVisible()
  })

  test('Escape closes the filter dialog and keeps the choices', async ({ page, search }) => {
    await search.open()
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Filter' })
    await dialog.getByRole('checkbox', { name: /^Kategorie 1 / }).check()
    await search.settled()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Filter (1)' })).toBeVisible()
    await expect(search.stats).toContainText('24 Bahnhöfe')
  })

  for (const path of ['/', '/suche?q=Berlin&seite=3', '/bahnhof/8000207', '/gibt-es-nicht']) {
    test(`nothing overflows horizontally on ${path}`, async ({ page, search }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      if (path.startsWith('/suche')) await expect(search.hits.first()).toBeVisible()
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    })
  }

  test('the map view keeps its one row of count, "Filter (n)" and "Liste | Karte" within the screen', async ({
    page,
    search,
  }) => {
    // Two filters and a four-digit count: the widest the row gets with German labels.
    await search.open('?ausstattung=WLAN&aufzug=ja')
    await page.getByRole('button', { name: 'Karte', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Karte', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(page.getByRole('button', { name: 'Filter (2)' })).toBeVisible()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  })

  test('a wide screen shows the filters beside the results, without the button', async ({ page, search }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await search.open()
    await expect(search.facet('Bundesland')).toBeVisible()
    await expect(page.getByRole('button', { name: /^Filter \(/ })).toHaveCount(0)
  })
})
