// The station page's practical facts: opening hours with "Jetzt geöffnet" in Berlin time,
// phone, map and departure links, plain-German explanations; and the compact hit card.
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

const NUREMBERG = '/bahnhof/8000284'
const COLOGNE = '/bahnhof/8000207'
/** Service staff Mo–Fr 7:50–18:10, Sa 8:50–19:10, So and holidays 8:50–21:10. */
const AALEN = '/bahnhof/8000002'
/** Wednesday, 12 March 2025, 10:00 in Berlin. */
const WEDNESDAY_MORNING = new Date('2025-03-12T10:00:00+01:00')

/** One service's block in "Öffnungszeiten": its name, status line and week. */
function service(page: Page, name: string): Locator {
  return page
    .getByRole('region', { name: 'Öffnungszeiten' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
}

test.describe('station facts', () => {
  test('opening hours: Jetzt geöffnet until closing, and the week in one line when every day is alike', async ({
    page,
  }) => {
    await page.clock.setFixedTime(WEDNESDAY_MORNING)
    await page.goto(NUREMBERG)
    const hours = page.getByRole('region', { name: 'Öffnungszeiten' })
    const info = service(page, 'DB Information')
    await expect(info.getByRole('paragraph')).toHaveText('Jetzt geöffnet · bis 24:00')
    await expect(info.getByRole('term')).toHaveText(['täglich'])
    await expect(info.getByRole('definition')).toHaveText(['6:00–24:00'])
    const staff = service(page, 'Service-Personal')
    await expect(staff.getByRole('paragraph')).toHaveText('Jetzt geöffnet · bis 23:30')
    await expect(staff.getByRole('definition')).toHaveText(['6:00–23:30'])
    // "täglich" needs no "(heute)".
    await expect(hours).not.toContainText('heute')
  })

  test('a station open round the clock says "täglich rund um die Uhr" once per service', async ({ page }) => {
    await page.clock.setFixedTime(WEDNESDAY_MORNING)
    await page.goto(COLOGNE)
    const hours = page.getByRole('region', { name: 'Öffnungszeiten' })
    await expect(hours.getByRole('listitem')).toHaveCount(2)
    for (const name of ['DB Information', 'Service-Personal']) {
      const block = service(page, name)
      await expect(block.getByRole('paragraph')).toHaveText('Jetzt geöffnet')
      await expect(block.getByRole('term')).toHaveText(['täglich'])
      await expect(block.getByRole('definition')).toHaveText(['rund um die Uhr'])
    }
    await expect(hours.getByText('rund um die Uhr')).toHaveCount(2)
  })

  test('days with equal hours are grouped, spelled out for screen readers, today marked', async ({
    page,
  }) => {
    await page.clock.setFixedTime(WEDNESDAY_MORNING)
    await page.goto(AALEN)
    const staff = service(page, 'Service-Personal')
    await expect(staff).toMatchAriaSnapshot(`
      - listitem:
        - heading "Service-Personal" [level=3]
        - paragraph:
          - strong: Jetzt geöffnet
          - text: · bis 18:10
        - term: Montag bis Freitag (heute)
        - definition: 7:50–18:10
        - term: Samstag
        - definition: 8:50–19:10
        - term: Sonntag und Feiertage
        - definition: 8:50–21:10
    `)
    const today = staff.locator('[aria-current="date"]')
    await expect(today).toHaveCount(1)
    await expect(today.getByRole('definition')).toHaveText('7:50–18:10')
    // What the eye sees: the short names of a sign.
    await expect(staff.getByText('Mo–Fr')).toBeVisible()
    await expect(staff.getByText('So und Feiertage')).toBeVisible()
  })

  test.describe('in a browser set to New York time', () => {
    test.use({ timezoneId: 'America/New_York' })

    test('the status and today are computed for Berlin', async ({ page }) => {
      // 23:30 UTC on Friday: 00:30 on Saturday in Berlin (closed until 8:50), Friday evening in New York.
      await page.clock.setFixedTime(new Date('2025-03-14T23:30:00Z'))
      await page.goto(AALEN)
      const staff = service(page, 'Service-Personal')
      await expect(staff.getByRole('paragraph')).toHaveText('Jetzt geschlossen · Öffnet um 8:50')
      await expect(staff.locator('[aria-current="date"]')).toMatchAriaSnapshot(`
        - term: Samstag (heute)
        - definition: 8:50–19:10
      `)
    })
  })

  test('phone numbers are tel: links; the map and bahn.de links open on demand', async ({ page }) => {
    const requested: string[] = []
    page.on('request', (request) => requested.push(new URL(request.url()).hostname))
    await page.goto(NUREMBERG)
    await expect(page.getByRole('link', { name: '0911/2191055' })).toHaveAttribute(
      'href',
      'tel:+499112191055',
    )
    const access = page.getByRole('region', { name: 'Barrierefreiheit' })
    await expect(access).toContainText('Mobilitätsservice')
    await expect(access).toContainText('Ja')
    await expect(access.getByRole('link', { name: '030 65 21 28 88' })).toHaveAttribute(
      'href',
      'tel:+493065212888',
    )
    // A desktop browser has no map app for `geo:` (the phone's link: page-details.spec.ts).
    await expect(page.getByRole('link', { name: /Auf OpenStreetMap ansehen/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=49.445616&mlon=11.082989#map=17/49.445616/11.082989',
    )
    const departures = page.getByRole('link', { name: /Abfahrten bei bahn\.de/ })
    await expect(departures).toHaveAttribute('target', '_blank')
    await expect(departures).toHaveAttribute('rel', 'noopener noreferrer')
    const href = new URL((await departures.getAttribute('href')) ?? '')
    expect(href.hostname).toBe('www.bahn.de')
    expect(href.searchParams.get('ortExtId')).toBe('8000284')
    expect(requested.filter((host) => host.endsWith('bahn.de'))).toEqual([])
  })

  test('a small station without staff shows no hours, no mobility service and the 3-S-Zentrale', async ({
    page,
  }) => {
    await page.goto('/bahnhof/8000410')
    await expect(page.getByRole('heading', { level: 1, name: 'Abensberg' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Öffnungszeiten' })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Barrierefreiheit' })).toContainText('Nein')
    await expect(page.getByRole('region', { name: 'Hilfe und Kontakt' }).getByRole('link')).toHaveAttribute(
      'href',
      'tel:+499112191055',
    )
  })

  test('jargon is explained on request, by click or keyboard', async ({ page }) => {
    await page.goto(NUREMBERG)
    const facts = page.getByRole('region', { name: 'Steckbrief' })
    const explanation = facts.getByText(/Richtlinie 100/)
    await expect(explanation).toBeHidden()
    await facts.getByText('Was ist das? (RIL100-Kürzel)').click()
    await expect(explanation).toBeVisible()

    const eva = facts.getByText('Was ist das? (EVA-Nummer)')
    await eva.focus()
    await page.keyboard.press('Enter')
    await expect(facts.getByText(/internationale Nummer des Bahnhofs/)).toBeVisible()
    await expect(facts).toContainText('Preisklassen')
    await expect(facts).toContainText('Aufgabenträger')
  })

  test('the Aufgabenträger is named once, without repeating its area', async ({ page }) => {
    await page.goto('/bahnhof/8011160')
    const facts = page.getByRole('region', { name: 'Steckbrief' })
    await expect(facts).toContainText('Verkehrsverbund Berlin-Brandenburg (VBB), für Berlin')
    await expect(facts).not.toContainText('(Berlin) (VBB Berlin)')
  })

  for (const viewport of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`axe-core finds no serious or critical violation at ${viewport.width}×${viewport.height}`, async ({
      page,
      axeViolations,
    }) => {
      await page.setViewportSize(viewport)
      await page.goto(NUREMBERG)
      await expect(
        page.getByRole('region', { name: 'Öffnungszeiten' }).getByRole('term').first(),
      ).toBeVisible()
      await page.getByText('Was ist das? (Kategorie)').click()
      expect(await axeViolations()).toEqual([])
    })
  }
})

test.describe('compact hit card', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('shows a few facilities, those filtered for first, and counts the rest', async ({ page, search }) => {
    await search.open('?q=K%C3%B6ln%20Hbf')
    const card = search.hits.filter({ has: page.getByRole('heading', { name: 'Köln Hbf', exact: true }) })
    const chips = card.getByRole('list', { name: /^Ausstattung/ }).getByRole('listitem')
    // All 13 are listed for screen readers; two are drawn, with the count of the others.
    await expect(chips).toHaveCount(13)
    await expect(chips.nth(0)).toHaveText('WC')
    await expect(chips.nth(1)).toHaveText('Reisezentrum')
    await expect(card.getByText('+11 weitere')).toBeVisible()
    const lounge = await chips.filter({ hasText: 'DB Lounge' }).boundingBox()
    expect(lounge?.width).toBeLessThanOrEqual(1)

    await search.open('?q=K%C3%B6ln%20Hbf&ausstattung=Mietwagen')
    await expect(chips.nth(0)).toHaveText('Mietwagen')
    await expect(card).toContainText('Stufenfreier Zugang: ja')

    await card.getByRole('link', { name: 'Köln Hbf' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Köln Hbf' })).toBeVisible()
  })
})
