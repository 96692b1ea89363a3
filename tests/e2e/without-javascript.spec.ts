// Without JavaScript every control on the page works as a link or a form, or is not shown: no
// button that does nothing ("Mehr anzeigen", the calendar's days, "Alle 24 anzeigen"), no field
// whose Enter only reloads the page (a filter's own search). And on a phone the hits come first.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

const VIEWPORTS = [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
]

/**
 * The visible controls that cannot work without a script: buttons that submit no form, and fields
 * that submit nothing (no name, or no form).
 */
function deadControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (element: HTMLElement) => element.getClientRects().length > 0
    const named = (element: HTMLElement) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim()}"`
    const buttons = [...document.querySelectorAll('button')].filter(
      (button) => visible(button) && (button.type !== 'submit' || button.form === null),
    )
    const fields = [
      ...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select'),
    ].filter((field) => field.type !== 'hidden' && visible(field) && (!field.name || field.form === null))
    return [...buttons, ...fields].map(named)
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const viewport of VIEWPORTS) {
    test.describe(`at ${viewport.width}×${viewport.height}`, () => {
      test.use({ viewport })

      test('no page shows a control that cannot work', async ({ page }) => {
        // A page with a filter, a notice and a station with more than ten neighbours.
        for (const path of [
          '/',
          '/suche?q=k%C3%B6ln&bundesland=Nordrhein-Westfalen',
          '/suche',
          '/bahnhof/8000207',
          '/meldungen',
          '/meldungen?von=2026-11-23',
          '/meldungen/berlin-hbf-aufzug-gleis-15-16',
          '/info/hilfe',
        ]) {
          await page.goto(path)
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
          expect({ path, dead: await deadControls(page) }).toEqual({ path, dead: [] })
        }
      })

      test('the refinement lists show their 20 values, which "Mehr anzeigen" shows with the script', async ({
        page,
      }) => {
        await page.goto('/suche')
        const operators = page.getByRole('group', { name: 'Aufgabenträger', exact: true })
        // 28 Aufgabenträger: 20 of them, as the script's "Mehr anzeigen" shows.
        await expect(operators.getByRole('checkbox')).toHaveCount(20)
        await expect(page.getByRole('button', { name: 'Mehr anzeigen' })).toHaveCount(0)
        await expect(page.getByRole('searchbox', { name: 'Aufgabenträger suchen' })).toBeHidden()
        await operators.getByRole('checkbox').nth(15).check()
        await page.getByRole('button', { name: 'Filter anwenden' }).click()
        await expect(page).toHaveURL(/\/suche\?aufgabentraeger=[^&]+$/)
      })

      test('a filter is removed by its chip, and all of them by "Alle Filter zurücksetzen"', async ({
        page,
      }) => {
        await page.goto('/suche?q=k%C3%B6ln&bundesland=Nordrhein-Westfalen&kategorie=1')
        const active = page.getByRole('region', { name: 'Aktive Filter' })
        await active.getByRole('link', { name: 'Filter entfernen: Kategorie Kategorie 1' }).click()
        await expect(page).toHaveURL(/\/suche\?q=k%C3%B6ln&bundesland=Nordrhein-Westfalen$/)
        await page.goto('/suche?q=k%C3%B6ln&bundesland=Nordrhein-Westfalen&kategorie=1&sortierung=name-az')
        await active.getByRole('link', { name: 'Alle Filter zurücksetzen' }).click()
        await expect(page).toHaveURL(/\/suche\?q=k%C3%B6ln&sortierung=name-az$/)
        await expect(
          page.getByRole('region', { name: 'Ergebnisse' }).getByRole('article').first(),
        ).toBeVisible()
      })

      test('a station page lists all its neighbours, not the first ten behind a button', async ({ page }) => {
        await page.goto('/bahnhof/8000207')
        const nearby = page.getByRole('region', { name: 'In der Nähe' })
        const intro = await nearby.getByText(/^\d+ Bahnhöfe im Umkreis von 10 km/).textContent()
        const count = Number(/^(\d+)/.exec(intro ?? '')?.[1])
        expect(count).toBeGreaterThan(10)
        await expect(nearby.getByRole('listitem')).toHaveCount(count)
        await expect(nearby.getByRole('listitem').last()).toBeVisible()
        await expect(nearby.getByRole('button', { name: /^Alle \d+ anzeigen$/ })).toHaveCount(0)
      })

      test('the calendar’s days and arrows are links: a day, a span, another month, all days again', async ({
        page,
      }) => {
        const list = page.getByRole('region', { name: 'Liste der Meldungen' })
        await page.goto('/meldungen?art=Aufzug&von=2026-11-23')
        await page.getByRole('link', { name: /^Mittwoch, 25\. November 2026/ }).click()
        await expect(page).toHaveURL(/\/meldungen\?art=Aufzug&von=2026-11-23&bis=2026-11-25$/)
        await expect(list.getByRole('status')).toHaveText(/ vom 23\.–25\. November 2026 · Aufzug$/)
        await expect(
          page.getByRole('link', { name: /^Mittwoch, 25\. November 2026.*ausgewählt$/ }),
        ).toBeVisible()

        await page.getByRole('link', { name: /nächste/i }).click()
        await expect(page).toHaveURL(/\/meldungen\?art=Aufzug&von=2026-11-23&bis=2026-11-25&monat=2026-12$/)
        // The script's calendar is hidden by no-script.css: asked before the new page's stylesheet
        // applies, both calendars would count.
        await page.waitForLoadState()
        await expect(page.getByRole('grid', { name: 'Dezember 2026' })).toBeVisible()
        // A day of the month shown now ends the span there, and the month stays.
        await page.getByRole('link', { name: /^Donnerstag, 3\. Dezember 2026/ }).click()
        await expect(page).toHaveURL(/\/meldungen\?art=Aufzug&von=2026-11-23&bis=2026-12-03&monat=2026-12$/)
        await expect(list.getByRole('status')).toHaveText(/ vom 23\. November – 3\. Dezember 2026 · Aufzug$/)

        await page.getByRole('link', { name: 'Alle Tage zeigen' }).click()
        await expect(page).toHaveURL(/\/meldungen\?art=Aufzug&monat=2026-12$/)
        await expect(list.getByRole('status')).toHaveText(/^\d+ Meldungen? · Aufzug$/)
        // The kind filter's form keeps the month.
        await page.getByRole('radio', { name: /^Alle/ }).check()
        await page.getByRole('button', { name: 'Anzeigen' }).click()
        await expect(page).toHaveURL(/\/meldungen\?monat=2026-12&art=$/)
        // The script's calendar is hidden by no-script.css: asked before the new page's stylesheet
        // applies, both calendars would count.
        await page.waitForLoadState()
        await expect(page.getByRole('grid', { name: 'Dezember 2026' })).toBeVisible()
      })
    })
  }

  test('on a phone the first hit comes first, the filters after the hits behind a link', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/suche?q=berlin')
    const results = page.getByRole('region', { name: 'Ergebnisse' })
    const firstHit = results.getByRole('article').first()
    await expect(firstHit).toBeInViewport()
    const top = await firstHit.evaluate((hit) => hit.getBoundingClientRect().top + window.scrollY)
    expect(top).toBeLessThan(844 / 2)
    const filters = page.getByRole('complementary', { name: 'Filter' })
    await expect(filters).not.toBeInViewport()
    await page.getByRole('link', { name: 'Filter', exact: true }).click()
    await expect(filters.getByRole('heading', { name: 'Filter' })).toBeInViewport()
    await filters.getByRole('checkbox', { name: /^Berlin / }).check()
    await filters.getByRole('button', { name: 'Filter anwenden' }).click()
    await expect(page).toHaveURL(/\/suche\?q=berlin&bundesland=Berlin$/)
    await expect(page.getByRole('link', { name: 'Filter (1)', exact: true })).toBeVisible()
  })
})
