// Search state in the URL: readable German query parameters, written 400 ms after the last change.
import { expect, pauseClock, test } from './fixtures.ts'

test.describe('search state in the URL', () => {
  test('the URL changes only after 400 ms of quiet', async ({ page, search }) => {
    // The page's clock, not the machine's: 200 ms and 450 ms after the change, exactly.
    await page.clock.install()
    await search.open()
    await pauseClock(page)
    await search.searchBox.fill('Görlitz')
    await page.clock.runFor(200)
    expect(new URL(page.url()).searchParams.get('q')).toBeNull()
    await page.clock.runFor(250)
    await expect(page).toHaveURL(/\/suche\?q=G%C3%B6rlitz/)
  })

  test('typing adds one history entry per settled state, not one per keystroke', async ({ page, search }) => {
    await page.clock.install()
    await search.open()
    const before = await page.evaluate(() => history.length)
    await pauseClock(page)
    // Six keystrokes 60 ms apart on the page's clock: never 400 ms of quiet between them.
    for (const value of ['P', 'Pa', 'Pas', 'Pass', 'Passa', 'Passau']) {
      await search.searchBox.fill(value)
      await page.clock.runFor(60)
    }
    expect(await page.evaluate(() => history.length)).toBe(before)
    await page.clock.runFor(400)
    await search.expectParam('q', 'Passau')
    // Long after: still the one entry.
    await page.clock.runFor(2000)
    expect(await page.evaluate(() => history.length)).toBe(before + 1)
    await page.goBack()
    await search.expectParam('q', null)
  })

  test('query, refinements, page and sort mirror into readable German parameters', async ({
    page,
    search,
  }) => {
    await search.open()
    await search.searchBox.fill('Bad')
    await search.settled()
    await search.refine('Bundesland', 'Baden-Württemberg')
    await search.refine('Ausstattung', 'Parkplatz')
    await search.refine('Kategorie', 'Kategorie 5')
    await search.refine('Kategorie', 'Kategorie 6')
    await search.refine('Stufenfreier Zugang', 'Ja')
    await page.getByRole('combobox', { name: 'Sortierung' }).selectOption({ label: 'Name A–Z' })
    await search.settled()
    await page.getByRole('link', { name: 'Seite 2', exact: true }).click()
    await search.settled()
    await expect
      .poll(() => decodeURIComponent(new URL(page.url()).search).replaceAll('+', ' '))
      .toBe(
        '?q=Bad&bundesland=Baden-Württemberg&kategorie=5&kategorie=6&ausstattung=Parkplatz&zugang=ja&seite=2&sortierung=name-az',
      )
  })

  test('opening such a URL restores the whole state', async ({ page, search }) => {
    await search.open(
      '?q=Bad&bundesland=Bayern&bundesland=Hessen&kategorie=4&kategorie=5&kategorie=6&ausstattung=Parkplatz' +
        '&zugang=ja&zugang=teilweise&seite=2&sortierung=name-za',
    )
    await expect(search.searchBox).toHaveValue('Bad')
    for (const [facet, value] of [
      ['Bundesland', 'Bayern'],
      ['Bundesland', 'Hessen'],
      ['Kategorie', 'Kategorie 4'],
      ['Kategorie', 'Kategorie 5'],
      ['Kategorie', 'Kategorie 6'],
      ['Ausstattung', 'Parkplatz'],
      ['Stufenfreier Zugang', 'Ja'],
      ['Stufenfreier Zugang', 'Teilweise'],
    ] as const) {
      await expect(search.facetValue(facet, value)).toBeChecked()
    }
    await expect(page.getByRole('combobox', { name: 'Sortierung' })).toHaveValue('name-za')
    await expect(page.getByRole('link', { name: 'Seite 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(page.getByRole('button', { name: /^Filter entfernen:/ })).toHaveCount(8)
    await expect(search.hits.first()).toBeVisible()
  })

  test('back and forward restore the previous states', async ({ page, search }) => {
    await search.open()
    await search.searchBox.fill('Trier')
    await search.expectParam('q', 'Trier')
    await search.refine('Bundesland', 'Rheinland-Pfalz')
    await search.expectParam('bundesland', 'Rheinland-Pfalz')

    await page.goBack()
    await search.expectParam('bundesland', null)
    await search.settled()
    await expect(search.facetValue('Bundesland', 'Rheinland-Pfalz')).not.toBeChecked()
    await expect(search.searchBox).toHaveValue('Trier')

    await page.goBack()
    await search.expectParam('q', null)
    await search.settled()
    await expect(search.searchBox).toHaveValue('')
    await expect(search.stats).toContainText('5.388 Bahnhöfe')

    await page.goForward()
    await page.goForward()
    await search.expectParam('bundesland', 'Rheinland-Pfalz')
    await search.settled()
    await expect(search.searchBox).toHaveValue('Trier')
    await expect(search.facetValue('Bundesland', 'Rheinland-Pfalz')).toBeChecked()
  })

  test('malformed parameters are ignored instead of breaking the page', async ({ search }) => {
    await search.open('?seite=abc&kategorie=99&sortierung=preis&unbekannt=1')
    await expect(search.stats).toContainText('5.388 Bahnhöfe')
    await expect(search.facet('Kategorie').getByRole('checkbox', { checked: true })).toHaveCount(0)
  })
})
