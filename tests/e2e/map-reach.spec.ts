// Every numbered marker of the search map can be clicked where it is drawn and opens its own
// station's popup: markers spread apart where stations crowd, and no cluster, label or position
// covers them, on a wide screen and on a phone.
import { expect, test } from './fixtures.ts'
import { SearchMapUi } from './search-map-ui.ts'

const CITIES = ['hamburg', 'köln', 'berlin', 'münchen']
const SCREENS = [
  { name: 'beside the list', viewport: { width: 1400, height: 900 }, params: '' },
  { name: 'on a phone', viewport: { width: 390, height: 844 }, params: '&ansicht=karte' },
]

for (const screen of SCREENS) {
  test.describe(`search map ${screen.name}`, () => {
    test.use({ viewport: screen.viewport })
    // Twenty clicks, each waiting for its popup: 25-35 s alone, up to 86 s beside a loaded machine.
    test.describe.configure({ timeout: 180_000 })

    for (const city of CITIES) {
      test(`each of the 20 markers for "${city}" opens its own popup when clicked where it is drawn`, async ({
        page,
        search,
      }) => {
        const map = new SearchMapUi(page)
        // The points of every match (the clusters) come from queries of their own, after the list's.
        const points = page.waitForResponse(/\/1\/indexes\/[^/*]+\/query(\?|$)/)
        await search.open(`?q=${encodeURIComponent(city)}${screen.params}`)
        await expect(map.hitMarkers).toHaveCount(20)
        // The clusters are drawn around the markers before anything is clicked.
        await points
        await expect.poll(() => map.clusteredCount()).toBeGreaterThan(20)
        await map.zoomSettled()
        const close = map.region.getByRole('button', { name: 'Popup schließen' })
        // From here on every move of the map is a popup panning into view (closing one restores
        // the view in one step): count the moves and the glides among them. A popup that glides
        // into view moves under the pointer, so a quick click on its close button can miss.
        await page.locator('.leaflet-map-pane').evaluate((pane) => {
          const seen = { moves: 0, glides: 0 }
          ;(window as unknown as { paneMoves: typeof seen }).paneMoves = seen
          new MutationObserver(() => {
            seen.moves++
            if (pane.classList.contains('leaflet-pan-anim')) seen.glides++
          }).observe(pane, { attributes: true, attributeFilter: ['class', 'style'] })
        })
        for (let number = 1; number <= 20; number++) {
          const marker = map.region.getByRole('button', { name: new RegExp(`^Treffer ${number}: `) })
          const name = ((await marker.getAttribute('aria-label')) ?? '').replace(/^Treffer \d+: /, '')
          await marker.scrollIntoViewIfNeeded()
          const box = (await marker.boundingBox())!
          const region = (await map.region.boundingBox())!
          const x = box.x + box.width / 2
          const y = box.y + box.height / 2
          // Inside the map, where a user can reach it.
          expect(x).toBeGreaterThan(region.x)
          expect(x).toBeLessThan(region.x + region.width)
          expect(y).toBeGreaterThan(region.y)
          expect(y).toBeLessThan(region.y + region.height)
          await page.mouse.click(x, y)
          await expect(map.region.getByRole('link', { name, exact: true }), `marker ${number}`).toBeVisible()
          await close.click()
          await expect(close).toHaveCount(0)
        }
        const moves = await page.evaluate(() => (window as unknown as { paneMoves: object }).paneMoves)
        expect(moves).toMatchObject({ glides: 0 })
        // On a phone's narrow map popups always need it to move, so the count above means something
        // (beside the list some cities' popups all fit where they open).
        if (screen.viewport.width < 600) expect((moves as { moves: number }).moves).toBeGreaterThan(0)
      })
    }
  })
}
