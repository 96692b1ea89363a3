// Refinement lists: nine lists, 10 → 20 values, facet-value search capped at 100.
import { expect, highlights, QUERIES_URL, sentQueries, test } from './fixtures.ts'

const LISTS = [
  'Bundesland',
  'Züge',
  'Kategorie',
  'Ausstattung',
  'Stufenfreier Zugang',
  'Bahnsteighöhe',
  'Aufzug',
  'Aufgabenträger',
  'Bahnhofstyp',
]

test.describe('refinement lists', () => {
  test('shows the nine lists, each with at most 10 values and counts in German format', async ({
    search,
  }) => {
    await search.open()
    for (const title of LISTS) {
      const values = search.facet(title).getByRole('checkbox')
      await expect(values.first()).toBeVisible()
      expect(await values.count()).toBeLessThanOrEqual(10)
    }
    await expect(search.facet('Bundesland').getByRole('checkbox')).toHaveCount(10)
    // 3,954 stations have parking: German grouping with a dot.
    await expect(search.facetValue('Ausstattung', 'Parkplatz')).toHaveAccessibleName(
      /^Parkplatz 3\.954 Bahnhöfe$/,
    )
    await expect(search.facetValue('Stufenfreier Zugang', 'Ja')).toHaveAccessibleName(/^Ja 4\.350 Bahnhöfe$/)
  })

  test('labels categories "Kategorie 1" … with a short explanation, in order', async ({ search }) => {
    await search.open()
    const categories = search.facet('Kategorie').getByRole('checkbox')
    await expect(categories).toHaveCount(7)
    await expect(categories.first()).toHaveAccessibleName(
      /^Kategorie 1 Große Knotenbahnhöfe des Fernverkehrs 24 /,
    )
    await expect(categories.last()).toHaveAccessibleName(
      /^Kategorie 7 Haltepunkte mit einfacher Ausstattung /,
    )
  })

  test('"Mehr anzeigen" raises 10 values to 20 on Aufgabenträger (28 values)', async ({ page, search }) => {
    await search.open()
    const operators = search.facet('Aufgabenträger')
    await expect(operators.getByRole('checkbox')).toHaveCount(10)
    const more = operators.getByRole('button', { name: 'Mehr anzeigen' })
    await expect(more).toHaveAttribute('aria-expanded', 'false')
    await more.click()
    await expect(operators.getByRole('checkbox')).toHaveCount(20)
    const less = operators.getByRole('button', { name: 'Weniger anzeigen' })
    await expect(less).toHaveAttribute('aria-expanded', 'true')
    await less.click()
    await expect(operators.getByRole('checkbox')).toHaveCount(10)
    expect(page.url()).not.toContain('aufgabentraeger')
  })

  test('refining narrows the hits and the other lists', async ({ search }) => {
    await search.open()
    await search.refine('Bundesland', 'Bremen')
    await expect(search.stats).toContainText('16 Bahnhöfe')
    await expect(search.facetValue('Bundesland', 'Bremen')).toBeChecked()
    // Disjunctive: the other states stay selectable; the other lists count within Bremen.
    await expect(search.facetValue('Bundesland', 'Bayern')).toBeVisible()
    await expect(search.facet('Kategorie').getByRole('checkbox')).toHaveCount(5)
    await expect(search.facetValue('Kategorie', 'Kategorie 5')).toHaveAccessibleName(/ 8 Bahnhöfe$/)
  })

  test('facet-value search finds values with highlighted matches, capped at 100 values', async ({
    page,
    search,
  }) => {
    await search.open()
    const states = search.facet('Bundesland')
    const facetSearch = page.waitForRequest(
      (request) =>
        QUERIES_URL.test(request.url()) && sentQueries(request).some((query) => query.type === 'facet'),
    )
    await states.getByRole('searchbox', { name: 'Bundesland suchen' }).fill('sachs')
    const [query] = sentQueries(await facetSearch).filter((sent) => sent.type === 'facet')
    expect(Number(query?.params.maxFacetHits)).toBe(100)
    expect(query?.params.facetQuery).toBe('sachs')

    await expect(states.getByRole('checkbox')).toHaveCount(2)
    await expect(states.getByRole('checkbox', { name: /^Sachsen 398 / })).toBeVisible()
    await expect(states.getByRole('checkbox', { name: /^Sachsen-Anhalt 287 / })).toBeVisible()
    await expect(highlights(states).first()).toHaveText(/^sachs$/i)

    await states.getByRole('checkbox', { name: /^Sachsen-Anhalt / }).check()
    await search.settled()
    await expect(states.getByRole('searchbox', { name: 'Bundesland suchen' })).toHaveValue('')
    await expect(search.facetValue('Bundesland', 'Sachsen-Anhalt')).toBeChecked()
    await expect(search.stats).toContainText('287 Bahnhöfe')
  })

  test('the Bundesland search knows how Germans abbreviate the Länder (nrw, BaWü, MV)', async ({
    search,
  }) => {
    await search.open()
    const states = search.facet('Bundesland')
    const field = states.getByRole('searchbox', { name: 'Bundesland suchen' })
    for (const [typed, land] of [
      ['nrw', 'Nordrhein-Westfalen'],
      ['BaWü', 'Baden-Württemberg'],
      ['MV', 'Mecklenburg-Vorpommern'],
    ] as const) {
      await field.fill(typed)
      await expect(states.getByRole('checkbox')).toHaveCount(1)
      await expect(states.getByRole('checkbox', { name: new RegExp(`^${land} `) })).toBeVisible()
    }
    await states.getByRole('checkbox', { name: /^Mecklenburg-Vorpommern / }).check()
    await search.settled()
    await expect(search.facetValue('Bundesland', 'Mecklenburg-Vorpommern')).toBeChecked()
  })

  test('a facet-value search without matches says so', async ({ search }) => {
    await search.open()
    const operators = search.facet('Aufgabenträger')
    await operators.getByRole('searchbox', { name: 'Aufgabenträger suchen' }).fill('xyzq')
    await expect(operators.getByText('Keine passenden Werte.')).toBeVisible()
  })
})
