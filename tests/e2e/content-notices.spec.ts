// /meldungen: the list by kind, and the month calendar (German, weeks from Monday) that filters it;
// one definition of "current" for the start page and /meldungen; the stations named with titles.
import type { Page } from '@playwright/test'
import { expect, hold, navigateInApp, test, untilInteractive } from './fixtures.ts'

/** Monday, 23 November 2026, 10:00 in Berlin: six notices in force, more to come this week. */
const MONDAY_MORNING = new Date('2026-11-23T10:00:00+01:00')
/** Friday, 27 November 2026, 10:00: the Hohenzollernbrücke closes tonight at 22:00, not yet. */
const FRIDAY_MORNING = new Date('2026-11-27T10:00:00+01:00')

function group(page: Page, title: string) {
  return page
    .getByRole('region', { name: 'Liste der Meldungen' })
    .getByRole('region', { name: title, exact: true })
}

test.describe('notices page', () => {
  test('the calendar starts its weeks on Monday, in German', async ({ page }) => {
    await page.goto('/meldungen')
    const calendar = page.getByRole('complementary', { name: 'Kalender' }).getByRole('grid')
    // The weekday row is hidden from screen readers (each day's name says its weekday), not from the eye.
    const weekdays = calendar.getByRole('columnheader', { includeHidden: true })
    await expect(weekdays).toHaveText(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'])
    await expect(page.getByRole('button', { name: 'Zum nächsten Monat' })).toBeVisible()
  })

  test('a marked day filters the list to the notices valid that day', async ({ page }) => {
    await page.goto('/meldungen')
    const list = page.getByRole('region', { name: 'Liste der Meldungen' })
    await expect(list.getByRole('article').first()).toBeVisible()
    const all = await list.getByRole('article').count()
    const calendar = page.getByRole('complementary', { name: 'Kalender' })
    // Day buttons are named "Montag, 23. November 2026, 1 Meldung beginnt, 6 gültige Meldungen".
    const marked = calendar.getByRole('button', {
      name: /Meldung(en)? beginn(t|en), \d+ gültige Meldung(en)?$/,
    })
    await expect(marked.first()).toBeVisible()
    const counts = (
      await marked.evaluateAll((days) => days.map((day) => day.getAttribute('aria-label') ?? ''))
    ).map((label) => Number(/, (\d+) gültige Meldung(en)?$/.exec(label)?.[1]))
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

  test('the calendar marks the days on which notices begin, and its legend says so', async ({ page }) => {
    await page.clock.setFixedTime(MONDAY_MORNING)
    await page.goto('/meldungen')
    const calendar = page.getByRole('complementary', { name: 'Kalender' })
    await expect(calendar.getByText('Tage, an denen Meldungen beginnen')).toBeVisible()
    // München's rebuilding runs all month, so every day has a notice; only beginnings are marked.
    const day = (name: string) => calendar.getByRole('button', { name: new RegExp(`^(Heute, )?${name}, `) })
    await expect(day('Montag, 23. November 2026')).toHaveAttribute(
      'aria-label',
      /, 1 Meldung beginnt, \d+ gültige Meldungen$/,
    )
    await expect(day('Dienstag, 24. November 2026')).toHaveAttribute(
      'aria-label',
      /^[^,]+, [^,]+, \d+ gültige Meldungen$/,
    )
    const markedCells = calendar.locator('.calendar-day--starts')
    const beginnings = calendar.getByRole('button', { name: /beginn(t|en), / })
    // November 2026 with the days shown around it (26 October – 6 December): eleven beginnings.
    await expect(beginnings).toHaveCount(11)
    await expect(markedCells).toHaveCount(11)
    await expect(markedCells.filter({ hasText: /^24$/ })).toHaveCount(0)
  })

  for (const [when, now, current] of [
    ['Monday morning', MONDAY_MORNING, 6],
    ['Friday morning, before a closure from 22:00', FRIDAY_MORNING, 6],
  ] as const) {
    test(`the start page counts as current what /meldungen lists under "Aktuell" (${when})`, async ({
      page,
    }) => {
      await page.clock.setFixedTime(now)
      // Within the app: the browser's (fixed) clock decides; a page loaded directly comes rendered
      // at the server's time.
      await navigateInApp(page, '/')
      const home = page.getByRole('region', { name: 'Aktuelle Meldungen' })
      const more = home.getByRole('link', { name: /^Alle Meldungen/ })
      await expect(more).toHaveText(/^Alle Meldungen \(\d+ aktuell, \d+ demnächst\)$/)
      const [, aktuell, demnaechst] = /\((\d+) aktuell, (\d+) demnächst\)/.exec(
        (await more.textContent()) ?? '',
      )!
      expect(Number(aktuell)).toBe(current)
      // The cards shown are the first four of that list (compared once the station names are in).
      await expect(home.getByRole('article').getByRole('heading', { name: /: / })).toHaveCount(4)
      const shown = await home.getByRole('article').getByRole('heading').allTextContents()
      expect(shown).toHaveLength(4)

      await more.click()
      await expect(page).toHaveURL('/meldungen')
      await expect(group(page, 'Aktuell').getByRole('article')).toHaveCount(Number(aktuell))
      await expect(group(page, 'Demnächst').getByRole('article')).toHaveCount(Number(demnaechst))
      const currentCards = group(page, 'Aktuell').getByRole('article')
      await expect(currentCards.getByRole('heading', { name: /: / })).toHaveCount(Number(aktuell))
      const listed = await currentCards.getByRole('heading').allTextContents()
      expect(listed.slice(0, 4)).toEqual(shown)
    })
  }

  test('a closure from 22:00 is upcoming that morning and current that night, on both pages', async ({
    page,
  }) => {
    await page.clock.setFixedTime(FRIDAY_MORNING)
    await page.goto('/meldungen')
    const closure = page.getByRole('article').filter({ hasText: 'Hohenzollernbrücke' })
    await expect(
      group(page, 'Demnächst').getByRole('article').filter({ hasText: 'Hohenzollernbrücke' }),
    ).toBeVisible()
    await expect(closure.getByText('ab heute')).toBeVisible()
    await page.clock.setFixedTime(new Date('2026-11-27T23:00:00+01:00'))
    await page.goto('/meldungen')
    await expect(
      group(page, 'Aktuell').getByRole('article').filter({ hasText: 'Hohenzollernbrücke' }),
    ).toBeVisible()
  })

  test('a notice tied to a station names it with the title, in lists, cards and on its page', async ({
    page,
  }) => {
    await page.clock.setFixedTime(MONDAY_MORNING)
    await navigateInApp(page, '/meldungen')
    const list = page.getByRole('region', { name: 'Liste der Meldungen' })
    await expect(
      list.getByRole('heading', {
        name: 'Frankfurt (Main) Hbf: Aufzug zu Gleis 20/21 außer Betrieb',
        exact: true,
      }),
    ).toBeVisible()
    await expect(
      list.getByRole('article', {
        name: 'Köln Hbf und Köln Messe/Deutz: Hohenzollernbrücke am Wochenende gesperrt',
      }),
    ).toBeVisible()
    // Every notice here is tied to stations: none is left with its title alone.
    await expect(list.getByRole('article').getByRole('heading', { name: /: / })).toHaveCount(
      await list.getByRole('article').count(),
    )
    const headings = await list.getByRole('article').getByRole('heading').allTextContents()
    expect(headings.length).toBeGreaterThan(10)
    for (const heading of headings) expect(heading).toMatch(/^[^:]+: /)

    await navigateInApp(page, '/')
    const home = page.getByRole('region', { name: 'Aktuelle Meldungen' })
    await expect(
      home.getByRole('heading', { name: /^Frankfurt \(Main\) Hbf: Aufzug zu Gleis 20\/21/ }),
    ).toBeVisible()
    await home.getByRole('link', { name: 'Aufzug zu Gleis 20/21 außer Betrieb' }).click()
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Frankfurt (Main) Hbf: Aufzug zu Gleis 20/21 außer Betrieb',
      }),
    ).toBeVisible()
    await expect(page).toHaveTitle(
      'Frankfurt (Main) Hbf: Aufzug zu Gleis 20/21 außer Betrieb – Bahnhofsfinder',
    )
  })

  test('the kind filter narrows the list and stays in the address', async ({ page }) => {
    await page.goto('/meldungen')
    const list = page.getByRole('region', { name: 'Liste der Meldungen' })
    await expect(list.getByRole('article').first()).toBeVisible()
    // With the app the filter applies in place; a choice before it loads the page for the choice
    // (the tests below).
    await untilInteractive(page)
    await page.getByRole('radio', { name: /^Aufzug/ }).check()
    await expect(page).toHaveURL(/art=Aufzug/)
    const kinds = list.getByRole('article').getByText(/^(Aufzug|Bauarbeiten|Information)$/)
    await expect(kinds.first()).toHaveText('Aufzug')
    for (const kind of await kinds.allTextContents()) expect(kind).toBe('Aufzug')
    await page.reload()
    await expect(page.getByRole('radio', { name: /^Aufzug/ })).toBeChecked()
  })

  test('a kind chosen before the app has taken the page over is not lost: the server lists that kind', async ({
    page,
  }) => {
    // The page's chunk is held: the server's HTML is all there is, its radio buttons plain HTML.
    const chunk = await hold(page, /\/assets\/notices-page-[^/]*\.js$/)
    await page.goto('/meldungen', { waitUntil: 'domcontentloaded' })
    const list = page.getByRole('region', { name: 'Liste der Meldungen' })
    await expect(list.getByRole('article').first()).toBeVisible()
    await expect(page.locator('html[data-interactive]')).toHaveCount(0)
    await page.getByRole('radio', { name: /^Aufzug/ }).click()
    await expect(page).toHaveURL(/\/meldungen\?art=Aufzug$/)
    // Still without the app (the chunk is held again): the list is the server's, lifts only.
    await expect(page.locator('html[data-interactive]')).toHaveCount(0)
    await expect(page.getByRole('radio', { name: /^Aufzug/ })).toBeChecked()
    await expectOnlyKind(page, 'Aufzug')
    chunk.release()
    await untilInteractive(page)
    await expectOnlyKind(page, 'Aufzug')
  })

  test('a kind chosen before the app’s script ran takes effect when it runs', async ({ page }) => {
    const script = await hold(page, /\/assets\/index-[^/]*\.js$/)
    await page.goto('/meldungen', { waitUntil: 'commit' })
    await page.getByRole('radio', { name: /^Bauarbeiten/ }).click()
    await expect(page).toHaveURL(/\/meldungen$/)
    script.release()
    await expect(page).toHaveURL(/\/meldungen\?art=Bauarbeiten$/)
    await untilInteractive(page)
    await expect(page.getByRole('radio', { name: /^Bauarbeiten/ })).toBeChecked()
    await expectOnlyKind(page, 'Bauarbeiten')
  })
})

async function expectOnlyKind(page: Page, kind: string): Promise<void> {
  const list = page.getByRole('region', { name: 'Liste der Meldungen' })
  const kinds = list.getByRole('article').getByText(/^(Aufzug|Bauarbeiten|Information)$/)
  await expect(kinds.first()).toHaveText(kind)
  for (const shown of await kinds.allTextContents()) expect(shown).toBe(kind)
}
