// Small faults travellers met on /suche: focus after a list's own search, a page beyond the last,
// skip links, the clear button, pagination for one page, the filter button, stats, placeholder.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

const PHONE = { width: 390, height: 844 }

test.describe('search page details', () => {
  test('choosing a value from a list’s own search keeps the focus in that list', async ({ page, search }) => {
    await search.open()
    const list = search.facet('Bundesland')
    await list.getByRole('searchbox').fill('Bay')
    // Only the list's search answer holds exactly one value.
    await expect(list.getByRole('checkbox')).toHaveCount(1)
    await page.keyboard.press('Tab')
    await expect(list.getByRole('checkbox', { name: /^Bayern / })).toBeFocused()
    await page.keyboard.press('Space')
    await search.expectParam('bundesland', 'Bayern')
    // The search results are gone; the focus is on the chosen value in the full list.
    await expect(list.getByRole('searchbox')).toHaveValue('')
    await expect(list.getByRole('checkbox', { name: /^Bayern / })).toBeFocused()
    await expect(list.getByRole('checkbox', { name: /^Bayern / })).toBeChecked()
  })

  test('on a phone the filter dialog keeps the focus after a list’s own search, and Escape closes it', async ({
    page,
    search,
  }) => {
    await page.setViewportSize(PHONE)
    await search.open()
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Filter' })
    const list = dialog.getByRole('group', { name: 'Aufgabenträger', exact: true })
    // A value beyond the 20 the list loads: it joins the list only with the next answer.
    await list.getByRole('searchbox').fill('SUBV')
    const value = list.getByRole('checkbox', { name: /^SUBV / })
    await value.check()
    await search.expectParam('aufgabentraeger', 'SUBV')
    await expect(value).toBeFocused()
    await expect(value).toBeChecked()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Filter (1)' })).toBeFocused()
  })

  test('a page beyond the last says so and leads back to the first page', async ({ page, search }) => {
    await search.open('?seite=999')
    await expect(page.getByRole('heading', { name: 'Diese Seite gibt es nicht' })).toBeVisible()
    await expect(page.getByText('Seite 999 gibt es darin nicht')).toBeVisible()
    await expect(search.hits).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Seiten der Ergebnisliste' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Zur ersten Seite' }).click()
    await search.settled()
    await expect(search.hits).toHaveCount(20)
    await search.expectParam('seite', null)
    await expect(page.getByRole('heading', { name: 'Ergebnisse' })).toBeFocused()
  })

  test('after the skip link the next refinement is written to the URL', async ({ page, search }) => {
    await search.open()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('main')).toBeFocused()
    await search.refine('Bundesland', 'Saarland')
    await search.expectParam('bundesland', 'Saarland')
    expect(new URL(page.url()).hash).toBe('')
  })

  test('"Zu den Ergebnissen" skips the filters and moves the focus to the results', async ({
    page,
    search,
  }) => {
    await search.open()
    await search.searchBox.focus()
    await page.keyboard.press('Tab') // "Suchen"
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Zu den Ergebnissen', exact: true })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Ergebnisse' })).toBeFocused()
    await page.keyboard.press('Tab')
    expect(await search.results.evaluate((region) => region.contains(document.activeElement))).toBe(true)
  })

  test('after ticking a filter, the hits are a few Tab presses away, not the other filters', async ({
    page,
    search,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 })
    await search.open('?q=Berlin')
    const value = search.facetValue('Bundesland', 'Berlin')
    await value.focus()
    await page.keyboard.press('Space')
    await search.settled()
    await expect(value).toBeChecked()
    let presses = 0
    const skip = page.getByRole('link', { name: 'Weiter zu den Ergebnissen', exact: true })
    while (presses < 15) {
      await page.keyboard.press('Tab')
      presses += 1
      if (await skip.evaluateAll((links) => links.includes(document.activeElement as HTMLAnchorElement)))
        break
    }
    expect(presses).toBeLessThan(15)
    await expect(page.locator(':focus')).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Ergebnisse' })).toBeFocused()
    await page.keyboard.press('Tab')
    expect(await search.results.evaluate((region) => region.contains(document.activeElement))).toBe(true)
  })

  test('the clear button sits inside the search field', async ({ page, search }) => {
    for (const viewport of [{ width: 1400, height: 900 }, PHONE]) {
      await page.setViewportSize(viewport)
      await search.open('?q=Leipzig')
      const field = (await search.searchBox.boundingBox())!
      const clear = (await page.getByRole('button', { name: 'Eingabe löschen' }).boundingBox())!
      expect(clear.x).toBeGreaterThanOrEqual(field.x)
      expect(clear.x + clear.width).toBeLessThanOrEqual(field.x + field.width)
      expect(clear.y).toBeGreaterThanOrEqual(field.y)
      expect(clear.y + clear.height).toBeLessThanOrEqual(field.y + field.height)
    }
  })

  test('pagination is hidden when the results fit on one page', async ({ page, search }) => {
    const pagination = page.getByRole('navigation', { name: 'Seiten der Ergebnisliste' })
    await search.open('?q=Freiburg')
    await expect(search.hits).toHaveCount(9)
    await expect(pagination).toHaveCount(0)
    await search.open('?q=Qxzvbahnhof')
    await expect(pagination).toHaveCount(0)
    await search.open('?q=Bahnhof')
    await expect(pagination).toBeVisible()
  })

  test('the filter button says "Filter" without a count while no filter is active', async ({
    page,
    search,
  }) => {
    await page.setViewportSize(PHONE)
    await search.open()
    await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible()
    await expect(page.getByText('Filter (0)')).toHaveCount(0)
    await search.open('?kategorie=1')
    await expect(page.getByRole('button', { name: 'Filter (1)' })).toBeVisible()
  })

  test('the stats give the number of stations, not the search time', async ({ page, search }) => {
    await search.open('?q=Dresden')
    await expect(search.stats).toHaveText(/^\d+ Bahnhöfe$/)
    await expect(page.getByText(/Suchzeit/)).toHaveCount(0)
  })

  test('the start page’s placeholder fits into its field at 390 px', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.goto('/')
    const field = page.getByRole('combobox', { name: 'Bahnhof suchen' })
    await expect(field).toHaveAttribute('placeholder', 'Bahnhof, Ort, PLZ oder RIL100-Kürzel')
    expect(await placeholderOverflow(page)).toBeLessThanOrEqual(0)
  })
})

/** Width of the start page field's placeholder text minus the room inside the field, in px. */
function placeholderOverflow(page: Page): Promise<number> {
  return page.getByRole('combobox', { name: 'Bahnhof suchen' }).evaluate((element) => {
    const input = element as HTMLInputElement
    const style = getComputedStyle(input)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    const room =
      input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)
    return context.measureText(input.placeholder).width - room
  })
}
