// The station page's "In der Nähe": a map centred on the station with the stations within 10 km,
// those the list shows numbered, each a link to its page (by mouse and keyboard), the rest clustered
// (map-framing.spec.ts), and the same stations as a text list with their distances; the page does
// not wait for the map's code.
import type { Page } from '@playwright/test'
import { allStations, distanceMeters } from '../helpers/stations.ts'
import { expect, test } from './fixtures.ts'

const KOELN_HBF = '8000207'

/** The stations within 10 km of Köln Hbf from db-stations itself, nearest first. */
async function neighboursOfKoelnHbf() {
  const stations = await allStations()
  const koeln = stations.find((station) => station.objectID === KOELN_HBF)!
  return stations
    .filter((station) => station._geoloc && station.objectID !== KOELN_HBF)
    .map((station) => ({ name: station.name, metres: distanceMeters(koeln._geoloc!, station._geoloc!) }))
    .filter((station) => station.metres <= 10_000)
    .sort((a, b) => a.metres - b.metres)
}

/** A station marker's name: "Köln West, 1,7 km" (the map's credits are links too). */
const MARKER = /, [\d.,]+\s(m|km)$/

function nearby(page: Page) {
  const section = page.getByRole('region', { name: 'In der Nähe' })
  return {
    section,
    map: section.getByRole('region', { name: 'Karte: Köln Hbf und die Bahnhöfe im Umkreis von 10 km' }),
    list: section.getByRole('list', { name: /^In der Nähe \d+ Bahnhöfe im Umkreis von 10 km/ }),
  }
}

test.describe('station page: stations nearby', () => {
  test('lists the stations within 10 km, nearest first, with their distances', async ({ page }) => {
    const expected = await neighboursOfKoelnHbf()
    await page.goto(`/bahnhof/${KOELN_HBF}`)
    const { section, list } = nearby(page)
    await expect(section.getByText(`${expected.length} Bahnhöfe im Umkreis von 10 km`)).toBeVisible()
    // The ten nearest first, the rest on request.
    await expect(list.getByRole('listitem')).toHaveCount(10)
    await expect(list.getByRole('listitem').first()).toHaveText(/^Köln Hansaring, 800\sm$/)
    await section.getByRole('button', { name: `Alle ${expected.length} anzeigen` }).click()
    await expect(list.getByRole('listitem')).toHaveCount(expected.length)
    const names = await list.getByRole('link').allTextContents()
    expect(names).toEqual(expected.map((station) => station.name))
    await expect(list.getByRole('listitem').nth(1)).toHaveText(/^Köln Messe\/Deutz, 1,2\skm$/)

    await list.getByRole('link', { name: 'Köln Messe/Deutz' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Köln Messe/Deutz' })).toBeVisible()
  })

  test('the map shows the neighbours the list shows as links, with their names and distances, numbered as the list', async ({
    page,
  }) => {
    await page.goto(`/bahnhof/${KOELN_HBF}`)
    const { map, list } = nearby(page)
    await expect(map.getByRole('link', { name: MARKER })).toHaveCount(10)
    await expect(map.getByRole('link', { name: 'Köln Hansaring, 800 m' })).toBeVisible()
    // The list's first two are the map's 1 and 2.
    await expect(list.getByRole('listitem').nth(1)).toHaveText(/^Köln Messe\/Deutz,/)
    await expect(map.getByRole('link', { name: 'Köln Hansaring, 800 m' })).toHaveText('1')
    await expect(map.getByRole('link', { name: /^Köln Messe\/Deutz,/ })).toHaveText('2')
    // The station itself is marked and labelled, not a link to the page one is on.
    await expect(map.getByRole('tooltip', { name: 'Köln Hbf' })).toBeVisible()
    await expect(map.getByRole('link', { name: /^Köln Hbf,/ })).toHaveCount(0)
    // The layers control names the overlay (its list is folded until hovered).
    await expect(
      map.getByRole('checkbox', { name: 'Bahnhöfe in der Nähe', includeHidden: true }),
    ).toBeChecked()

    await map.getByRole('link', { name: /^Köln West,/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Köln West' })).toBeVisible()
    await expect(page).toHaveURL(/\/bahnhof\/\d+$/)
  })

  test('a marker reached with the keyboard opens its station with Enter', async ({ page }) => {
    await page.goto(`/bahnhof/${KOELN_HBF}`)
    const marker = nearby(page).map.getByRole('link', { name: 'Köln Hansaring, 800 m' })
    await expect(marker).toHaveAttribute('tabindex', '0')
    await marker.focus()
    await expect(marker).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Köln Hansaring' })).toBeVisible()
  })

  test('keyboard users can skip the map’s markers to the list', async ({ page }) => {
    await page.goto(`/bahnhof/${KOELN_HBF}`)
    const { section, list } = nearby(page)
    await expect(list.getByRole('link').first()).toBeVisible()
    const skip = section.getByRole('link', { name: 'Karte überspringen' })
    await skip.focus()
    await expect(skip).toBeVisible()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await expect(list.getByRole('link', { name: 'Köln Hansaring' })).toBeFocused()
  })

  test('the page and the list do not wait for the map’s code', async ({ page }) => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/nearby-map-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`/bahnhof/${KOELN_HBF}`)
    const { section, map, list } = nearby(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Köln Hbf' })).toBeVisible()
    await expect(section.getByText('Karte wird geladen …')).toBeVisible()
    await expect(list.getByRole('link').first()).toHaveText('Köln Hansaring')
    await expect(page.getByRole('region', { name: 'Steckbrief' })).toContainText('Kategorie 1')
    release()
    await expect(map.getByRole('link', { name: MARKER }).first()).toBeVisible()
    await expect(section.getByText('Karte wird geladen …')).toHaveCount(0)
  })

  test('no request leaves the app’s own host and axe finds no serious or critical violation', async ({
    page,
    axeViolations,
  }) => {
    const foreign: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (!['http:', 'https:'].includes(url.protocol)) return
      if (url.origin !== new URL(page.url() === 'about:blank' ? request.url() : page.url()).origin) {
        foreign.push(request.url())
      }
    })
    await page.goto(`/bahnhof/${KOELN_HBF}`)
    await expect(nearby(page).map.getByRole('link', { name: MARKER }).first()).toBeVisible()
    expect(foreign).toEqual([])
    expect(await axeViolations()).toEqual([])
  })

  test('a station with few neighbours lists them all', async ({ page }) => {
    await page.goto('/bahnhof/8000885')
    const section = page.getByRole('region', { name: 'In der Nähe' })
    await expect(section.getByText('Ein Bahnhof im Umkreis von 10 km:')).toBeVisible()
    await expect(section.getByRole('listitem')).toHaveText([/^Bischofswiesen, \d,\d\skm$/])
    await expect(section.getByRole('button', { name: /^Alle \d+ anzeigen$/ })).toHaveCount(0)
  })
})
