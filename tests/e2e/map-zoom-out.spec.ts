// Zooming out of the search map shows more, never fewer: the first view holds every match, not only
// the page's, and the app's own moves never narrow the search.
import { expect, type SearchUi, test } from './fixtures.ts'
import { SearchMapUi } from './search-map-ui.ts'

const hitCount = async (search: SearchUi) =>
  Number(((await search.stats.textContent()) ?? '').replace(/\D/g, ''))

test.describe('zooming out of the search map', () => {
  test.use({ viewport: { width: 1400, height: 900 } })

  test('on "köln" the first view holds all 35 matches, and zooming out never makes the hits fewer', async ({
    page,
    search,
  }) => {
    const map = new SearchMapUi(page)
    await search.open('?q=k%C3%B6ln')
    await expect(search.stats).toHaveText('35 Bahnhöfe')
    // Every match in view: the clusters and the numbered markers add up to all of them.
    await expect.poll(() => map.clusteredCount()).toBe(35)
    // Fitting the view to the matches is the app's move: it does not refine.
    expect(new URL(page.url()).searchParams.get('karte')).toBeNull()

    await expect(map.moveSearch).toBeChecked()
    for (let step = 0; step < 2 && (await map.zoomOut.getAttribute('aria-disabled')) !== 'true'; step++) {
      await map.zoomOut.click()
      await map.zoomSettled()
      await search.settled()
      expect(await hitCount(search)).toBe(35)
    }

    // Zoomed in and moved, the box narrows the search; zooming out again only widens it.
    const zoomIn = map.region.getByRole('button', { name: 'Heranzoomen', exact: true })
    for (let step = 0; step < 4; step++) {
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
