// The Bahnsteighöhe and Aufzug filters as a traveller meets them: four height groups, highest first,
// each saying what it means for boarding, and "mit Aufzug", with exact counts (computed from
// db-platforms and db-elevators); in the URL, on a wide screen and a phone, rendered by the server
// without JavaScript, and from the device's copy offline.
import type { Page } from '@playwright/test'
import { platformHeightCounts, stationsWithLifts } from '../helpers/station-site.ts'
import { allStations } from '../helpers/stations.ts'
import { expect, type SearchUi, test } from './fixtures.ts'
import { readyForOffline } from './offline-ready.ts'

const ids = new Set((await allStations()).map((station) => station.objectID))
const counts = platformHeightCounts(ids)
const withLifts = stationsWithLifts(ids).size
const german = (count: number | undefined) => (count ?? 0).toLocaleString('de-DE')
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const SCREENS = [
  { name: 'wide', viewport: { width: 1400, height: 900 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
]

/** Label, what it means for boarding, and the group's key in the records. */
const GROUPS = [
  ['96 cm und höher', 'S-Bahn-Höhe: eben in die S-Bahn', '96'],
  ['76 cm', 'Regelhöhe; in ICE und IC Stufen', '76'],
  ['55 cm', 'eben in Züge mit niedrigem Einstieg', '55'],
  ['38 cm und niedriger', 'hohe Stufe in jeden Zug', '38'],
] as const

async function openFilters(page: Page, phone: boolean): Promise<void> {
  if (phone) await page.getByRole('button', { name: /^Filter( \(\d+\))?$/ }).click()
}

/** The list: every group in order, with its meaning and exact count. */
async function expectHeightList(search: SearchUi): Promise<void> {
  const values = search.facet('Bahnsteighöhe').getByRole('checkbox')
  await expect(values).toHaveCount(GROUPS.length)
  for (const [index, [label, meaning, key]] of GROUPS.entries()) {
    await expect(values.nth(index)).toHaveAccessibleName(
      new RegExp(`^${escaped(label)} ${escaped(meaning)} ${escaped(german(counts[key]))} Bahnhöfe$`),
    )
  }
}

for (const screen of SCREENS) {
  test.describe(`the Bahnsteighöhe filter (${screen.name}, ${screen.viewport.width}×${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport, isMobile: screen.phone, hasTouch: screen.phone })

    test('lists the height groups with what they mean and exact counts, and refines into the URL', async ({
      page,
      search,
    }, testInfo) => {
      await search.open()
      await openFilters(page, screen.phone)
      await expectHeightList(search)
      await search.facet('Bahnsteighöhe').scrollIntoViewIfNeeded()
      await page.screenshot({ path: testInfo.outputPath(`bahnsteighoehe-${screen.name}.png`) })
      // By keyboard: Tab reaches the value, Space ticks it.
      const high = search.facetValue('Bahnsteighöhe', '96 cm und höher')
      await high.focus()
      await page.keyboard.press('Space')
      await expect(high).toBeChecked()
      await search.expectParam('bahnsteighoehe', '96')
      await expect(search.stats).toHaveText(`${german(counts['96'])} Bahnhöfe`)
      // "mit Aufzug", counted among the 96-cm stations, then alone.
      await high.uncheck()
      const lift = search.facetValue('Aufzug', 'mit Aufzug')
      await expect(lift).toHaveAccessibleName(
        `mit Aufzug laut DB-Daten von 2020 ${german(withLifts)} Bahnhöfe`,
      )
      await lift.check()
      await search.expectParam('aufzug', 'ja')
      await expect(search.stats).toHaveText(`${german(withLifts)} Bahnhöfe`)
    })
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const screen of SCREENS) {
    test(`the server renders the refined list (${screen.name})`, async ({ page, search }, testInfo) => {
      await page.setViewportSize(screen.viewport)
      await page.goto('/suche?bahnsteighoehe=38')
      await expect(search.stats).toHaveText(`${german(counts['38'])} Bahnhöfe`)
      await expect(search.facetValue('Bahnsteighöhe', '38 cm und niedriger')).toBeChecked()
      await page.screenshot({
        path: testInfo.outputPath(`bahnsteighoehe-ohne-js-${screen.name}.png`),
        fullPage: true,
      })
      // The form: tick another group and apply.
      await search.facetValue('Bahnsteighöhe', '55 cm').check()
      await page.getByRole('button', { name: 'Filter anwenden' }).click()
      await expect(page).toHaveURL(/\/suche\?bahnsteighoehe=55&bahnsteighoehe=38$/)
      await expect(search.facetValue('Bahnsteighöhe', '55 cm')).toBeChecked()
      await page.goto('/suche?aufzug=ja')
      await expect(search.stats).toHaveText(`${german(withLifts)} Bahnhöfe`)
      await expect(search.facetValue('Aufzug', 'mit Aufzug')).toBeChecked()
    })
  }
})

test.describe('offline', () => {
  test.use({ offlineCopy: true, serviceWorkers: 'allow', viewport: { width: 1400, height: 900 } })

  test('the device counts and refines the height groups from its own copy', async ({
    page,
    context,
    search,
  }) => {
    test.slow()
    await search.open()
    await readyForOffline(page)
    await context.setOffline(true)
    try {
      await search.searchBox.fill('hamburg')
      await expect(search.hits.first()).toBeVisible({ timeout: 45_000 })
      await search.searchBox.fill('')
      await search.refine('Bahnsteighöhe', '76 cm')
      await expect(search.stats).toHaveText(`${german(counts['76'])} Bahnhöfe`)
      await expectHeightList(search)
      await search.refine('Aufzug', 'mit Aufzug')
      await expect(search.facetValue('Aufzug', 'mit Aufzug')).toBeChecked()
      await expect(search.stats).not.toHaveText(`${german(counts['76'])} Bahnhöfe`)
    } finally {
      await context.setOffline(false)
    }
  })
})
