// Accessibility: landmarks, labels, visible focus, keyboard use, announcements, and no serious or
// critical axe-core violation.
import { expect, test } from './fixtures.ts'

test.describe('accessibility', () => {
  for (const path of [
    '/',
    '/suche',
    '/suche?q=K%C3%B6ln&bundesland=Nordrhein-Westfalen',
    '/bahnhof/8000207',
    '/nirgendwo',
  ]) {
    test(`axe-core finds no serious or critical violation on ${path}`, async ({
      page,
      search,
      axeViolations,
    }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      if (path.startsWith('/suche')) await expect(search.hits.first()).toBeVisible()
      expect(await axeViolations()).toEqual([])
    })
  }

  test('axe-core finds no serious or critical violation in the empty and error states', async ({
    page,
    search,
    axeViolations,
  }) => {
    await search.open('?q=Qxzvbahnhof&bundesland=Bremen')
    await expect(page.getByRole('heading', { name: 'Keine Bahnhöfe gefunden' })).toBeVisible()
    expect(await axeViolations()).toEqual([])

    await page.route(/\/1\/indexes\/\*\/queries/, (route) => route.fulfill({ status: 500, body: '{}' }))
    await search.searchBox.fill('Fehler')
    await expect(search.errorAlert).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })

  test('the search page has landmarks and labelled controls', async ({ page, search }) => {
    await search.open()
    await expect(page.getByRole('banner')).toHaveCount(1)
    await expect(page.getByRole('main')).toHaveCount(1)
    await expect(page.getByRole('contentinfo')).toHaveCount(1)
    await expect(page.getByRole('search', { name: 'Bahnhöfe' })).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Filter' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Ergebnisse' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Seiten der Ergebnisliste' })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Sortierung' })).toBeVisible()
    for (const title of ['Bundesland', 'Ausstattung', 'Aufgabenträger']) {
      await expect(page.getByRole('searchbox', { name: `${title} suchen` })).toBeVisible()
    }
  })

  test('every control works with the keyboard, with a visible focus', async ({ page, search }) => {
    await search.open()
    // Skip link first.
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()

    // "Mehr anzeigen" by Enter.
    const more = search.facet('Aufgabenträger').getByRole('button', { name: 'Mehr anzeigen' })
    await more.focus()
    await page.keyboard.press('Enter')
    await expect(search.facet('Aufgabenträger').getByRole('checkbox')).toHaveCount(20)

    // A facet value: Tab to it, Space toggles it, and the focus ring shows.
    await search.facet('Bundesland').getByRole('searchbox').focus()
    await page.keyboard.press('Tab')
    const first = search.facet('Bundesland').getByRole('checkbox').first()
    await expect(first).toBeFocused()
    const outline = await first.evaluate((element) => {
      const style = getComputedStyle(element)
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) }
    })
    expect(outline.style).not.toBe('none')
    expect(outline.width).toBeGreaterThanOrEqual(2)
    await page.keyboard.press('Space')
    await search.settled()
    await expect(first).toBeChecked()
    await search.expectParam('bundesland', 'Bayern')

    // Sort by arrow keys.
    const sort = page.getByRole('combobox', { name: 'Sortierung' })
    await sort.focus()
    await page.keyboard.press('ArrowDown')
    await search.expectParam('sortierung', 'name-az')

    // Pagination link by Enter, then the focus is at the results.
    await page.getByRole('link', { name: 'Seite 2', exact: true }).focus()
    await page.keyboard.press('Enter')
    await search.expectParam('seite', '2')
    await expect(page.getByRole('heading', { name: 'Ergebnisse' })).toBeFocused()

    // Chip removal by Enter.
    await page.getByRole('button', { name: 'Filter entfernen: Bundesland Bayern' }).focus()
    await page.keyboard.press('Enter')
    await search.expectParam('bundesland', null)
  })

  test('result changes are announced to screen readers', async ({ search }) => {
    await search.open()
    await search.refine('Bundesland', 'Saarland')
    // A status region (role status), announced politely.
    const announcement = search.page.getByRole('status').filter({ hasText: 'Bahnhöfe gefunden' })
    await expect(announcement).toHaveText('77 Bahnhöfe gefunden')
    await expect(announcement).toHaveAttribute('aria-live', 'polite')
  })
})
