// What the station page says of the station itself, beyond its record: "Gleise und Bahnsteige" with
// each platform's tracks, length and height (expectations read from db-platforms), dated and with
// the heights explained; "Aufzüge" with where each goes (db-elevators), drawn on the map, a lift
// notice beside the lift it names; "Umsteigen" with the linked local stops and their modes
// (db-hafas-stations), on the map too; on a wide screen and a phone, without JavaScript, and
// offline for a station seen before.
import type { Locator, Page } from '@playwright/test'
import {
  COLOGNE,
  FRANKFURT,
  liftsFromPackage,
  platformsFromPackage,
  stopsFromPackage,
} from '../helpers/station-site.ts'
import { expect, navigateInApp, test } from './fixtures.ts'
import { readyForOffline } from './offline-ready.ts'

const NUREMBERG = '8000284'
const SCREENS = [
  { name: 'wide', viewport: { width: 1400, height: 900 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
]
const platforms = platformsFromPackage(COLOGNE)
const trackNames = (tracks: string[]) =>
  tracks.length < 2 ? tracks.join('') : `${tracks.slice(0, -1).join(', ')} und ${tracks.at(-1)}`

const cologneLifts = liftsFromPackage(COLOGNE)
const naturally = (a: string, b: string) => a.localeCompare(b, 'de', { numeric: true })

const frankfurtStops = await stopsFromPackage(FRANKFURT)
const stopsRegion = (page: Page) => page.getByRole('region', { name: 'Umsteigen' })

/** Frankfurt (Main) Hbf's linked stops, each with its modes as badges. */
async function expectFrankfurtStops(region: Locator): Promise<void> {
  const list = region.getByRole('list', { name: /^Haltestellen zum Umsteigen, \d+$/ })
  // The stops, not the badges' own list items.
  const items = list.locator('li.stop')
  await expect(items).toHaveCount(frankfurtStops.length)
  for (const stop of frankfurtStops) {
    const item = items.filter({ has: region.page().getByText(stop.name, { exact: true }) })
    await expect(item).toHaveCount(1)
    if (stop.modes.length > 0)
      await expect(
        item.getByRole('list', { name: `Verkehrsmittel an ${stop.name}` }).getByRole('listitem'),
      ).toHaveText(stop.modes)
    else await expect(item).toContainText('Verkehrsmittel nicht angegeben')
  }
}

const liftsRegion = (page: Page) => page.getByRole('region', { name: 'Aufzüge' })

/** Köln Hbf's lifts, each with where it goes, as db-elevators has them. */
async function expectCologneLifts(region: Locator): Promise<void> {
  const items = region.getByRole('list', { name: /^Aufzüge, \d+$/ }).getByRole('listitem')
  await expect(items).toHaveCount(cologneLifts.length)
  const shown = await items.allTextContents()
  expect(shown.sort(naturally)).toEqual(cologneLifts.map((lift) => lift.description ?? '').sort(naturally))
  await expect(region).toContainText('Stand: 2020')
}

const tracksRegion = (page: Page) => page.getByRole('region', { name: 'Gleise und Bahnsteige' })

/** Köln Hbf's platforms as the table shows them: one row each, as db-platforms has them. */
async function expectCologneTracks(region: Locator): Promise<void> {
  const table = region.getByRole('table', { name: 'Gleise von Köln Hbf, nach Bahnsteig' })
  await expect(table.getByRole('columnheader')).toHaveText(['Gleis', 'Bahnsteig', 'Länge', 'Höhe'])
  const rows = table.getByRole('rowgroup').nth(1).getByRole('row')
  await expect(rows).toHaveCount(platforms.length)
  for (const [index, platform] of platforms.entries()) {
    await expect(rows.nth(index).getByRole('rowheader')).toHaveText(trackNames(platform.tracks))
    await expect(rows.nth(index).getByRole('cell')).toHaveText([
      platform.platform,
      `${Math.round(platform.length)} m`,
      `${platform.height} cm`,
    ])
  }
  await expect(region).toContainText('Stand: März 2020')
  await expect(region).toContainText('DB Station&Service (Bahnsteigdaten), CC BY 4.0')
}

for (const screen of SCREENS) {
  test.describe(`Gleise und Bahnsteige (${screen.name}, ${screen.viewport.width}×${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport, isMobile: screen.phone, hasTouch: screen.phone })

    test("Köln Hbf's platforms with their tracks, lengths and heights, the heights explained and dated", async ({
      page,
      axeViolations,
    }, testInfo) => {
      await page.goto(`/bahnhof/${COLOGNE}`)
      const region = tracksRegion(page)
      await expectCologneTracks(region)
      const rule = region.getByRole('link', { name: /Eisenbahn-Bau- und Betriebsordnung, § 13/ })
      await expect(rule).toHaveAttribute('href', 'https://www.gesetze-im-internet.de/ebo/__13.html')
      await expect(region).toContainText('In ICE und IC führen auch vom 76-cm-Bahnsteig Stufen')
      // Reached by the keyboard, and nothing of the table hidden or scrolled out of its box.
      await rule.focus()
      await expect(rule).toBeFocused()
      const box = region.locator('.site-table')
      expect(await box.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
      await region.scrollIntoViewIfNeeded()
      await page.screenshot({ path: testInfo.outputPath(`gleise-${screen.name}.png`) })
      await expectCologneLifts(liftsRegion(page))
      await liftsRegion(page).scrollIntoViewIfNeeded()
      await page.screenshot({ path: testInfo.outputPath(`aufzuege-${screen.name}.png`) })
      expect(await axeViolations()).toEqual([])
    })

    test("the lifts are drawn on the station's map, and a lift notice shows beside the lift it names", async ({
      page,
    }, testInfo) => {
      await page.goto(`/bahnhof/${COLOGNE}`)
      const nearby = page.getByRole('region', { name: 'In der Nähe' })
      await nearby.scrollIntoViewIfNeeded()
      const map = nearby.getByRole('region', { name: /^Karte: Köln Hbf/ })
      await expect(map).toBeVisible()
      await expect(map.locator('.site-marker--lift')).toHaveCount(cologneLifts.length)
      // Nürnberg's notice "Aufzug zu Gleis 4/5 wird modernisiert" beside its lift "zu Gleis 4/5 …".
      await page.goto(`/bahnhof/${NUREMBERG}`)
      const lift = liftsRegion(page)
        .getByRole('listitem')
        .filter({ hasText: /^zu Gleis 4\/5/ })
      await expect(lift.getByRole('link', { name: 'Aufzug zu Gleis 4/5 wird modernisiert' })).toBeVisible()
      await expect(liftsRegion(page).getByRole('link', { name: /wird modernisiert/ })).toHaveCount(1)
      await lift.scrollIntoViewIfNeeded()
      await page.screenshot({ path: testInfo.outputPath(`aufzug-meldung-${screen.name}.png`) })
    })

    test("Frankfurt (Main) Hbf's linked stops with their modes, in the list and on the map", async ({
      page,
    }, testInfo) => {
      await page.goto(`/bahnhof/${FRANKFURT}`)
      await expectFrankfurtStops(stopsRegion(page))
      await stopsRegion(page).scrollIntoViewIfNeeded()
      await page.screenshot({ path: testInfo.outputPath(`umsteigen-${screen.name}.png`) })
      const nearby = page.getByRole('region', { name: 'In der Nähe' })
      await nearby.scrollIntoViewIfNeeded()
      await expect(nearby.locator('.site-marker--stop')).toHaveCount(frankfurtStops.length)
    })
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const screen of SCREENS) {
    test(`the server renders the tracks with the page (${screen.name})`, async ({ page }, testInfo) => {
      await page.setViewportSize(screen.viewport)
      await page.goto(`/bahnhof/${COLOGNE}`)
      await expectCologneTracks(tracksRegion(page))
      await expectCologneLifts(liftsRegion(page))
      await page.goto(`/bahnhof/${FRANKFURT}`)
      await expectFrankfurtStops(stopsRegion(page))
      await page.goto(`/bahnhof/${COLOGNE}`)
      await tracksRegion(page).screenshot({ path: testInfo.outputPath(`gleise-ohne-js-${screen.name}.png`) })
    })
  }
})

test.describe('offline', () => {
  test.use({ offlineCopy: true, serviceWorkers: 'allow', viewport: { width: 390, height: 844 } })

  test('a station seen before shows its tracks from the device; one never seen says they are not kept', async ({
    page,
    context,
  }, testInfo) => {
    test.slow()
    // The server-rendered page hands its facts to the device, which keeps them.
    await page.goto(`/bahnhof/${COLOGNE}`)
    await expect(tracksRegion(page).getByRole('table')).toBeVisible()
    await expect
      .poll(() =>
        page.evaluate(
          async () => (await (await caches.open('bahnhofsfinder-station-facts-v1')).keys()).length,
        ),
      )
      .toBe(1)
    await page.goto('/')
    await readyForOffline(page)
    await context.setOffline(true)
    try {
      await navigateInApp(page, `/bahnhof/${COLOGNE}`)
      // The record comes from the device's copy once its engines are built.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Köln Hbf', { timeout: 45_000 })
      await expectCologneTracks(tracksRegion(page))
      await expectCologneLifts(liftsRegion(page))
      await expect(stopsRegion(page).getByRole('list', { name: /^Haltestellen zum Umsteigen/ })).toBeVisible()
      await page.screenshot({ path: testInfo.outputPath('gleise-offline.png') })
      await navigateInApp(page, `/bahnhof/${NUREMBERG}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nürnberg Hbf')
      await expect(tracksRegion(page)).toContainText(
        'Ihr Gerät ist offline, und die Gleise dieses Bahnhofs sind auf ihm nicht gespeichert.',
      )
    } finally {
      await context.setOffline(false)
    }
  })
})
