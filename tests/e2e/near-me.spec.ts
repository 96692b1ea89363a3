// "In meiner Nähe" on /suche: hits sorted by distance from the browser's position, each with its
// distance; a German message when the position is refused or does not come; the position stays
// out of the URL.
import type { Locator } from '@playwright/test'
import { expect, QUERIES_URL, sentQueries, test } from './fixtures.ts'
import { SearchMapUi } from './search-map-ui.ts'

/** Beside Cologne Cathedral: Köln Hbf is the nearest station. */
const COLOGNE_CATHEDRAL = { latitude: 50.9413, longitude: 6.9583 }

/** "2,4 km entfernt" / "850 m entfernt" → kilometres. */
function kilometres(text: string): number {
  const match = /([\d.,]+)\s(km|m) entfernt/.exec(text)
  if (!match) throw new Error(`no distance in "${text}"`)
  const value = Number(match[1]!.replace(/\./g, '').replace(',', '.'))
  return match[2] === 'km' ? value : value / 1000
}

function distances(hits: Locator): Promise<number[]> {
  return hits
    .getByText(/ entfernt$/)
    .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''))
    .then((texts) => texts.map(kilometres))
}

test.describe('near me, position allowed', () => {
  test.use({ geolocation: COLOGNE_CATHEDRAL, permissions: ['geolocation'] })

  test('sorts the hits by distance, nearest first, with each distance shown', async ({ page, search }) => {
    await page.clock.install()
    await search.open()
    const sent = page.waitForRequest(
      (request) =>
        QUERIES_URL.test(request.url()) &&
        sentQueries(request).some((query) => query.params.aroundLatLng !== undefined),
    )
    const button = page.getByRole('button', { name: 'In meiner Nähe' })
    await expect(button).toHaveAttribute('aria-pressed', 'false')
    await button.click()
    await expect(button).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('status').filter({ hasText: 'Nach Entfernung' })).toBeVisible()

    // The position goes to the search service rounded to about 100 m, and every match stays.
    const query = sentQueries(await sent).find((q) => q.params.aroundLatLng !== undefined)!
    expect(String(query.params.aroundLatLng)).toBe('50.941,6.958')
    expect(query.params.aroundRadius).toBe('all')

    await expect(search.hits.first().getByRole('heading')).toHaveText('Köln Hbf')
    await expect(search.hits.first()).toContainText(/\d+\sm entfernt/)
    await expect(search.hits).toHaveCount(20)
    const shown = await distances(search.hits)
    expect(shown).toHaveLength(20)
    expect(shown).toEqual([...shown].sort((a, b) => a - b))
    // The 20 nearest stations of Cologne are all within the city's 15 km.
    expect(shown.at(-1)).toBeLessThan(15)
    await expect(search.stats).toHaveText('5.388 Bahnhöfe')

    // Private: the position is in no address, also past the URL's write delay (the page's clock).
    await page.clock.runFor(600)
    expect(page.url()).not.toMatch(/50\.9|6\.95/)
  })

  test('works with a query and switches off again', async ({ page, search }) => {
    // "Hbf" is too short for typos, so all matches rank alike but for the distance.
    await search.open('?q=Hbf')
    const relevanceFirst = await search.hits.first().getByRole('heading').textContent()
    const button = page.getByRole('button', { name: 'In meiner Nähe' })
    await button.click()
    await expect(search.hits.first().getByRole('heading')).toHaveText('Köln Hbf')
    const shown = await distances(search.hits)
    expect(shown).toHaveLength(20)
    expect(shown).toEqual([...shown].sort((a, b) => a - b))

    // Back to the relevance order (the client answers it from its cache).
    await button.click()
    await expect(button).toHaveAttribute('aria-pressed', 'false')
    await expect(search.hits.getByText(/ entfernt$/)).toHaveCount(0)
    await expect(search.hits.first().getByRole('heading')).toHaveText(relevanceFirst!)
  })

  test('choosing a sort order ends the distance order with a notice', async ({ page, search }) => {
    await search.open('?sortierung=name-az')
    await page.getByRole('button', { name: 'In meiner Nähe' }).click()
    // Switching on returns to the order in which distance counts, and the select says so.
    const sort = page.getByRole('combobox', { name: 'Sortierung' })
    await expect(sort.locator('option:checked')).toHaveText('Entfernung')
    await expect(search.hits.first().getByRole('heading')).toHaveText('Köln Hbf')
    await search.expectParam('sortierung', null)

    await sort.selectOption({ label: 'Name A–Z' })
    await expect(page.getByRole('status').filter({ hasText: 'andere Sortierung' })).toBeVisible()
    await expect(sort.locator('option:checked')).toHaveText('Name A–Z')
    await expect(sort.getByRole('option', { name: 'Entfernung' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'In meiner Nähe' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await expect(search.hits.getByText(/ entfernt$/)).toHaveCount(0)
  })

  test('choosing "Relevanz" also ends the distance order', async ({ page, search }) => {
    await search.open('?q=Hbf')
    await page.getByRole('button', { name: 'In meiner Nähe' }).click()
    await expect(search.hits.first().getByRole('heading')).toHaveText('Köln Hbf')
    await page.getByRole('combobox', { name: 'Sortierung' }).selectOption({ label: 'Relevanz' })
    await expect(page.getByRole('status').filter({ hasText: 'andere Sortierung' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'In meiner Nähe' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await expect(search.hits.getByText(/ entfernt$/)).toHaveCount(0)
  })

  test('the map marks "Ihr Standort" while sorted by distance, below the pins', async ({ page, search }) => {
    await page.setViewportSize({ width: 1400, height: 900 })
    await search.open()
    const map = page.getByRole('region', { name: 'Karte der Treffer' })
    await expect(map).toBeVisible()
    await expect(map.getByText('Ihr Standort')).toHaveCount(0)
    await page.getByRole('button', { name: 'In meiner Nähe' }).click()
    await expect(map.getByText('Ihr Standort')).toBeVisible()
    // The nearest station lies right beside the position: its marker is clicked, not the label.
    const nearest = map.getByRole('button', { name: 'Treffer 1: Köln Hbf' })
    await expect(nearest).toBeVisible()
    // Every station matches: the map stays on the neighbourhood, not on all of Germany. Framed
    // closely, the stations around the page's hits may all be single ones, no bubble among them.
    const ui = new SearchMapUi(page)
    await expect.poll(() => ui.clusteredCount()).toBeGreaterThan(20)
    expect(await ui.clusteredCount()).toBeLessThan(1000)
    const box = (await nearest.boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await expect(map.getByRole('link', { name: 'Köln Hbf', exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'In meiner Nähe' }).click()
    await expect(map.getByText('Ihr Standort')).toHaveCount(0)
  })

  test('a map box and the distance order exclude each other', async ({ page, search }) => {
    await page.setViewportSize({ width: 1400, height: 900 })
    // A box around Hamburg: switching on near me (in Cologne) lifts it, else nothing would be near.
    await search.open('?karte=53.7%2C10.3%2C53.4%2C9.7')
    await page.getByRole('button', { name: 'In meiner Nähe' }).click()
    await expect(search.hits.first().getByRole('heading')).toHaveText('Köln Hbf')
    await search.expectParam('karte', null)
    await expect(search.stats).toHaveText('5.388 Bahnhöfe')

    // Dragging the map searches in its box again and ends the distance order, saying so.
    const map = page.getByRole('region', { name: 'Karte der Treffer' })
    // Once the nearest stations are drawn (their points may still be on the way: the map stays
    // put when they come, under the drag as before it).
    const ui = new SearchMapUi(page)
    await expect(ui.hitMarkers.first()).toBeVisible()
    await expect(map.getByText('Ihr Standort')).toBeVisible()
    await ui.zoomSettled()
    const box = (await map.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 8 })
    await page.mouse.up()
    await expect(page.getByRole('status').filter({ hasText: 'Kartenausschnitt' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'In meiner Nähe' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await expect.poll(() => search.params().get('karte')).not.toBeNull()
    await expect(search.hits.getByText(/ entfernt$/)).toHaveCount(0)
  })

  test('axe-core finds no serious or critical violation with distances shown', async ({
    page,
    search,
    axeViolations,
  }) => {
    await search.open()
    await page.getByRole('button', { name: 'In meiner Nähe' }).click()
    await expect(search.hits.first()).toContainText(/ entfernt/)
    expect(await axeViolations()).toEqual([])
  })
})

test.describe('near me, no position', () => {
  test('says so in German when the position is refused', async ({ page, search, context }) => {
    await context.clearPermissions()
    await search.open()
    await page.getByRole('button', { name: 'In meiner Nähe' }).click()
    await expect(page.getByRole('alert')).toContainText('Ihr Standort ist für diese Seite nicht freigegeben')
    await expect(page.getByRole('button', { name: 'In meiner Nähe' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await expect(search.hits.getByText(/ entfernt$/)).toHaveCount(0)
  })

  test('says so when no position comes within 10 seconds', async ({ page, search }) => {
    // The browser gives up after the 10 s the app allows; answer at once as if that time had passed.
    await page.addInitScript(() => {
      navigator.geolocation.getCurrentPosition = (_success, failure, options) => {
        ;(window as unknown as { locateTimeout: unknown }).locateTimeout = options?.timeout
        failure?.({ code: 3, message: 'Timeout expired' } as GeolocationPositionError)
      }
    })
    await search.open()
    await page.getByRole('button', { name: 'In meiner Nähe' }).click()
    await expect(page.getByRole('alert')).toContainText('nicht innerhalb von 10 Sekunden')
    expect(await page.evaluate(() => (window as unknown as { locateTimeout: unknown }).locateTimeout)).toBe(
      10_000,
    )
  })
})
