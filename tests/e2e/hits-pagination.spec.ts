// Hits and pagination: 20 hits per page (also when empty), hit cards, pagination with padding 3.
import { expect, highlights, navigateInApp, QUERIES_URL, sentQueries, test } from './fixtures.ts'

test.describe('hits and pagination', () => {
  test('shows 20 hits per page', async ({ search }) => {
    await search.open()
    await expect(search.hits).toHaveCount(20)
  })

  test('downloads only what a hit card shows, not the opening hours and phones of 20 hubs', async ({
    page,
    search,
  }) => {
    // The browser's own search (a page loaded directly comes with the server's results).
    const answer = page.waitForResponse(QUERIES_URL)
    await navigateInApp(page, '/suche')
    const body = (await (await answer).json()) as { results: { hits: Record<string, unknown>[] }[] }
    const hits = body.results[0]?.hits ?? []
    expect(hits).toHaveLength(20)
    for (const hit of hits) {
      expect(hit).toHaveProperty('name')
      expect(hit).not.toHaveProperty('dbInformationHours')
      expect(hit).not.toHaveProperty('serviceCenterPhone')
    }
    await expect(search.hits.first()).toContainText('Hbf')
  })

  test('asks for 20 hits per page also when the result is empty', async ({ page, search }) => {
    await search.open()
    const request = page.waitForRequest(QUERIES_URL)
    await search.searchBox.fill('Qxzvbahnhof')
    const [query] = sentQueries(await request)
    expect(Number(query?.params.hitsPerPage)).toBe(20)
    await search.settled()
    await expect(search.hits).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Keine Bahnhöfe gefunden' })).toBeVisible()
    // No filter box says it has nothing: the boxes with nothing to choose are left out.
    await expect(page.getByText('Keine Werte für diese Suche.')).toHaveCount(0)
    await expect(search.filters.getByRole('group')).toHaveCount(0)
    await expect(search.filters).toContainText('Ohne Treffer gibt es nichts zu filtern.')
  })

  test('a hit followed as soon as the results show opens its station page and stays there', async ({
    page,
    search,
  }) => {
    await page.clock.install()
    // A slow network keeps the search page on screen while the station page's code loads.
    await page.route(/\/assets\/station-page-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700))
      await route.continue()
    })
    await page.goto('/suche?q=Hamburg')
    const hit = search.hits.nth(2).getByRole('link', { name: 'Hamburg Dammtor' })
    await expect(hit).toBeVisible()
    // Clicked as soon as the results show, while the search's URL write may still be pending
    // (a race: without the guard in routing.ts this failed about one run in four).
    await hit.click()
    await expect(page.getByRole('heading', { level: 1, name: 'Hamburg Dammtor' })).toBeVisible()
    // Past the write delay (on the page's clock), the pending search URL has not pulled the page back.
    await page.clock.runFor(800)
    await expect(page).toHaveURL(/\/bahnhof\/\d+$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Hamburg Dammtor' })).toBeVisible()
  })

  test('a hit card shows highlighted name and city, category, step-free access, facilities and a link', async ({
    search,
  }) => {
    await search.open('?q=K%C3%B6ln%20Hbf')
    const card = search.hits.filter({
      has: search.page.getByRole('heading', { name: 'Köln Hbf', exact: true }),
    })
    await expect(card).toHaveCount(1)
    const link = card.getByRole('link', { name: 'Köln Hbf' })
    await expect(link).toHaveAttribute('href', '/bahnhof/8000207')
    await expect(highlights(card.getByRole('heading')).first()).toHaveText(/^Köln$/i)
    const place = card.getByRole('paragraph').filter({ hasText: 'Nordrhein-Westfalen' })
    await expect(highlights(place).first()).toHaveText(/^Köln$/i)
    await expect(card).toContainText('Köln, Nordrhein-Westfalen')
    await expect(card).toContainText('Kategorie 1')
    await expect(card).toContainText('Große Knotenbahnhöfe des Fernverkehrs')
    // In full, not cut short with "…" (its line is as wide as its text).
    const explanation = card.getByText('Große Knotenbahnhöfe des Fernverkehrs')
    expect(
      await explanation.evaluate(
        (element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth,
      ),
    ).toBe(true)
    await expect(card).toContainText(/stufenfrei/i)
    const facilities = card.getByRole('list', { name: 'Ausstattung von Köln Hbf' }).getByRole('listitem')
    await expect(facilities.filter({ hasText: 'WLAN' })).toHaveCount(1)
    await expect(facilities.filter({ hasText: 'DB Lounge' })).toHaveCount(1)
    // Every facility has a pictogram (decorative: hidden from screen readers) and a text label.
    const count = await facilities.count()
    const pictograms = facilities.locator('.pictogram[aria-hidden="true"]')
    await expect(pictograms).toHaveCount(count)
    // Each is drawn: a box in the text's colour, masked by its own line drawing.
    const drawn = await pictograms.evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element)
        const box = element.getBoundingClientRect()
        return box.width >= 16 && box.height >= 16 && /^url\("data:image\/svg\+xml/.test(style.maskImage)
      }),
    )
    expect(drawn).toEqual(Array.from({ length: count }, () => true))
  })

  test('a station found by its street shows the street, highlighted; one found by its name does not', async ({
    search,
  }) => {
    await search.open('?q=K%C3%B6ln&seite=2')
    const card = search.hits.filter({
      has: search.page.getByRole('heading', { name: 'Niederschelden', exact: true }),
    })
    await expect(card).toHaveCount(1)
    await expect(card).toContainText('Kölner Str. 8, Mudersbach, Rheinland-Pfalz')
    const place = card.getByRole('paragraph').filter({ hasText: 'Rheinland-Pfalz' })
    await expect(highlights(place).first()).toHaveText('Kölner')
    await search.open('?q=K%C3%B6ln')
    const hub = search.hits.filter({
      has: search.page.getByRole('heading', { name: 'Köln Hbf', exact: true }),
    })
    await expect(hub).toContainText('Köln, Nordrhein-Westfalen')
    await expect(hub).not.toContainText('Trankgasse')
  })

  test('pagination shows first, previous, at most 7 numbered pages, next and last', async ({
    page,
    search,
  }) => {
    const answer = page.waitForResponse(QUERIES_URL)
    await navigateInApp(page, '/suche')
    await search.settled()
    const { results } = (await (await answer).json()) as { results: Array<{ nbPages: number }> }
    const nbPages = results[0]?.nbPages ?? 0
    expect(nbPages).toBeGreaterThan(10)
    const pagination = page.getByRole('navigation', { name: 'Seiten der Ergebnisliste' })
    const numbered = pagination.getByRole('link', { name: /^Seite \d+$/ })
    await expect(numbered).toHaveCount(7)
    await expect(numbered).toHaveText(['1', '2', '3', '4', '5', '6', '7'])

    await numbered.filter({ hasText: /^5$/ }).click()
    await search.settled()
    await search.expectParam('seite', '5')
    // Padding 3: pages 2–8 around page 5.
    await expect(numbered).toHaveText(['2', '3', '4', '5', '6', '7', '8'])
    await expect(pagination.getByRole('link', { name: 'Seite 5' })).toHaveAttribute('aria-current', 'page')
    for (const name of ['Erste Seite', 'Vorherige Seite', 'Nächste Seite', 'Letzte Seite']) {
      await expect(pagination.getByRole('link', { name })).toBeVisible()
    }

    await pagination.getByRole('link', { name: 'Letzte Seite' }).click()
    await search.settled()
    await search.expectParam('seite', String(nbPages))
    await expect(numbered).toHaveText(Array.from({ length: 7 }, (_, index) => String(nbPages - 6 + index)))
    await expect(pagination.getByRole('link', { name: 'Nächste Seite' })).toHaveCount(0)
  })

  test('a hit links to its station page', async ({ page, search }) => {
    await search.open('?q=Lindau-Insel')
    await search.hits.first().getByRole('link').click()
    await expect(page).toHaveURL(/\/bahnhof\/\d+$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Lindau-Insel' })).toBeVisible()
  })
})
