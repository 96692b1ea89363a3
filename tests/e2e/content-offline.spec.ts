// Notices and pages seen before still show when the content service cannot be reached (no network in
// a train, or the service down), marked "Gespeicherte Version · Stand: <when received>"; what was never
// seen shows the error as before. Pages are reached within the app; the installed app's worker
// (allowed here, blocked in most specs) keeps their code for the offline part.
import type { Page } from '@playwright/test'
import { expect, navigateInApp, test, untilInteractive } from './fixtures.ts'

const GRAPHQL = /\/graphql(\?|$)/
/** The browser's clock during the visit: the kept answers were received then. */
const VISIT = new Date('2026-11-24T14:05:00+01:00')
const MONTHS = 'Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember'
/** "Gespeicherte Version · Stand: 24. November 2026, 14:05 Uhr", at any time. */
const KEPT_NOTE = new RegExp(
  `^Gespeicherte Version · Stand: \\d{1,2}\\. (${MONTHS}) \\d{4}, \\d{1,2}:\\d{2} Uhr$`,
)

/** Waits until the browser has kept the answers to these queries (it keeps them after showing them). */
async function untilKept(page: Page, ...queries: string[]): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const kept = await (await caches.open('bahnhofsfinder-content-v1')).keys()
        return kept.map(
          (request) => /query (\w+)/.exec(new URL(request.url).searchParams.get('query') ?? '')?.[1],
        )
      }),
    )
    .toEqual(expect.arrayContaining(queries))
}

function keptNote(page: Page) {
  return page.getByText(/^Gespeicherte Version · Stand: /)
}

test.describe('content seen before, without the content service', () => {
  // The first test reloads between visits: only the installed app's worker brings the page's code
  // back without a network.
  test.use({ serviceWorkers: 'allow' })

  test('offline, the notices seen show with when they were received; others show the error', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.clock.setFixedTime(VISIT)
    const list = page.getByRole('region', { name: 'Liste der Meldungen' })
    const heading = page.getByRole('heading', { level: 1, name: /Aufzug zu Gleis 15\/16 außer Betrieb$/ })
    const stand = 'Gespeicherte Version · Stand: 24. November 2026, 14:05 Uhr'
    // Online: the list and one notice, fetched by the browser.
    await navigateInApp(page, '/meldungen')
    await expect(list.getByRole('article').first()).toBeVisible()
    await list.getByRole('link', { name: 'Aufzug zu Gleis 15/16 außer Betrieb' }).click()
    await expect(heading).toBeVisible()
    await expect(keptNote(page)).toHaveCount(0)
    await untilKept(page, 'Notices', 'NoticeBySlug')

    // The network goes during the visit: what was seen says when it was received.
    await context.setOffline(true)
    await expect(keptNote(page)).toHaveText(stand)
    await page.getByRole('link', { name: 'Alle Meldungen' }).click()
    await expect(keptNote(page)).toHaveText(stand)
    await expect(list.getByRole('article').first()).toBeVisible()
    await context.setOffline(false)
    await expect(keptNote(page)).toHaveCount(0)

    // A later visit (another page, loaded while the network lasted), then offline: the kept answers.
    // The notices' code comes from the installed app's kept build (the browser's cache need not
    // keep it), as it would for a traveller.
    await page.goto('/info/hilfe')
    await untilInteractive(page)
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), {
        timeout: 20_000,
      })
      .toBe('activated')
    await context.setOffline(true)
    await navigateInApp(page, '/meldungen')
    await expect(page.getByRole('heading', { level: 1, name: 'Meldungen' })).toBeVisible()
    await expect(keptNote(page)).toHaveText(stand)
    await expect(list.getByRole('article').first()).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)

    await list.getByRole('link', { name: 'Aufzug zu Gleis 15/16 außer Betrieb' }).click()
    await expect(heading).toBeVisible()
    await expect(keptNote(page)).toHaveText(stand)
    await expect(page.getByText(/Defekts an der Antriebseinheit/)).toBeVisible()

    // A notice never opened: nothing kept, the error as before.
    await page.getByRole('link', { name: 'Alle Meldungen' }).click()
    await list.getByRole('link', { name: 'Aufzug zu Gleis 9/10 gestört' }).click()
    await expect(page.getByRole('alert')).toContainText('Die Meldung konnte nicht geladen werden', {
      timeout: 10_000,
    })
    await expect(keptNote(page)).toHaveCount(0)

    // Back online, a kept notice is asked again and the note goes.
    await page.goBack()
    await page.goBack()
    await expect(heading).toBeVisible()
    await expect(keptNote(page)).toBeVisible()
    await context.setOffline(false)
    await expect(keptNote(page)).toHaveCount(0)
    await expect(heading).toBeVisible()
  })

  test('with the content service down: a page, the start page and a station as kept; on a phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    // Online: the help page, the start page and Berlin Hbf as the server renders them.
    // Each page is left once its answers are kept: leaving at once could cut the writing off.
    for (const [path, query] of [
      ['/info/hilfe', 'PageBySlug'],
      ['/', 'OpenNotices'],
      ['/bahnhof/8011160', 'StationNotices'],
    ] as const) {
      await page.goto(path)
      await untilInteractive(page)
      await untilKept(page, query)
    }
    // A new visit, on a page that asks none of those.
    await page.goto('/suche?q=berlin')
    await untilInteractive(page)

    // The content service stops answering; the search goes on.
    await page.route(GRAPHQL, (route) => route.abort('connectionrefused'))
    await page.getByRole('contentinfo').getByRole('link', { name: 'Hilfe zur Suche' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Hilfe zur Suche' })).toBeVisible()
    await expect(keptNote(page)).toHaveText(KEPT_NOTE)
    await expect(page.getByRole('alert')).toHaveCount(0)

    await page.getByRole('link', { name: 'Bahnhofsfinder', exact: true }).click()
    const home = page.getByRole('region', { name: 'Aktuelle Meldungen' })
    await expect(home.getByText(KEPT_NOTE)).toBeVisible()
    await expect(home.getByRole('article').first()).toBeVisible()
    await home.evaluate((element) => element.scrollIntoView())

    await navigateInApp(page, '/bahnhof/8011160')
    const notices = page.getByRole('region', { name: 'Meldungen', exact: true })
    await expect(notices.getByText(KEPT_NOTE)).toBeVisible()
    await expect(notices.getByRole('article').first()).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    await notices.evaluate((element) => element.scrollIntoView())

    // A page never opened: the error as before.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click()
    await expect(page.getByRole('alert')).toContainText('Die Seite konnte nicht geladen werden', {
      timeout: 10_000,
    })
    await expect(keptNote(page)).toHaveCount(0)
  })
})
