// The first view of a map, measured as a traveller sees it: the search map frames the numbered hits
// of the page (the other matches are clusters a zoom out away), each marker sits a short leader from
// its station at most, no marker covers a place's name, and on a phone the credits cover no marker.
// The station page's map numbers what its list numbers and clusters the rest.
import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { STATE_NAMES } from '../../web/map/state-names.ts'
import { allStations } from '../helpers/stations.ts'
import { expect, type SearchUi, test } from './fixtures.ts'
import {
  type Box,
  boundsOf,
  boxAround,
  boxesOf,
  distance,
  type LatLng,
  onScreen,
  overlap,
  spanKm,
  viewFrom,
} from './map-geometry.ts'
import { SearchMapUi } from './search-map-ui.ts'

const CITIES = ['hamburg', 'köln', 'berlin']
const SCREENS = [
  { name: 'beside the list', viewport: { width: 1400, height: 900 }, params: '', phone: false },
  { name: 'on a phone', viewport: { width: 390, height: 844 }, params: '&ansicht=karte', phone: true },
]
/** The longest line from a marker moved aside back to its station: a few tens of pixels. */
const MAX_LEADER_PX = 60
/**
 * The view is at most this many times the hits' extent in the dimension that decides the zoom:
 * a fit in quarter zoom steps, with room for the controls and the markers' own size, stays well
 * within it, a view that holds matches hundreds of km away does not.
 */
const MAX_VIEW_PER_HITS = 2.5
const CONTROL_NAMES = new Set(['Heranzoomen', 'Herauszoomen', 'Kartenebenen', 'Popup schließen'])

const PLACES = JSON.parse(
  readFileSync(new URL('../../web/map/basemap/places.json', import.meta.url), 'utf8'),
) as Array<[name: string, lat: number, lng: number, minZoom: number]>
const PLACE_NAMES = PLACES.map(([name]) => name)
/** Where each place's name belongs (names a state shares left out: its label stands elsewhere). */
const PLACE_POSITIONS = new Map(
  PLACES.filter(([name]) => !STATE_NAMES.some(([state]) => state === name)).map(([name, lat, lng]) => [
    name,
    { lat, lng },
  ]),
)

async function stationPositions(): Promise<Map<string, LatLng>> {
  const byName = new Map<string, LatLng | null>()
  for (const station of await allStations()) {
    if (!station._geoloc) continue
    // A name two stations share cannot tell which is meant.
    byName.set(station.name, byName.has(station.name) ? null : station._geoloc)
  }
  return new Map([...byName].flatMap(([name, position]) => (position ? [[name, position] as const] : [])))
}

/** Every marker of a map (its buttons and links that are not the controls), with its box. */
async function markerBoxes(region: Locator): Promise<Array<{ name: string; box: Box }>> {
  const buttons = await boxesOf(region.getByRole('button'))
  const links = await boxesOf(region.getByRole('link', { name: /, [\d.,]+\s(m|km)$/ }))
  return [...buttons, ...links].filter(({ name, box }) => !CONTROL_NAMES.has(name) && box.width > 0)
}

/** The boxes of the place names drawn on the map. */
function placeNameBoxes(region: Locator): Promise<Array<{ name: string; box: Box }>> {
  return region.evaluate((map, names) => {
    const known = new Set(names)
    return [...map.querySelectorAll('*')]
      .filter((element) => element.childElementCount === 0 && known.has(element.textContent?.trim() ?? ''))
      .map((element) => {
        const { x, y, width, height } = element.getBoundingClientRect()
        return { name: element.textContent!.trim(), box: { x, y, width, height } }
      })
      .filter(({ box }) => box.width > 0)
  }, PLACE_NAMES)
}

/** The markers the map's credits lie over. */
async function underCredits(region: Locator, markers: Array<{ name: string; box: Box }>): Promise<string[]> {
  const credits = await region.getByRole('link', { name: 'Leaflet' }).locator('xpath=..').boundingBox()
  expect(credits).not.toBeNull()
  return markers.filter((marker) => overlap(credits!, marker.box) > 0).map(({ name }) => name)
}

/** Waits until the map has stopped moving its markers: two readings a moment apart agree. */
async function settledMarkers(page: Page, map: SearchMapUi) {
  let previous = ''
  await expect
    .poll(
      async () => {
        await map.zoomSettled()
        const now = JSON.stringify(await boxesOf(map.hitMarkers))
        const same = now === previous
        previous = now
        return same
      },
      { intervals: [300], timeout: 15_000 },
    )
    .toBe(true)
  await page.evaluate(() => document.fonts.ready)
}

