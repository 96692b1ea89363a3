// A failed search reads as such: alone when there was no earlier answer, and with the earlier
// results marked as outdated after a failure mid-session; the message is announced (role="alert").
import { expect, navigateInApp, QUERIES_URL, test } from './fixtures.ts'

const failing = { status: 500, contentType: 'application/json', body: '{"message":"down","status":500}' }

test.describe('error state', () => {
  test('a first search that fails shows the error alone, without counts, empty lists or pages', async ({
    page,
    search,
  }) => {
    await page.route(QUERIES_URL, (route) => route.fulfill(failing))
    // Reached within the app: a page loaded directly comes with the server's results.
    await navigateInApp(page, '/suche?q=Berlin&bundesland=Berlin')
    await expect(search.errorAlert).toBeVisible()
    await expect(search.errorAlert).toContainText('Der Suchdienst antwortet gerade nicht oder ist gestört.')
    for (const text of [/Bahnhöfe|Suchzeit/, 'Keine Werte für diese Suche.', 'Keine Bahnhöfe gefunden']) {
      await expect(page.getByText(text).filter({ visible: true })).toHaveCount(0)
    }
    await expect(page.getByRole('navigation', { name: 'Seiten der Ergebnisliste' })).toHaveCount(0)
    await expect(search.hits).toHaveCount(0)
    await expect(search.filters).toContainText('Die Filter erscheinen, sobald die Suche wieder antwortet.')
    // What was asked for stays: the term and the filter.
    await expect(search.searchBox).toHaveValue('Berlin')
    await expect(page.getByRole('button', { name: 'Filter entfernen: Bundesland Berlin' })).toBeVisible()

    await page.unroute(QUERIES_URL)
    await search.errorAlert.getByRole('button', { name: 'Erneut versuchen' }).click()
    await search.settled()
    await expect(search.hits.first()).toContainText('Berlin')
    await expect(search.facetValue('Bundesland', 'Berlin')).toBeChecked()
  })

  test('after a failure mid-session the earlier results stay, marked as not current', async ({
    page,
    search,
  }) => {
    await search.open('?q=Freiburg')
    await page.route(QUERIES_URL, (route) => route.fulfill(failing))
    await search.searchBox.fill('Köln')
    await expect(search.errorAlert).toContainText('Ergebnisse der vorherigen Suche; sie sind nicht aktuell')
    await expect(page.getByText('Nicht aktuell: Ergebnisse der vorherigen Suche „Freiburg“')).toBeVisible()
    await expect(
      page.getByRole('heading', { name: 'Ergebnisse der vorherigen Suche (nicht aktuell)' }),
    ).toBeAttached()
    await expect(search.stats).toHaveText('9 Bahnhöfe (vorherige Suche)')
    await expect(search.hits.first()).toContainText('Freiburg')
    // The field keeps the term that failed, also once the focus has left it.
    await page.getByRole('combobox', { name: 'Sortierung' }).focus()
    await expect(search.searchBox).toHaveValue('Köln')

    await page.unroute(QUERIES_URL)
    await search.errorAlert.getByRole('button', { name: 'Erneut versuchen' }).click()
    await search.settled()
    await expect(search.hits.first()).toContainText('Köln')
    await expect(page.getByText(/Nicht aktuell/)).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Ergebnisse', exact: true })).toBeAttached()
  })
})
