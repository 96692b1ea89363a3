// Server rendering: every page's HTML holds its content, so readers without JavaScript, search
// engines and link previews see it; with JavaScript the browser takes the page over (hydration)
// without a console error and without asking for what the server already sent.
import type { Browser, Page } from '@playwright/test'
import { serverUrl } from './base-url.ts'
import {
  EVENTS_URL,
  expect,
  hold,
  QUERIES_URL,
  SearchUi,
  sentQueries,
  test,
  untilInteractive,
} from './fixtures.ts'

const KOELN_HBF = '/bahnhof/8000207'

async function withoutJavaScript(
  browser: Browser,
  use: (page: Page) => Promise<void>,
  viewport = { width: 1400, height: 900 },
): Promise<void> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport,
    baseURL: serverUrl(),
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  })
  try {
    await use(await context.newPage())
  } finally {
    await context.close()
  }
}

/** Console errors and uncaught exceptions of a page (a hydration mismatch is reported as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    // A 404 page's own status is reported as a failed resource: expected there, nothing else.
    if (message.type() === 'error' && !/status of 404/.test(message.text())) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test.describe('without JavaScript', () => {
  test('a station page shows its name, opening hours, phone and the stations nearby', async ({ browser }) => {
    await withoutJavaScript(browser, async (page) => {
      const response = await page.goto(KOELN_HBF)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1, name: 'Köln Hbf' })).toBeVisible()
      await expect(page.getByText('Trankgasse 11, 50667 Köln')).toBeVisible()
      const hours = page.getByRole('region', { name: 'Öffnungszeiten' })
      await expect(hours).toContainText('rund um die Uhr')
      await expect(page.locator('a[href^="tel:"]').first()).toBeVisible()
      const nearby = page.getByRole('region', { name: 'In der Nähe' })
      await expect(nearby.getByRole('link', { name: 'Köln Hansaring' })).toBeVisible()
      // The one part that needs JavaScript says so in its place.
      await expect(nearby).toContainText('Sie braucht JavaScript')
    })
  })

  test('info and notice pages are whole', async ({ browser }) => {
    await withoutJavaScript(browser, async (page) => {
      await page.goto('/info/hilfe')
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('')
      await expect(page.getByRole('article')).toContainText('Stand:')
      await page.goto('/meldungen')
      const first = page.getByRole('main').getByRole('article').first()
      await expect(first).toBeVisible()
      const link = first.getByRole('link').first()
      const title = await link.textContent()
      await link.click()
      await expect(page.getByRole('heading', { level: 1 })).toContainText(title ?? '')
    })
  })

  test('the notices filter is a form: a kind and "Anzeigen" list that kind, the chosen days kept', async ({
    browser,
  }) => {
    await withoutJavaScript(browser, async (page) => {
      await page.goto('/meldungen?von=2026-11-23')
      await page.getByRole('radio', { name: /^Aufzug/ }).check()
      await page.getByRole('button', { name: 'Anzeigen' }).click()
      await expect(page).toHaveURL(/\/meldungen\?von=2026-11-23&art=Aufzug$/)
      await expect(page.getByRole('radio', { name: /^Aufzug/ })).toBeChecked()
      const list = page.getByRole('region', { name: 'Liste der Meldungen' })
      await expect(list.getByRole('status')).toHaveText(/ am Mo\., 23\.11\.2026 · Aufzug$/)
      const kinds = list.getByRole('article').getByText(/^(Aufzug|Bauarbeiten|Information)$/)
      await expect(kinds.first()).toHaveText('Aufzug')
      for (const kind of await kinds.allTextContents()) expect(kind).toBe('Aufzug')
    })
  })

  test('the start page search leads to server-rendered hits whose pages can be turned', async ({
    browser,
  }) => {
    await withoutJavaScript(browser, async (page) => {
      await page.goto('/')
      await page.getByRole('combobox', { name: 'Bahnhof suchen' }).first().fill('köln')
      await page.getByRole('combobox', { name: 'Bahnhof suchen' }).first().press('Enter')
      await expect(page).toHaveURL(/\/suche\?q=k%C3%B6ln$/)
      const results = page.getByRole('region', { name: 'Ergebnisse' })
      await expect(results.getByRole('article')).toHaveCount(20)
      await expect(results.getByRole('article').first()).toContainText('Köln Hbf')
      await page.getByRole('link', { name: 'Seite 2', exact: true }).click()
      await expect(page).toHaveURL(/seite=2/)
      // 35 stations named Köln: the second page holds the other 15.
      await expect(results.getByRole('article')).toHaveCount(15)
      await expect(results.getByRole('article').first()).not.toContainText('Köln Hbf')
    })
  })
})

test.describe('without JavaScript, filters and sort', () => {
  for (const viewport of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`the search page's own field searches at ${viewport.width}×${viewport.height}, and "In meiner Nähe" is not offered`, async ({
      browser,
    }) => {
      await withoutJavaScript(
        browser,
        async (page) => {
          await page.goto('/suche?q=k%C3%B6ln')
          // Without a script nothing can ask for the visitor's position: no button that cannot work.
          await expect(page.getByRole('button', { name: 'In meiner Nähe' })).toBeHidden()
          const field = page.getByRole('searchbox', { name: 'Bahnhof suchen' })
          await field.fill('berlin hbf')
          await field.press('Enter')
          await expect(page).toHaveURL(/\/suche\?q=berlin\+hbf$/)
          await expect(field).toHaveValue('berlin hbf')
          const results = page.getByRole('region', { name: 'Ergebnisse' })
          await expect(results.getByRole('article').first()).toContainText('Berlin Hauptbahnhof')
        },
        viewport,
      )
    })

    test(`filter and sort forms work at ${viewport.width}×${viewport.height}`, async ({ browser }) => {
      await withoutJavaScript(
        browser,
        async (page) => {
          await page.goto('/suche?q=k%C3%B6ln')
          const filters = page.getByRole('complementary', { name: 'Filter' })
          await filters.getByRole('checkbox', { name: /^Rheinland-Pfalz/ }).check()
          await filters.getByRole('button', { name: 'Filter anwenden' }).click()
          await expect(page).toHaveURL(/\/suche\?q=k%C3%B6ln&bundesland=Rheinland-Pfalz$/)
          await expect(filters.getByRole('checkbox', { name: /^Rheinland-Pfalz/ })).toBeChecked()
          const results = page.getByRole('region', { name: 'Ergebnisse' })
          await expect(results.getByRole('article').first()).toContainText('Rheinland-Pfalz')
          await page.getByRole('combobox', { name: 'Sortierung' }).selectOption({ label: 'Name Z–A' })
          await page.getByRole('button', { name: 'Sortieren' }).click()
          await expect(page).toHaveURL(/bundesland=Rheinland-Pfalz&sortierung=name-za$/)
          await expect(page.getByRole('combobox', { name: 'Sortierung' })).toHaveValue('name-za')
        },
        viewport,
      )
    })
  }
})

test.describe('hydration', () => {
  for (const path of ['/', KOELN_HBF, '/suche?q=k%C3%B6ln', '/info/hilfe', '/meldungen', '/gibt-es-nicht']) {
    test(`${path} is taken over without a console error`, async ({ page }) => {
      const errors = collectErrors(page)
      await page.goto(path)
      // The page answers once hydrated: suggestions under the header's field, hits on the search page.
      if (path.startsWith('/suche')) {
        const search = new SearchUi(page)
        await search.settled()
        await search.searchBox.fill('berlin hbf')
        await expect(search.hits.first()).toContainText('Berlin')
      } else {
        // The start page's own field; the header's elsewhere.
        const form = page
          .getByRole(path === '/' ? 'main' : 'banner')
          .getByRole('search', { name: 'Bahnhof suchen' })
        await form.getByRole('combobox').fill('ber')
        await expect(form.getByRole('option').first()).toBeVisible()
      }
      expect(errors).toEqual([])
    })
  }

  for (const viewport of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`text typed into the search field before the app takes the page over is searched, not lost (${viewport.width}×${viewport.height})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      const errors = collectErrors(page)
      // A slow line: the app's code arrives only after the user has typed into the server's HTML.
      const scripts = await hold(page, /\/assets\/.+\.js$/)
      await page.goto('/suche?q=k%C3%B6ln', { waitUntil: 'commit' })
      const search = new SearchUi(page)
      await search.searchBox.fill('berlin hbf')
      scripts.release()
      await untilInteractive(page)
      await expect(search.searchBox).toHaveValue('berlin hbf')
      await expect(search.hits.first()).toContainText('Berlin Hauptbahnhof')
      await expect(page).toHaveURL(/\/suche\?q=berlin\+hbf$/)
      expect(errors).toEqual([])
    })
  }

  test('a filter ticked and a sort chosen before the app has taken the page over are not lost: the server renders them; "In meiner Nähe" waits for the app', async ({
    page,
  }) => {
    // The search page's chunk is held: the main script runs, but the page is the server's HTML.
    // At 1400×900 only: on a phone the filters are behind a button that needs the app.
    const chunk = await hold(page, /\/assets\/search-page-[^/]*\.js$/)
    await page.goto('/suche?q=k%C3%B6ln', { waitUntil: 'commit' })
    const filters = page.getByRole('complementary', { name: 'Filter' })
    await filters.getByRole('checkbox', { name: /^Rheinland-Pfalz/ }).check()
    await expect(page).toHaveURL(/\/suche\?q=k%C3%B6ln&bundesland=Rheinland-Pfalz$/)
    await page.getByRole('combobox', { name: 'Sortierung' }).selectOption({ label: 'Name Z–A' })
    await expect(page).toHaveURL(/bundesland=Rheinland-Pfalz&sortierung=name-za$/)
    await expect(page.locator('html[data-interactive]')).toHaveCount(0)
    // Sorting by the visitor's position needs the app: until then the button says so.
    const nearMe = page.getByRole('button', { name: 'In meiner Nähe' })
    await expect(nearMe).toBeDisabled()
    chunk.release()
    await untilInteractive(page)
    await expect(nearMe).toBeEnabled()
    await expect(filters.getByRole('checkbox', { name: /^Rheinland-Pfalz/ })).toBeChecked()
    await expect(page.getByRole('combobox', { name: 'Sortierung' })).toHaveValue('name-za')
    const search = new SearchUi(page)
    await expect(search.hits.first()).toContainText('Rheinland-Pfalz')
  })

  test('the search page shows the server’s hits and does not search them again', async ({ page }) => {
    const searches: string[] = []
    page.on('request', (request) => {
      if (QUERIES_URL.test(request.url())) {
        for (const query of sentQueries(request)) searches.push(String(query.params.query ?? ''))
      }
    })
    const errors = collectErrors(page)
    await page.clock.install()
    await page.goto('/suche?q=k%C3%B6ln')
    const search = new SearchUi(page)
    await search.settled()
    await expect(search.hits.first()).toContainText('Köln Hbf')
    // Long past the stalled-search notice and the URL write: still no search of its own.
    await page.clock.runFor(2000)
    expect(searches).toEqual([])
    // …and it searches as soon as the user types.
    await search.searchBox.fill('köln hbf')
    await expect.poll(() => searches).toContain('köln hbf')
    expect(errors).toEqual([])
  })

  test('a click on a server-rendered hit is sent with the query ID the server’s search got', async ({
    page,
  }) => {
    await page.goto('/suche?q=Hamburg')
    const search = new SearchUi(page)
    await search.settled()
    const clickEvent = page.waitForRequest((request) => {
      if (!EVENTS_URL.test(request.url()) || request.method() !== 'POST') return false
      return /"eventType":"click"/.test(request.postData() ?? '')
    })
    await search.hits.nth(2).getByRole('link').click()
    const body = (await clickEvent).postDataJSON() as { events: Array<Record<string, unknown>> }
    const click = body.events.find((event) => event.eventType === 'click')
    expect(click?.positions).toEqual([3])
    expect(click?.queryID).toMatch(/^[0-9a-f]{32}$/i)
    expect(click?.userToken).toBeTruthy()
  })
})

test.describe('stable layout', () => {
  for (const viewport of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`nothing moves on a station page and the search page at ${viewport.width}×${viewport.height}`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      await page.addInitScript(() => {
        const shifts: number[] = []
        Object.assign(window, { layoutShifts: shifts })
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >)
            if (!entry.hadRecentInput) shifts.push(entry.value)
        }).observe({ type: 'layout-shift', buffered: true })
      })
      for (const path of [KOELN_HBF, '/suche?q=k%C3%B6ln']) {
        await page.goto(path)
        await page.waitForLoadState('networkidle')
        // The late parts (notices, nearby stations, the map, recommendations) have come by now.
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        const cls = await page.evaluate(() =>
          (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce(
            (sum, value) => sum + value,
            0,
          ),
        )
        expect(cls, path).toBeLessThanOrEqual(0.02)
      }
    })

    test(`a station page's sections keep their places while its HTML is still arriving at ${viewport.width}×${viewport.height}`, async ({
      page,
    }) => {
      // A browser paints a long page before it has parsed all of it (on a slow line or a busy CPU):
      // the sections parsed so far must already stand where the whole page puts them.
      await page.setViewportSize(viewport)
      await page.goto(KOELN_HBF)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const moved = await page.evaluate(() => {
        const grid = document.querySelector('.station-grid')
        if (!grid || grid.children.length < 3) return ['the station grid has fewer than three sections']
        const sections = [...grid.children]
        const place = (element: Element) => {
          const { x, y, width } = element.getBoundingClientRect()
          return `${Math.round(x)},${Math.round(y)} ${Math.round(width)} wide`
        }
        const whole = sections.map(place)
        const differences: string[] = []
        for (let parsed = sections.length - 1; parsed >= 1; parsed -= 1) {
          sections[parsed]?.remove()
          sections.slice(0, parsed).forEach((section, index) => {
            const now = place(section)
            if (now !== whole[index])
              differences.push(
                `sections 1–${parsed} parsed: section ${index + 1} at ${now}, not ${whole[index]}`,
              )
          })
        }
        return differences
      })
      expect(moved).toEqual([])
    })
  }
})
