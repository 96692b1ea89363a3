// The station page's practical facts: opening hours with "Jetzt geöffnet" in Berlin time,
// phone, map and departure links, plain-German explanations; and the compact hit card.
import { expect, test } from './fixtures.ts'

const NUREMBERG = '/bahnhof/8000284'
/** Wednesday, 12 March 2025, 10:00 in Berlin. */
const WEDNESDAY_MORNING = new Date('2025-03-12T10:00:00+01:00')

test.describe('station facts', () => {
  test('opening hours: Jetzt geöffnet until closing, and the week from Monday', async ({ page }) => {
    await page.clock.setFixedTime(WEDNESDAY_MORNING)
    await page.goto(NUREMBERG)
    const hours = page.getByRole('region', { name: 'Öffnungszeiten' })
    await expect(hours.getByRole('listitem').filter({ hasText: 'DB Information' })).toHaveText(
      'DB Information: Jetzt geöffnet · bis 24:00',
    )
    await expect(hours.getByRole('listitem').filter({ hasText: 'Service-Personal' })).toHaveText(
      'Service-Personal: Jetzt geöffnet · bis 23:30',
    )
    const rows = hours.getByRole('table').getByRole('row')
    await expect(rows.nth(1).getByRole('rowheader')).toHaveText('Montag')
    await expect(rows.nth(8).getByRole('rowheader')).toHaveText('Feiertage')
    const today = rows.filter({ hasText: 'Mittwoch' })
    await expect(today).toHaveAttribute('aria-current', 'date')
    await expect(today).toContainText('(heute)')
    await expect(today.getByRole('cell')).toHaveText(['6:00–24:00', '6:00–23:30'])
  })

  test.describe('in a browser set to New York time', () => {
    test.use({ timezoneId: 'America/New_York' })

    test('the status is computed for Berlin', async ({ page }) => {
      // 04:30 UTC: 05:30 in Berlin (closed until 6:00), still Tuesday evening in New York.
      await page.clock.setFixedTime(new Date('2025-03-12T04:30:00Z'))
      await page.goto(NUREMBERG)
      const hours = page.getByRole('region', { name: 'Öffnungszeiten' })
      await expect(hours.getByRole('listitem').filter({ hasText: 'DB Information' })).toHaveText(
        'DB Information: Jetzt geschlossen · Öffnet um 6:00',
      )
      await expect(hours.getByRole('row').filter({ hasText: '(heute)' })).toContainText('Mittwoch')
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
    await expect(page.getByRole('link', { name: 'In Karten-App öffnen' })).toHaveAttribute(
      'href',
      'geo:49.445616,11.082989?q=49.445616,11.082989(N%C3%BCrnberg%20Hbf)',
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
      await expect(page.getByRole('table')).toBeVisible()
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
    const chips = card.getByRole('listitem')
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
