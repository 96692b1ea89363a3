// Coming back to a search lands where the traveller left its list: the browser's back button and
// "Zurück zur Suche" alike, although the list renders only after the search has answered again.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

const VIEWPORTS = [
  { width: 1400, height: 900, phone: false },
  { width: 390, height: 844, phone: true },
]

/** Two frames: the app notes a scroll position in the frame after the scroll. */
async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  )
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))

for (const { width, height, phone } of VIEWPORTS) {
  test.describe(`list position at ${width}×${height}`, () => {
    test.use({ viewport: { width, height }, isMobile: phone, hasTouch: phone })

    for (const way of ['the browser’s back button', '“Zurück zur Suche”']) {
      test(`${way} returns to hit 13 of "berlin"`, async ({ page, search }) => {
        await search.open('?q=berlin')
        const hit = search.hits.nth(12)
        await hit.scrollIntoViewIfNeeded()
        await nextFrames(page)
        const left = await scrollY(page)
        expect(left).toBeGreaterThan(500)
        const name = (await hit.getByRole('heading').first().textContent())?.trim() ?? ''
        await hit.getByRole('link').first().click()
        await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
        if (way.includes('back')) await page.goBack()
        else await page.getByRole('link', { name: 'Zurück zur Suche' }).click()
        await expect(page).toHaveURL(/\/suche\?q=berlin/)
        await search.settled()
        await expect.poll(() => scrollY(page)).toBeGreaterThan(left - 5)
        expect(await scrollY(page)).toBeLessThan(left + 5)
        await expect(search.hits.nth(12)).toBeInViewport()
      })
    }

    test('a search reached anew starts at the top', async ({ page, search }) => {
      await search.open('?q=berlin')
      await search.hits.nth(12).scrollIntoViewIfNeeded()
      await nextFrames(page)
      await search.hits.nth(12).getByRole('link').first().click()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.locator('.site-logo').click()
      const box = page
        .getByRole('combobox', { name: 'Bahnhof suchen' })
        .or(page.getByRole('searchbox', { name: 'Bahnhof suchen' }))
      await box.first().fill('berlin')
      await box.first().press('Enter')
      await expect(page).toHaveURL(/\/suche\?q=berlin/)
      await search.settled()
      await nextFrames(page)
      expect(await scrollY(page)).toBe(0)
    })
  })
}
