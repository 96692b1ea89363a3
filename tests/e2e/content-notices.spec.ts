// /meldungen: the list by kind, and the month calendar (German, weeks from Monday) that filters it.
import { expect, test } from './fixtures.ts'

test.describe('notices page', () => {
  test('the calendar starts its weeks on Monday, in German', async ({ page }) => {
    await page.goto('/meldungen')
    const calendar = page.getByRole('complementary', { name: 'Kalender' }).getByRole('grid')
    // The weekday row is hidden from screen readers (each day's name says its weekday), not from the eye.
    const weekdays = calendar.getByRole('columnheader', { includeHidden: true })
    await expect(weekdays).toHaveText(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'])
    await expect(page.getByRole('button', { name: 'Zum nächsten Monat' })).toBeVisible()
  })

  test('a marked day filters the list to the notices of that day', async ({ page }) => {
    await page.goto('/meldungen')
    const list = page.getByRole('region', { name: 'Liste der Meldungen' })
    await expect(list.getByRole('article').first()).toBeVisible()
    const all = await list.getByRole('article').count()
    const calendar = page.getByRole('complementary', { name: 'Kalender' })
    // Day buttons are named "Montag, 23. November 2026, 2 Meldungen"; marked days have one or more.
    const marked = calendar.getByRole('button', { name: /, \d+ Meldung(en)?$/ })
    await expect(marked.first()).toBeVisible()
    const counts = (
      await marked.evaluateAll((days) => days.map((day) => day.getAttribute('aria-label') ?? ''))
    ).map((label) => Number(/, (\d+) Meldung(en)?$/.exec(label)?.[1]))
    // The day with the fewest notices, so that the filter visibly removes some when it can.
    const pick = counts.indexOf(Math.min(...counts))
    const count = counts[pick]!
    await marked.nth(pick).click()
    await expect(page).toHaveURL(/[?&]von=\d{4}-\d{2}-\d{2}/)
    await expect(list.getByRole('status')).toHaveText(
      new RegExp(
        `^${count === 1 ? '1 Meldung' : `${count} Meldungen`} am \\w\\w\\., \\d\\d\\.\\d\\d\\.\\d{4}`,
      ),
    )
    await expect(list.getByRole('article')).toHaveCount(count)
    await page.getByRole('button', { name: 'Alle Tage zeigen' }).click()
    await expect(page).not.toHaveURL(/von=/)
    await expect(list.getByRole('article')).toHaveCount(all)
  })

  test('the kind filter narrows the list and stays in the address', async ({ page }) => {
    await page.goto('/meldungen')
    const list = page.getByRole('region', { name: 'Liste der Meldungen' })
    await expect(list.getByRole('article').first()).toBeVisible()
    await page.getByRole('radio', { name: /^Aufzug/ }).check()
    await expect(page).toHaveURL(/art=Aufzug/)
    const kinds = list.getByRole('article').getByText(/^(Aufzug|Bauarbeiten|Information)$/)
    await expect(kinds.first()).toHaveText('Aufzug')
    for (const kind of await kinds.allTextContents()) expect(kind).toBe('Aufzug')
    await page.reload()
    await expect(page.getByRole('radio', { name: /^Aufzug/ })).toBeChecked()
  })
})