/** Opens a search and waits for the map's first view: the page's markers and every match's points in. */
async function firstView(page: Page, search: SearchUi, city: string, params: string) {
  const map = new SearchMapUi(page)
  // The points of every match (the clusters) come from queries of their own, after the list's.
  const points = page.waitForResponse(/\/1\/indexes\/[^/*]+\/query(\?|$)/)
  await search.open(`?q=${encodeURIComponent(city)}${params}`)
  await expect(map.hitMarkers).toHaveCount(20)
  await points
  await settledMarkers(page, map)
  return map
}

for (const screen of SCREENS) {
  test.describe(`first view of the search map ${screen.name}`, () => {
    test.use({ viewport: screen.viewport })

    for (const city of CITIES) {
      test(`"${city}": the view frames the page's numbered hits, each marker a short leader from its station`, async ({
        page,
        search,
      }) => {
        const stations = await stationPositions()
        const map = await firstView(page, search, city, screen.params)
        const markers = (await boxesOf(map.hitMarkers)).map(({ name, box }) => {
          const [, number, station] = /^Treffer (\d+): (.+)$/.exec(name)!
          const position = stations.get(station!)
          expect(position, `position of ${station}`).toBeDefined()
          return {
            number: Number(number),
            station: position!,
            centre: { x: box.x + box.width / 2, y: box.y + box.height / 2 },
          }
        })
        // The names of towns, most at their places, tell the map's scale where markers crowd.
        const names = (await placeNameBoxes(map.region)).flatMap(({ name, box }) => {
          const position = PLACE_POSITIONS.get(name)
          return position
            ? [{ position, centre: { x: box.x + box.width / 2, y: box.y + box.height / 2 } }]
            : []
        })
        const view = viewFrom([
          ...markers.map(({ station, centre }) => ({ position: station, centre })),
          ...names,
        ])
        const shown = boundsOf(view, (await map.region.boundingBox())!)
        const hits = boxAround(markers.map((marker) => marker.station))
        const leaders = markers.map((marker) => distance(onScreen(view, marker.station), marker.centre))
        const viewKm = spanKm(shown)
        const hitsKm = spanKm(hits)
        const perHits = Math.min(viewKm.width / hitsKm.width, viewKm.height / hitsKm.height)
        test.info().annotations.push({
          type: 'measured',
          description: `view ${viewKm.width.toFixed(0)} × ${viewKm.height.toFixed(0)} km (zoom ${view.zoom.toFixed(2)}), hits ${hitsKm.width.toFixed(0)} × ${hitsKm.height.toFixed(0)} km, ×${perHits.toFixed(2)}; longest leader ${Math.max(...leaders).toFixed(0)} px, ${leaders.filter((l) => l > 1.5).length} markers moved`,
        })

        // Every numbered hit is in view …
        for (const { station } of markers) {
          expect(station.lat).toBeLessThan(shown.north)
          expect(station.lat).toBeGreaterThan(shown.south)
          expect(station.lng).toBeGreaterThan(shown.west)
          expect(station.lng).toBeLessThan(shown.east)
        }
        // … and the view is not much larger than they are.
        expect(perHits).toBeLessThanOrEqual(MAX_VIEW_PER_HITS)
        expect(Math.max(...leaders)).toBeLessThanOrEqual(MAX_LEADER_PX)
      })

      test(`"${city}": no marker covers a place's name${screen.phone ? ', and the credits cover no marker' : ''}`, async ({
        page,
        search,
      }) => {
        const map = await firstView(page, search, city, screen.params)
        const markers = await markerBoxes(map.region)
        const names = await placeNameBoxes(map.region)
        expect(names.length).toBeGreaterThan(0)
        const covered = names.flatMap((name) =>
          markers
            .filter((marker) => overlap(name.box, marker.box) > 1)
            .map((marker) => `${marker.name} over ${name.name}`),
        )
        const hidden = screen.phone ? await underCredits(map.region, markers) : []
        test.info().annotations.push({
          type: 'measured',
          description: `${markers.length} markers, ${names.length} names; covered names: ${covered.join('; ') || 'none'}; under the credits: ${hidden.join('; ') || 'none'}`,
        })
        expect(covered).toEqual([])
        expect(hidden).toEqual([])
      })
    }
  })
}

const HAMBURG_HBF = '8002549'

for (const screen of SCREENS) {
  test.describe(`station page's map ${screen.name}`, () => {
    test.use({ viewport: screen.viewport })

    test('numbers the stations its list numbers and clusters the rest; the credits cover no marker', async ({
      page,
    }) => {
      await page.goto(`/bahnhof/${HAMBURG_HBF}`)
      const section = page.getByRole('region', { name: 'In der Nähe' })
      const map = section.getByRole('region', { name: /^Karte: Hamburg Hbf/ })
      const list = section.getByRole('list', { name: /^In der Nähe \d+ Bahnhöfe im Umkreis von 10 km/ })
      const total = Number(/(\d+) Bahnhöfe im Umkreis/.exec((await section.textContent()) ?? '')![1])
      const numbered = map.getByRole('link', { name: /, [\d.,]+\s(m|km)$/ })
      await expect(numbered.first()).toBeVisible()
      await page.evaluate(() => document.fonts.ready)
      const markers = await markerBoxes(map)
      const hidden = screen.phone ? await underCredits(map, markers) : []
      const listed = await list.getByRole('link').allTextContents()
      test.info().annotations.push({
        type: 'measured',
        description: `${total} stations within 10 km, ${listed.length} listed, ${await numbered.count()} numbered on the map, ${markers.length} markers; under the credits: ${hidden.join('; ') || 'none'}`,
      })
      expect(hidden).toEqual([])
      expect(listed).toHaveLength(10)
      await expect(numbered).toHaveCount(10)
      for (const [index, name] of listed.entries()) {
        await expect(
          map.getByRole('link', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}, `) }),
        ).toHaveText(String(index + 1))
      }
      // The rest are clusters and single stations: zoomed out, they and the numbered add up to all.
      const zoomOut = map.getByRole('button', { name: 'Herauszoomen' })
      const counted = async () => {
        let sum = 0
        for (const { name } of await markerBoxes(map)) {
          const cluster = /^(\d+) Bahnhöfe – heranzoomen$/.exec(name)
          sum += cluster ? Number(cluster[1]) : 1
        }
        return sum
      }
      // Two steps out hold the 10 km around the station.
      for (let step = 0; step < 2; step++) {
        await zoomOut.click()
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        )
        await expect(map.locator('.leaflet-map-pane')).not.toHaveClass(/leaflet-zoom-anim/)
      }
      await expect.poll(counted).toBe(total)
      await expect(numbered).toHaveCount(10)

      // "Alle … anzeigen" lists them all: the map numbers them all.
      await section.getByRole('button', { name: `Alle ${total} anzeigen` }).click()
      await expect(numbered).toHaveCount(total)
    })
  })
}
