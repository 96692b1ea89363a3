// The Züge filter as a traveller meets it: the train types with exact counts (computed from
// db-hafas-stations), in the URL, as badges on the hit cards, recognized in the query, on a wide
// screen and a phone, rendered by the server without JavaScript, and from the device's copy offline.
import type { Page } from '@playwright/test'
import { trainCounts } from '../helpers/train-types.ts'
import { expect, type SearchUi, test } from './fixtures.ts'
import { readyForOffline } from './offline-ready.ts'

const counts = await trainCounts()
const german = (count: number) => count.toLocaleString('de-DE')

const SCREENS = [
  { name: 'wide', viewport: { width: 1400, height: 900 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
]

/** On a phone the filters are a dialog behind "Filter (n)". */
async function openFilters(page: Page, phone: boolean): Promise<void> {
  if (phone) await page.getByRole('button', { name: /^Filter( \(\d+\))?$/ }).click()
}

/** The Züge list shows every train type in the travellers' order with its exact count. */
async function expectTrainList(search: SearchUi): Promise<void> {
  const values = search.facet('Züge').getByRole('checkbox')
  await expect(values).toHaveCount(8)
  await expect(search.facetValue('Züge', 'ICE')).toHaveAccessibleName(
    `ICE Intercity-Express ${german(counts.ICE ?? 0)} Bahnhöfe`,
  )
  await expect(search.facetValue('Züge', 'RE/RB')).toHaveAccessibleName(
    new RegExp(` ${german(counts['RE/RB'] ?? 0).replace('.', '\\.')} Bahnhöfe$`),
  )
  const names = await values.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value))
  expect(names).toEqual(['ICE', 'IC/EC', 'RE/RB', 'S-Bahn', 'U-Bahn', 'Straßenbahn', 'Bus', 'Fähre'])
}

for (const screen of SCREENS) {
  test.describe(`the Züge filter (${screen.name}, ${screen.viewport.width}×${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport, isMobile: screen.phone, hasTouch: screen.phone })

    test('lists the train types with exact counts, refines into the URL, and badges the hits', async ({
      page,
      search,
    }, testInfo) => {
      await search.open()
      await openFilters(page, screen.phone)
      await expectTrainList(search)
      await search.refine('Züge', 'ICE')
      await search.expectParam('zuege', 'ICE')
      await expect(search.stats).toHaveText(`${german(counts.ICE ?? 0)} Bahnhöfe`)
      if (screen.phone) await page.getByRole('button', { name: /^Ergebnisse anzeigen/ }).click()
      const first = search.hits.first()
      await expect(
        first
          .getByRole('list', { name: /^Züge in / })
          .getByRole('listitem')
          .first(),
      ).toHaveText('ICE')
      await page.screenshot({ path: testInfo.outputPath(`zuege-${screen.name}.png`) })
    })

    test('"fernverkehr köln" becomes the ICE and IC/EC refinements and searches "köln"', async ({
      page,
      search,
    }, testInfo) => {
      await search.open()
      await search.searchBox.fill('fernverkehr köln')
      await search.searchBox.press('Enter')
      await expect.poll(() => search.params().getAll('zuege')).toEqual(['ICE', 'IC/EC'])
      await expect.poll(() => search.params().get('q')).toBe('köln')
      await search.settled()
      await expect(search.hits.first().getByRole('heading')).toHaveText('Köln Hbf')
      const active = page.getByRole('region', { name: 'Aktive Filter' })
      await expect(active).toContainText('Züge')
      await page.screenshot({ path: testInfo.outputPath(`fernverkehr-${screen.name}.png`) })
    })
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const screen of SCREENS) {
    test(`the server renders the refined list and the badges (${screen.name})`, async ({
      page,
      search,
    }, testInfo) => {
      await page.setViewportSize(screen.viewport)
      await page.goto('/suche?zuege=U-Bahn')
      await expect(search.stats).toHaveText(`${german(counts['U-Bahn'] ?? 0)} Bahnhöfe`)
      await expect(search.facetValue('Züge', 'U-Bahn')).toBeChecked()
      await expect(search.hits.first().getByRole('list', { name: /^Züge in / })).toContainText('U-Bahn')
      await page.screenshot({ path: testInfo.outputPath(`ohne-js-${screen.name}.png`), fullPage: true })
      // The form: tick another type and apply.
      await search.facetValue('Züge', 'Fähre').check()
      await page.getByRole('button', { name: 'Filter anwenden' }).click()
      await expect(page).toHaveURL(/\/suche\?zuege=U-Bahn&zuege=F%C3%A4hre$/)
      await expect(search.stats).toHaveText(
        `${german((counts['U-Bahn'] ?? 0) + (counts.Fähre ?? 0))} Bahnhöfe`,
      )
    })
  }
})

test.describe('offline', () => {
  test.use({ offlineCopy: true, serviceWorkers: 'allow', viewport: { width: 1400, height: 900 } })

  test('the device counts and refines the train types from its own copy', async ({
    page,
    context,
    search,
  }, testInfo) => {
    test.slow()
    await search.open()
    await readyForOffline(page)
    await context.setOffline(true)
    try {
      await search.searchBox.fill('ice')
      await expect(search.stats).toHaveText(`${german(counts.ICE ?? 0)} Bahnhöfe`, { timeout: 45_000 })
      await search.searchBox.fill('')
      await search.refine('Züge', 'Straßenbahn')
      await expect(search.stats).toHaveText(`${german(counts.Straßenbahn ?? 0)} Bahnhöfe`)
      await expectTrainList(search)
      await page.screenshot({ path: testInfo.outputPath('offline.png') })
    } finally {
      await context.setOffline(false)
    }
  })
})
