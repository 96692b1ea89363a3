// The search map's layers control, the offline basemap and the clustered layer of all matches.
import { allStations } from '../helpers/stations.ts'
import { trainTypesFromPackage } from '../helpers/train-types.ts'
import { expect, test } from './fixtures.ts'
import { SearchMapUi } from './search-map-ui.ts'

test.describe('search map layers', () => {
  test.use({ viewport: { width: 1400, height: 900 } })

  test('the layers control lists the layers; toggling one changes what is drawn, and the choice persists', async ({
    page,
    search,
  }) => {
    const map = new SearchMapUi(page)
    await search.open('?q=berlin')
    await expect(map.hitMarkers).toHaveCount(20)
    const layers = await map.layers()
    // Without a tile URL in /config.json the offline map is the only base layer.
    await expect(layers.getByRole('radio')).toHaveCount(1)
    await expect(layers.getByRole('radio', { name: 'Karte (offline)' })).toBeChecked()
    await expect(layers.getByRole('radio', { name: 'OpenStreetMap' })).toHaveCount(0)
    const overlays = layers.getByRole('checkbox')
    await expect(overlays).toHaveCount(5)
    for (const [name, on] of [
      ['Treffer dieser Seite', true],
      ['Alle Treffer (gebündelt)', true],
      ['Bundesländer', true],
      ['Stufenfrei erreichbar', false],
      ['Fernverkehrshalte', false],
    ] as const) {
      await expect(layers.getByRole('checkbox', { name, exact: true })).toBeChecked({ checked: on })
    }

    await (await map.layer('Treffer dieser Seite')).uncheck()
    await expect(map.hitMarkers).toHaveCount(0)
    await expect(map.region.getByText('Bayern', { exact: true })).toBeVisible()
    await (await map.layer('Bundesländer')).uncheck()
    await expect(map.region.getByText('Bayern', { exact: true })).toHaveCount(0)

    await page.reload()
    await search.settled()
    await expect(await map.layer('Bundesländer')).not.toBeChecked()
    await expect(await map.layer('Treffer dieser Seite')).not.toBeChecked()
    await expect(map.hitMarkers).toHaveCount(0)
    await (await map.layer('Treffer dieser Seite')).check()
    await expect(map.hitMarkers).toHaveCount(20)
    await expect(map.region.getByText('Bayern', { exact: true })).toHaveCount(0)
  })

  test('"Fernverkehrshalte" rings every matching station where ICE or IC/EC trains stop, as db-hafas-stations says', async ({
    page,
    search,
  }) => {
    const types = await trainTypesFromPackage()
    const stations = await allStations()
    const longDistance = stations.filter((station) =>
      (types.get(station.objectID) ?? []).some((type) => type === 'ICE' || type === 'IC/EC'),
    )
    const bavarian = longDistance.filter((station) => station.federalState === 'Bayern')
    const map = new SearchMapUi(page)
    const rings = map.region.locator('path.long-distance-stop')
    await search.open()
    await expect(page.getByText('Fernverkehrshalt (ICE, IC/EC)')).toHaveCount(0)
    await (await map.layer('Fernverkehrshalte')).check()
    await expect(rings).toHaveCount(longDistance.length, { timeout: 10_000 })
    await expect(page.getByText('Fernverkehrshalt (ICE, IC/EC)')).toBeVisible()

    // Only the matches are ringed: Bayern's long-distance stops, by the package.
    await search.refine('Bundesland', 'Bayern')
    await expect(rings).toHaveCount(bavarian.length, { timeout: 10_000 })
    await (await map.layer('Fernverkehrshalte')).uncheck()
    await expect(rings).toHaveCount(0)
  })

  test('cluster counts add up to the number of hits, for a query and after a refinement', async ({
    page,
    search,
  }) => {
    const map = new SearchMapUi(page)
    await search.open('?q=berlin')
    await map.zoomOutFully()
    await expect.poll(() => map.clusteredCount()).toBe(154)
    await expect(search.stats).toHaveText('154 Bahnhöfe')

    await search.refine('Bundesland', 'Brandenburg')
    const count = Number(((await search.stats.textContent()) ?? '').replace(/\D/g, ''))
    expect(count).toBeLessThan(154)
    await expect.poll(() => map.clusteredCount()).toBe(count)
  })

  test('all 5,388 stations are in the clusters, though a search pages through only 1,000', async ({
    page,
    search,
  }) => {
    const map = new SearchMapUi(page)
    await search.open()
    await map.zoomOutFully()
    await expect.poll(() => map.clusteredCount(), { timeout: 10_000 }).toBe(5388)
    const cluster = map.region.getByRole('button', { name: /Bahnhöfe – heranzoomen$/ }).first()
    await cluster.focus()
    await page.keyboard.press('Enter')
    await expect(map.zoomOut).not.toHaveAttribute('aria-disabled', 'true')
  })

  test('the offline basemap names more places as one zooms in, and never over a marker', async ({
    page,
    search,
  }) => {
    const map = new SearchMapUi(page)
    await search.open('?q=k%C3%B6ln%20hbf')
    const marker = map.region.getByRole('button', { name: 'Treffer 1: Köln Hbf' })
    await expect(marker).toBeVisible()
    await map.moveSearch.uncheck()
    const name = (text: string) => map.region.getByText(text, { exact: true })
    // Close to the station: its city.
    await expect(name('Köln')).toBeVisible()
    // The marker lies over the city's name: clicking it opens the marker's popup.
    const box = (await marker.boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await expect(map.region.getByRole('link', { name: 'Köln Hbf', exact: true })).toBeVisible()
    await map.region.getByRole('button', { name: 'Popup schließen' }).click()

    const zoomOut = async (steps: number) => {
      for (let step = 0; step < steps; step++) {
        await map.zoomOut.click()
        await map.zoomSettled()
      }
    }
    // The region: towns around Köln.
    await zoomOut(2)
    await expect(name('Leverkusen')).toBeVisible()
    await expect(name('Bergisch Gladbach')).toBeVisible()
    await expect(name('Nürnberg')).toHaveCount(0)
    // The country: only the largest cities.
    await zoomOut(4)
    await expect(name('Nürnberg')).toBeVisible()
    await expect(name('Stuttgart')).toBeVisible()
    await expect(name('Bergisch Gladbach')).toHaveCount(0)
  })

  test('with the default layers no request leaves the app', async ({ page, search, baseURL }) => {
    const origin = new URL(baseURL!).origin
    const foreign: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== origin)
        foreign.push(url.href)
    })
    const map = new SearchMapUi(page)
    await search.open('?q=k%C3%B6ln')
    await expect(map.hitMarkers.first()).toBeVisible()
    await (await map.layer('Bundesländer')).check()
    await (await map.layer('Stufenfrei erreichbar')).check()
    await map.zoomOutFully()
    // Markers overlap at this zoom: opened from the keyboard.
    await map.region.getByRole('button', { name: /^Treffer 1: / }).focus()
    await page.keyboard.press('Enter')
    await expect(map.region.getByRole('link', { name: 'Köln Hbf', exact: true })).toBeVisible()
    expect(foreign).toEqual([])
  })
})

test.describe('search map layers on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('"Fernverkehrshalte" is in the layers control of the map view and in its legend', async ({
    page,
    search,
  }) => {
    const types = await trainTypesFromPackage()
    const bavarian = (await allStations()).filter(
      (station) =>
        station.federalState === 'Bayern' &&
        (types.get(station.objectID) ?? []).some((type) => type === 'ICE' || type === 'IC/EC'),
    )
    const map = new SearchMapUi(page)
    await search.open('?bundesland=Bayern&ansicht=karte')
    await (await map.layer('Fernverkehrshalte')).check()
    await expect(map.region.locator('path.long-distance-stop')).toHaveCount(bavarian.length, {
      timeout: 10_000,
    })
    await page.getByText('Legende', { exact: true }).click()
    await expect(page.getByText('Fernverkehrshalt (ICE, IC/EC)')).toBeVisible()
  })
})
