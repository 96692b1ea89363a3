// Small things a traveller meets: a placeholder cut off on a phone, a station shown twice on a
// notice, an empty column on the station page, a map link that does nothing on a desktop.
import type { Locator } from '@playwright/test'
import { expect, test, untilInteractive } from './fixtures.ts'

const COLOGNE = '/bahnhof/8000207'
const BERLIN_NOTICE = '/meldungen/berlin-hbf-aufzug-gleis-15-16'
const OSM_COLOGNE =
  /^https:\/\/www\.openstreetmap\.org\/\?mlat=50\.94\d*&mlon=6\.95\d*#map=17\/50\.94\d*\/6\.95\d*$/

/** The placeholder's text width against the room the field has for it (both in CSS pixels). */
async function placeholderFit(input: Locator): Promise<{ text: number; room: number; placeholder: string }> {
  return input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element, '::placeholder')
    const context = document.createElement('canvas').getContext('2d')
    if (!context) throw new Error('no canvas')
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    const own = getComputedStyle(element)
    const room =
      element.clientWidth - Number.parseFloat(own.paddingLeft) - Number.parseFloat(own.paddingRight)
    return { text: context.measureText(element.placeholder).width, room, placeholder: element.placeholder }
  })
}

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  for (const path of ['/suche', '/']) {
    test(`the search field's hint on ${path} is readable whole`, async ({ page }) => {
      await page.goto(path)
      await untilInteractive(page)
      const input = page
        .getByRole('main')
        .getByRole('searchbox', { name: 'Bahnhof suchen' })
        .or(page.getByRole('main').getByRole('combobox', { name: 'Bahnhof suchen' }))
      const fit = await placeholderFit(input.first())
      expect(fit.placeholder).toMatch(/Bahnhof/)
      expect(fit.text, `„${fit.placeholder}“`).toBeLessThanOrEqual(fit.room)
    })
  }

  test('the station page offers the map app', async ({ page }) => {
    await page.goto(COLOGNE)
    await untilInteractive(page)
    await expect(page.getByRole('link', { name: 'In Karten-App öffnen' })).toHaveAttribute(
      'href',
      /^geo:50\.94\d*,6\.95\d*\?q=50\.94\d*,6\.95\d*\(K%C3%B6ln%20Hbf\)$/,
    )
  })
})

test.describe('on a desktop (1400×900)', () => {
  test.use({ viewport: { width: 1400, height: 900 } })

  test('a notice shows each station’s card once', async ({ page }) => {
    await page.goto(BERLIN_NOTICE)
    await untilInteractive(page)
    const cards = page.getByRole('main').getByRole('complementary', { name: /^Bahnhof: / })
    await expect(cards.first()).toBeVisible()
    const names = await cards.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('aria-label')),
    )
    expect(names.length).toBeGreaterThan(0)
    expect(names).toEqual([...new Set(names)])
  })

  test('the station page has no empty column', async ({ page }) => {
    await page.goto(COLOGNE)
    await untilInteractive(page)
    await expect(page.getByRole('region', { name: 'Steckbrief' })).toBeVisible()
    // Each row of the station's sections reaches the grid's right edge.
    const rows = await page.locator('.station-grid').evaluate((grid) => {
      const right = grid.getBoundingClientRect().right
      const byRow = new Map<number, number>()
      for (const child of grid.children) {
        const box = child.getBoundingClientRect()
        if (box.width === 0) continue
        const top = Math.round(box.top)
        byRow.set(top, Math.max(byRow.get(top) ?? 0, box.right))
      }
      return [...byRow.values()].map((rowRight) => Math.round(right - rowRight))
    })
    expect(rows.length).toBeGreaterThan(1)
    for (const gap of rows) expect(gap).toBeLessThanOrEqual(1)
  })

  test('the map link opens OpenStreetMap at the station', async ({ page }) => {
    await page.goto(COLOGNE)
    await untilInteractive(page)
    const link = page.getByRole('link', { name: /Auf OpenStreetMap ansehen/ })
    await expect(link).toHaveAttribute('href', OSM_COLOGNE)
    await expect(page.locator('a[href^="geo:"]')).toHaveCount(0)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the station page’s map link works', async ({ page }) => {
      await page.goto(COLOGNE)
      await expect(page.getByRole('link', { name: /Auf OpenStreetMap ansehen/ })).toHaveAttribute(
        'href',
        OSM_COLOGNE,
      )
    })
  })
})
