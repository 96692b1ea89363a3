// The map on narrow and wide screens: "Liste | Karte", and no serious accessibility violation.
import { expect, test } from './fixtures.ts'
import { SearchMapUi } from './search-map-ui.ts'

test.describe('map views', () => {
  test('on a phone "Liste | Karte" switches, the choice is in the URL and survives a reload', async ({
    page,
    search,
    axeViolations,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const map = new SearchMapUi(page)
    await search.open('?q=leipzig')
    await expect(map.region).toHaveCount(0)
    await expect(search.hits).toHaveCount(20)
    const toggle = page.getByRole('group', { name: 'Ansicht' })
    await expect(toggle.getByRole('button', { name: 'Liste' })).toHaveAttribute('aria-pressed', 'true')

    await toggle.getByRole('button', { name: 'Karte' }).click()
    await expect(map.hitMarkers).toHaveCount(20)
    await expect(search.hits.first()).toBeHidden()
    await expect.poll(() => new URL(page.url()).searchParams.get('ansicht')).toBe('karte')
    expect(await axeViolations()).toEqual([])

    await page.reload()
    await expect(map.hitMarkers).toHaveCount(20)
    await expect(toggle.getByRole('button', { name: 'Karte' })).toHaveAttribute('aria-pressed', 'true')
    // A new search keeps the view.
    await search.searchBox.fill('halle')
    await search.settled()
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('halle')
    expect(new URL(page.url()).searchParams.get('ansicht')).toBe('karte')

    await toggle.getByRole('button', { name: 'Liste' }).click()
    await expect(search.hits.first()).toBeVisible()
    await expect(map.region).toHaveCount(0)
  })

  test('on a phone the map reaches from under the search field to the bottom edge, its controls within a thumb', async ({
    page,
    search,
    axeViolations,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const map = new SearchMapUi(page)
    await search.open('?q=k%C3%B6ln&ansicht=karte')
    await expect(map.hitMarkers).toHaveCount(20)
    const field = (await search.searchBox.boundingBox())!
    const region = (await map.region.boundingBox())!
    // Under the search field and the one row that switches back to the list, down to the edge.
    expect(region.y).toBeGreaterThan(field.y + field.height)
    expect(region.y - (field.y + field.height)).toBeLessThan(70)
    expect(region.y + region.height).toBeGreaterThanOrEqual(843)
    expect(region.height).toBeGreaterThanOrEqual(0.75 * 844)
    await expect(page.getByRole('group', { name: 'Ansicht' })).toBeInViewport()
    await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeInViewport()
    // The switch, the zoom and the layers buttons sit in the lower half, where a thumb reaches.
    for (const control of [
      map.moveSearch,
      map.zoomOut,
      map.region.getByRole('button', { name: 'Kartenebenen' }),
    ]) {
      const box = (await control.boundingBox())!
      expect(box.y).toBeGreaterThan(844 / 2)
      expect(box.y + box.height).toBeLessThanOrEqual(844)
    }
    // Every marker is a target of at least 44 px.
    for (const box of await map.hitMarkers.evaluateAll((markers) =>
      markers.map((marker) => marker.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)
    }
    expect(await axeViolations()).toEqual([])
  })

  test('axe-core finds no serious or critical violation with the map beside the list', async ({
    page,
    search,
    axeViolations,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 })
    const map = new SearchMapUi(page)
    await search.open('?q=m%C3%BCnchen')
    await expect(map.hitMarkers).toHaveCount(20)
    await (await map.layer('Bundesländer')).check()
    await map.hitMarkers.first().focus()
    await page.keyboard.press('Enter')
    await expect(map.region.getByRole('link').first()).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })
})

test.describe('map chunk that cannot be loaded', () => {
  test('the search page keeps its hits, says so where the map would be and retries on request', async ({
    page,
    search,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 })
    // Offline after the page loaded: the map's script and its stylesheet both fail.
    let refuse = true
    await page.route(/\/assets\/(search-map-[^/]*\.js|base-map-[^/]*\.css)$/, (route) =>
      refuse ? route.abort() : route.continue(),
    )
    const map = new SearchMapUi(page)
    await search.open('?q=leipzig')
    const slot = page.getByRole('region', { name: 'Karte' })
    await expect(slot.getByRole('alert')).toHaveText(/Die Karte konnte nicht geladen werden/)
    // The rest of the page works on.
    await expect(search.hits).toHaveCount(20)
    await search.searchBox.fill('halle')
    await search.settled()
    await expect(search.hits.first()).toContainText(/Halle/)

    refuse = false
    await slot.getByRole('button', { name: 'Erneut versuchen' }).click()
    await expect(map.hitMarkers).toHaveCount(20)
    await expect(slot.getByRole('alert')).toHaveCount(0)
    // The stylesheet that failed came back with the retry: Leaflet's own rules apply.
    await expect(map.region.locator('.leaflet-map-pane')).toHaveCSS('position', 'absolute')
  })

  test('in a browser that keeps a failed import for the page, the retry reloads the page and keeps the search', async ({
    page,
    search,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 })
    // Chromium up to 150 and Safari answer a second import() of a failed URL from memory: here the
    // retry's own request fails too although the server answers, as it does in those browsers.
    let refusals = Number.POSITIVE_INFINITY
    await page.route(/\/assets\/search-map-[^/]*\.js$/, (route) => {
      refusals -= 1
      return refusals >= 0 ? route.abort() : route.continue()
    })
    const map = new SearchMapUi(page)
    await search.open('?q=leipzig')
    const slot = page.getByRole('region', { name: 'Karte' })
    await expect(slot.getByRole('alert')).toHaveText(/Die Karte konnte nicht geladen werden/)
    await search.searchBox.fill('halle')
    await search.settled()
    await expect(page).toHaveURL(/q=halle/)

    refusals = 1
    const reloaded = page.waitForEvent('load')
    await slot.getByRole('button', { name: 'Erneut versuchen' }).click()
    await reloaded
    await expect(map.hitMarkers).toHaveCount(20)
    await expect(search.searchBox).toHaveValue('halle')
    await expect(search.hits.first()).toContainText(/Halle/)
    expect(refusals).toBeLessThan(0)
  })

  test('while the page itself cannot be fetched, the retry says so again instead of reloading into an error page', async ({
    page,
    search,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.route(/\/assets\/search-map-[^/]*\.js$/, (route) => route.abort())
    await search.open('?q=leipzig')
    const slot = page.getByRole('region', { name: 'Karte' })
    await expect(slot.getByRole('alert')).toHaveText(/Die Karte konnte nicht geladen werden/)
    let reloads = 0
    page.on('load', () => {
      reloads += 1
    })
    await page.route(/\/suche\?/, (route) => route.abort())
    const probe = page.waitForRequest(
      (request) => request.method() === 'HEAD' && request.url().includes('/suche?'),
    )
    await slot.getByRole('button', { name: 'Erneut versuchen' }).click()
    await probe
    await expect(slot.getByRole('alert')).toHaveText(/Die Karte konnte nicht geladen werden/)
    await expect(search.hits).toHaveCount(20)
    expect(reloads).toBe(0)
  })

  test('the station page keeps its list of stations nearby', async ({ page }) => {
    await page.route(/\/assets\/nearby-map-[^/]*\.js$/, (route) => route.abort())
    await page.goto('/bahnhof/8000207')
    await expect(page.getByRole('heading', { level: 1, name: 'Köln Hbf' })).toBeVisible()
    const section = page.getByRole('region', { name: 'In der Nähe' })
    await expect(section.getByRole('alert')).toHaveText(/Die Karte konnte nicht geladen werden/)
    await expect(section.getByRole('list').getByRole('listitem').first()).toHaveText(/^Köln Hansaring/)
    await expect(section.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible()
  })
})
