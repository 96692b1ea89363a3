// Zooming out of the search map shows more, never fewer: the first view frames the page's hits, the
// other matches are a zoom out away, and the app's own moves never narrow the search.
import { expect, type SearchUi, test } from './fixtures.ts'
import { SearchMapUi } from './search-map-ui.ts'

const hitCount = async (search: SearchUi) =>
  Number(((await search.stats.textContent()) ?? '').replace(/\D/g, ''))

test.describe('zooming out of the search map', () => {
  test.use({ viewport: { width: 1400, height: 900 } })

  test('on "köln" zooming out from the page\'s hits reaches all 35 matches, and never makes the hits fewer', async ({
    page,
    search,
  }) => {
    const map = new SearchMapUi(page)
    await search.open('?q=k%C3%B6ln')
    await expect(search.stats).toHaveText('35 Bahnhöfe')
    await expect(map.hitMarkers).toHaveCount(20)
    // Fitting the view to the hits is the app's move: it does not refine.
    expect(new URL(page.url()).searchParams.get('karte')).toBeNull()

    // Zooming out of a search no box limits does not refine either: every match comes into view.
    await expect(map.moveSearch).toBeChecked()
    let steps = 0
    while (steps < 8 && (await map.clusteredCount()) < 35) {
      if ((await map.zoomOut.getAttribute('aria-disabled')) === 'true') break
      steps += 1
      await map.zoomOut.click()
      await map.zoomSettled()
      await search.settled()
      expect(await hitCount(search)).toBe(35)
    }
    await expect.poll(() => map.clusteredCount()).toBe(35)
    expect(steps).toBeGreaterThan(0)

    // Zoomed in and moved, the box narrows the search; zooming out again only widens it.
    const zoomIn = map.region.getByRole('button', { name: 'Heranzoomen', exact: true })
    for (let step = 0; step < steps + 1; step++) {
      await zoomIn.click()
      await map.zoomSettled()
    }
    await expect.poll(() => hitCount(search)).toBeLessThan(35)
    await search.settled()
    let previous = await hitCount(search)
    for (let step = 0; step < 3; step++) {
      await map.zoomOut.click()
      await map.zoomSettled()
      await search.settled()
      const now = await hitCount(search)
      expect(now).toBeGreaterThanOrEqual(previous)
      previous = now
    }
  })
})
