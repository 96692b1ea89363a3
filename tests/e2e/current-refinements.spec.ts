// Active filters, reset, stats, and sorting through replicas.
import { expect, QUERIES_URL, sentQueries, test } from './fixtures.ts'

test.describe('current refinements, stats and sort', () => {
  test('lists the active filters; one click removes one, "Alle Filter zurücksetzen" all', async ({
    page,
    search,
  }) => {
    await search.open()
    await search.refine('Bundesland', 'Hamburg')
    await search.refine('Ausstattung', 'WLAN')
    const active = page.getByRole('region', { name: 'Aktive Filter' })
    await expect(active.getByText('Bundesland:')).toBeVisible()
    await expect(active.getByText('Ausstattung:')).toBeVisible()

    await active.getByRole('button', { name: 'Filter entfernen: Ausstattung WLAN' }).click()
    await search.settled()
    await expect(search.facetValue('Ausstattung', 'WLAN')).not.toBeChecked()
    await expect(search.stats).toContainText('57 Bahnhöfe')

    await search.refine('Stufenfreier Zugang', 'Ja')
    await active.getByRole('button', { name: 'Alle Filter zurücksetzen' }).click()
    await search.settled()
    await expect(active).toHaveCount(0)
    await expect(search.stats).toContainText('5.388 Bahnhöfe')
  })

  test('"Alle Filter zurücksetzen" keeps the search term', async ({ page, search }) => {
    await search.open('?q=Hbf&bundesland=Bayern')
    await page.getByRole('button', { name: 'Alle Filter zurücksetzen' }).click()
    await search.settled()
    await expect(search.searchBox).toHaveValue('Hbf')
    await search.expectParam('bundesland', null)
    await search.expectParam('q', 'Hbf')
  })

  test('stats give the number of stations in German format, no search time', async ({ search }) => {
    await search.open()
    await expect(search.stats).toHaveText('5.388 Bahnhöfe')
    await search.refine('Bundesland', 'Bremen')
    await expect(search.stats).toHaveText('16 Bahnhöfe')
  })

  test('sorts through the replicas: Relevanz, Name A–Z, Name Z–A, Kategorie', async ({ page, search }) => {
    await search.open()
    const sort = page.getByRole('combobox', { name: 'Sortierung' })
    await expect(sort.getByRole('option')).toHaveText(['Relevanz', 'Name A–Z', 'Name Z–A', 'Kategorie'])

    const byName = page.waitForRequest(QUERIES_URL)
    await sort.selectOption({ label: 'Name A–Z' })
    expect(sentQueries(await byName)[0]?.indexName).toBe('stations_name_asc')
    await search.settled()
    await expect(search.hits.first().getByRole('heading')).toHaveText('Aachen Hbf')
    await search.expectParam('sortierung', 'name-az')

    await sort.selectOption({ label: 'Name Z–A' })
    await search.settled()
    await expect(search.hits.first().getByRole('heading')).toHaveText('Zwotental')

    await sort.selectOption({ label: 'Kategorie' })
    await search.settled()
    await expect(search.hits.first()).toContainText('Kategorie 1')
    await search.expectParam('sortierung', 'kategorie')

    await sort.selectOption({ label: 'Relevanz' })
    await search.expectParam('sortierung', null)
  })
})
