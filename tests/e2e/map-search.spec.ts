// The map beside the results: markers for the page's hits, their popups, the keyboard, and the
// search that follows the map.
import { expect, test } from './fixtures.ts'
import { SearchMapUi } from './search-map-ui.ts'

test.describe('search map', () => {
  test.use({ viewport: { width: 1400, height: 900 } })

  test("the page's hits are the numbered markers, and a marker click opens that station's popup", async ({
    page,
    search,
  }) => {
    const map = new SearchMapUi(page)
    await search.open('?q=berlin')
    await expect(map.hitMarkers).toHaveCount(20)
    const names = await search.hits.getByRole('heading').allTextContents()
    for (const [index, name] of names.entries()) {
      await expect(
        map.region.getByRole('button', { name: `Treffer ${index + 1}: ${name}`, exact: true }),
      ).toHaveCount(1)
    }

    await map.region.getByRole('button', { name: `Treffer 2: ${names[1]}` }).click()
    const popup = map.region.getByRole('link', { name: names[1], exact: true })
    await expect(popup).toBeVisible()
    await expect(map.region.getByText(/^Stufenfreier Zugang: /)).toBeVisible()

    // The next page's hits replace the markers, numbered on.
    await search.results.getByRole('link', { name: 'Seite 2', exact: true }).click()
    await search.settled()
    await expect(map.region.getByRole('button', { name: /^Treffer 21: / })).toHaveCount(1)
    await expect(map.hitMarkers).toHaveCount(20)
  })

  test('hovering a hit highlights its marker, and hovering the marker its hit', async ({ page, search }) => {
    const map = new SearchMapUi(page)
    await search.open('?q=hamburg')
    const first = search.hits.first()
    const name = await first.getByRole('heading').textContent()
    const marker = map.region.getByRole('button', { name: `Treffer 1: ${name}` })
    await first.hover()
    await expect(marker).toHaveClass(/hit-marker--active/)
    await page.mouse.move(0, 0)
    await expect(marker).not.toHaveClass(/hit-marker--active/)
  })

  test('a marker reached with Tab opens its popup with Enter', async ({ page, search }) => {
    const map = new SearchMapUi(page)
    await search.open('?q=dresden')
    await expect(map.hitMarkers).toHaveCount(20)
    await map.region.focus()
    let label = ''
    for (let n = 0; n < 60 && !label.startsWith('Treffer 1:'); n++) {
      await page.keyboard.press('Tab')
      label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')
    }
    expect(label).toMatch(/^Treffer 1: /)
    await page.keyboard.press('Enter')
    const name = label.replace(/^Treffer 1: /, '')
    await expect(map.region.getByRole('link', { name, exact: true })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(map.region.getByRole('link', { name, exact: true })).toHaveCount(0)
  })

  test('dragging the map refines the results and the URL; reloading restores the box; the chip removes it', async ({
    page,
    search,
  }) => {
    const map = new SearchMapUi(page)
    await search.open('?q=bahnhof')
    await expect(map.hitMarkers.first()).toBeVisible()
    // The map has settled: the page's hits framed, every match's points in and clustered.
    await expect(map.region.getByRole('button', { name: /Bahnhöfe – heranzoomen$/ }).first()).toBeVisible()
    const before = (await search.stats.textContent()) ?? ''
    expect(page.url()).not.toContain('karte=')

    const box = (await map.region.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 - 250, box.y + box.height / 2 - 150, { steps: 8 })
    await page.mouse.up()

    await expect.poll(() => new URL(page.url()).searchParams.get('karte')).toMatch(/^-?[\d.]+(,-?[\d.]+){3}$/)
    await search.settled()
    await expect(search.stats).not.toHaveText(before)
    const chip = page.getByRole('button', { name: 'Filter entfernen: Kartenausschnitt' })
    await expect(chip).toBeVisible()
    const refined = (await search.stats.textContent()) ?? ''
    const url = page.url()

    await page.reload()
    await search.settled()
    expect(page.url()).toBe(url)
    await expect(search.stats).toHaveText(refined)
    await expect(chip).toBeVisible()

    await chip.click()
    await search.settled()
    await expect(search.stats).toHaveText(before)
    await expect.poll(() => new URL(page.url()).searchParams.get('karte')).toBeNull()
  })

  test("the matches' points arriving during a drag leave the map to the user, and the drag refines", async ({
    page,
    search,
  }) => {
    const map = new SearchMapUi(page)
    // The points of every match (single-index queries beside the list's) wait until the drag has begun.
    let releasePoints!: () => void
    const dragging = new Promise<void>((resolve) => {
      releasePoints = resolve
    })
    await page.route(/\/1\/indexes\/[^/*]+\/query(\?|$)/, async (route) => {
      await dragging
      await route.fallback()
    })
    await search.open('?q=bahnhof')
    await expect(map.hitMarkers.first()).toBeVisible()
    await map.zoomSettled()
    await expect(map.region.getByRole('button', { name: /Bahnhöfe – heranzoomen$/ })).toHaveCount(0)

    const first = map.region.getByRole('button', {
      name: (await map.hitMarkers.first().getAttribute('aria-label'))!,
      exact: true,
    })
    const start = (await first.boundingBox())!
    const box = (await map.region.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 - 250, box.y + box.height / 2 - 150, { steps: 8 })
    releasePoints()
    await expect(map.region.getByRole('button', { name: /Bahnhöfe – heranzoomen$/ }).first()).toBeVisible()
    // The map is where the pointer took it: the marker moved with the drag, nowhere else.
    const moved = (await first.boundingBox())!
    expect(Math.abs(moved.x - (start.x - 250))).toBeLessThan(4)
    expect(Math.abs(moved.y - (start.y - 150))).toBeLessThan(4)
    await page.mouse.up()

    await expect.poll(() => new URL(page.url()).searchParams.get('karte')).toMatch(/^-?[\d.]+(,-?[\d.]+){3}$/)
    await expect(page.getByRole('button', { name: 'Filter entfernen: Kartenausschnitt' })).toBeVisible()
  })

  test('"Alle Filter zurücksetzen" removes the map box; with moving search off, "Hier suchen" refines', async ({
    page,
    search,
  }) => {
    const map = new SearchMapUi(page)
    await search.open('?q=bahnhof&bundesland=Bayern&karte=49.5%2C12%2C48%2C10')
    await expect(page.getByRole('button', { name: 'Filter entfernen: Kartenausschnitt' })).toBeVisible()
    const boxed = (await search.stats.textContent()) ?? ''
    await page.getByRole('button', { name: 'Alle Filter zurücksetzen' }).click()
    await search.settled()
    await expect(search.stats).not.toHaveText(boxed)
    await expect.poll(() => new URL(page.url()).search).not.toMatch(/karte=|bundesland=/)

    await map.moveSearch.uncheck()
    const all = (await search.stats.textContent()) ?? ''
    await map.region.getByRole('button', { name: 'Heranzoomen', exact: true }).click()
    const here = page.getByRole('button', { name: 'Hier suchen' })
    await expect(here).toBeVisible()
    await expect(search.stats).toHaveText(all)
    await here.click()
    await search.settled()
    await expect.poll(() => new URL(page.url()).searchParams.get('karte')).not.toBeNull()
  })
})
