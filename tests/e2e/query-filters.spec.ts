// Filters found through words: a Bundesland typed into the search box becomes the Bundesland
// filter (a chip that removes it, the list's checkbox, the address), and the Aufgabenträger list's
// search finds the names the list shows, not only the codes.
import type { Page } from '@playwright/test'
import { expect, highlights, type SearchUi, test } from './fixtures.ts'

/** Opens the filters: beside the results on wide screens, a dialog on phones. */
async function openFilters(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: /^Filter( \(\d+\))?$/ })
  if (await button.isVisible()) await button.click()
}

/** Closes the filter dialog on phones (nothing to do where the filters stand beside the results). */
async function closeFilters(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Filter', exact: true })
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Schließen' }).click()
}

function chip(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Aktive Filter' })
    .getByRole('button', { name: `Filter entfernen: ${label}` })
}

async function firstHit(search: SearchUi): Promise<string> {
  await search.settled()
  return (await search.hits.first().getByRole('heading').textContent()) ?? ''
}

for (const [width, height, where] of [
  [1400, 900, 'a desktop'],
  [390, 844, 'a phone'],
] as const) {
  test.describe(`${where} (${width} × ${height})`, () => {
    test.use({ viewport: { width, height }, isMobile: width < 600, hasTouch: width < 600 })

    test('a Bundesland beside other words shows as a chip, becomes the filter on Enter, and the chip removes it', async ({
      page,
      search,
    }) => {
      await search.open()
      await search.searchBox.fill('hbf nrw')
      // While the words are in the field: the state's stations, and the chip that says why.
      await expect(chip(page, 'Bundesland Nordrhein-Westfalen')).toBeVisible()
      expect(await firstHit(search)).toBe('Düsseldorf Hbf')
      await expect(search.searchBox).toHaveValue('hbf nrw')

      await search.searchBox.press('Enter')
      await expect(search.searchBox).toHaveValue('hbf')
      await search.expectParam('bundesland', 'Nordrhein-Westfalen')
      await search.expectParam('q', 'hbf')
      expect(await firstHit(search)).toBe('Düsseldorf Hbf')
      await openFilters(page)
      await expect(search.facetValue('Bundesland', 'Nordrhein-Westfalen')).toBeChecked()
      await closeFilters(page)

      await chip(page, 'Bundesland Nordrhein-Westfalen').click()
      await expect(chip(page, 'Bundesland Nordrhein-Westfalen')).toHaveCount(0)
      await search.expectParam('bundesland', null)
      await expect(search.searchBox).toHaveValue('hbf')
      expect(await firstHit(search)).toBe('Nürnberg Hbf')
    })

    test('the chip of a state still being typed takes its words out of the query', async ({
      page,
      search,
    }) => {
      await search.open()
      await search.searchBox.fill('köln nrw')
      await chip(page, 'Bundesland Nordrhein-Westfalen').click()
      await expect(search.searchBox).toHaveValue('köln')
      await expect(chip(page, 'Bundesland Nordrhein-Westfalen')).toHaveCount(0)
      await search.expectParam('q', 'köln')
      await search.expectParam('bundesland', null)
      expect(await firstHit(search)).toBe('Köln Hbf')
    })

    test('a page opened with a state as its query shows the filter, and Back does not return to the query', async ({
      page,
      search,
    }) => {
      await search.open()
      await search.searchBox.fill('Bayern')
      await search.searchBox.press('Enter')
      await search.expectParam('bundesland', 'Bayern')
      await search.expectParam('q', null)
      await expect(search.searchBox).toHaveValue('')
      await expect(chip(page, 'Bundesland Bayern')).toBeVisible()
      expect(await firstHit(search)).toBe('Nürnberg Hbf')

      // A link to the query: the filter on arrival.
      await search.open('?q=nrw')
      await search.expectParam('bundesland', 'Nordrhein-Westfalen')
      await search.expectParam('q', null)
      await expect(chip(page, 'Bundesland Nordrhein-Westfalen')).toBeVisible()
      // Back leads to the search before, not to "?q=nrw" (which would turn into the filter again).
      await page.goBack()
      await search.expectParam('bundesland', 'Bayern')
      await search.settled()
      await expect(chip(page, 'Bundesland Bayern')).toBeVisible()
      await search.expectParam('bundesland', 'Bayern')
    })

    test('the Aufgabenträger search finds the names the list shows', async ({ page, search }) => {
      await search.open()
      await openFilters(page)
      const operators = search.facet('Aufgabenträger')
      const field = operators.getByRole('searchbox', { name: 'Aufgabenträger suchen' })

      await field.fill('Rheinland')
      await expect(operators.getByRole('checkbox')).toHaveCount(3)
      await expect(operators.getByRole('checkbox').first()).toHaveAccessibleName(
        /^ZPNV Süd Zweckverband SPNV Rheinland-Pfalz Süd 227 Bahnhöfe$/,
      )
      await expect(
        operators.getByRole('checkbox', { name: /^NVR Zweckverband Nahverkehr Rheinland 144 / }),
      ).toBeVisible()
      await expect(highlights(operators).first()).toHaveText('Rheinland')

      await field.fill('Verkehrsverbund')
      await expect(
        operators.getByRole('checkbox', { name: /^VRR Verkehrsverbund Rhein-Ruhr 288 / }),
      ).toBeVisible()
      await expect(operators.getByText('Keine passenden Werte.')).toHaveCount(0)
      await operators.getByRole('checkbox', { name: /^VRR / }).check()
      await search.settled()
      await expect(field).toHaveValue('')
      await expect(search.facetValue('Aufgabenträger', 'VRR')).toBeChecked()
      await closeFilters(page)
      await expect(search.stats).toHaveText('288 Bahnhöfe')
      await expect(chip(page, 'Aufgabenträger VRR')).toBeVisible()
    })
  })
}
