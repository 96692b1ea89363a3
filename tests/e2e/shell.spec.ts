import type { Response } from '@playwright/test'
import { expect, test } from './fixtures.ts'

test.describe('web shell', () => {
  test('the start page renders header, search and footer with the data credit', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Bahnhofsfinder' })).toBeVisible()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Bahnhöfe in Deutschland finden' }),
    ).toBeVisible()
    await expect(page.getByRole('search', { name: 'Bahnhof suchen' })).toBeVisible()

    const footer = page.getByRole('contentinfo')
    await expect(footer.getByText('Stationsdaten: DB InfraGO AG, CC BY 4.0')).toBeVisible()
    const infoLinks = footer.getByRole('navigation', { name: 'Informationen' }).getByRole('link')
    await expect(infoLinks).toHaveCount(5)
    for (const [name, href] of [
      ['Über den Bahnhofsfinder', '/info/ueber'],
      ['Barrierefrei reisen', '/info/barrierefrei-reisen'],
      ['Hilfe zur Suche', '/info/hilfe'],
      ['Impressum', '/info/impressum'],
      ['Datenschutz', '/info/datenschutz'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await expect(page).toHaveTitle(/Bahnhofsfinder/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  })

  test('the start page search leads to /suche?q=…', async ({ page, search }) => {
    await page.goto('/')
    await page.getByRole('combobox', { name: 'Bahnhof suchen' }).fill('Freiburg')
    await page.getByRole('button', { name: 'Suchen' }).click()
    await expect(page).toHaveURL(/\/suche\?q=Freiburg$/)
    await search.settled()
    await expect(search.searchBox).toHaveValue('Freiburg')
    await expect(search.hits.first()).toContainText('Freiburg')
  })

  test('an unknown route shows the 404 page, and the header search leads to /suche', async ({ page }) => {
    await page.goto('/gibt-es-nicht')
    await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expect(page).toHaveTitle('Seite nicht gefunden – Bahnhofsfinder')

    const headerSearch = page.getByRole('banner').getByRole('search', { name: 'Bahnhof suchen' })
    await headerSearch.getByRole('combobox').fill('Ulm')
    await headerSearch.getByRole('combobox').press('Enter')
    await expect(page).toHaveURL(/\/suche\?q=Ulm$/)
  })

  test('client-side navigation keeps header and footer and moves to the new page', async ({ page }) => {
    await page.goto('/gibt-es-nicht')
    await page.getByRole('link', { name: 'Zur Startseite' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Bahnhöfe in Deutschland finden' }),
    ).toBeVisible()
    await expect(page.getByRole('main')).toBeFocused()
  })

  test('the start page loads without the search code', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(scripts.some((path) => path.includes('search-page'))).toBe(false)
  })

  test('the error boundary keeps the layout when a page fails to load', async ({ page }) => {
    await page.goto('/')
    // The search page's chunk cannot be loaded (say, after a deployment): the page says so.
    await page.route(/\/assets\/search-page-[^/]*\.js$/, (route) => route.abort())
    await page.getByRole('link', { name: 'Bahnhöfe mit DB Lounge' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Etwas ist schiefgelaufen' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Seite neu laden' })).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
  })

  test('a page served unrendered without /config.json says it could not start', async ({ page }) => {
    // Pages come rendered with their config; one served as the bare shell (a server without its
    // renderer built) fetches /config.json, and says so when it cannot.
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const response = await route.fetch()
        const shell = (await response.text()).replace(
          /<div id="root">[\s\S]*<\/div>\s*<script type="application\/json"[^>]*>[^<]*<\/script>/,
          '<div id="root"></div>',
        )
        await route.fulfill({ response, body: shell })
      },
    )
    await page.route(/\/config\.json$/, (route) => route.fulfill({ status: 503, body: 'unavailable' }))
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Der Bahnhofsfinder konnte nicht starten' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible()
  })

  test('no page breaks the Content Security Policy', async ({ page, search }) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    for (const path of ['/', '/suche?q=Leipzig', '/bahnhof/8010205', '/gibt-es-nicht']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      if (path.startsWith('/suche')) await expect(search.hits.first()).toBeVisible()
    }
    expect(violations).toEqual([])
  })
})

test.describe('delivery', () => {
  test('the page, its scripts and styles, and the search answers over 1 KB arrive compressed', async ({
    page,
    search,
  }) => {
    const encodings = new Map<string, string>()
    const pending: Promise<void>[] = []
    const record = async (response: Response) => {
      const url = new URL(response.url())
      const kind = url.pathname.endsWith('.js')
        ? 'script'
        : url.pathname.endsWith('.css')
          ? 'style'
          : url.pathname.includes('/queries')
            ? 'search'
            : url.pathname === '/suche'
              ? 'page'
              : undefined
      if (!kind || response.status() !== 200) return
      // Below 1 KB no file or answer is worth compressing; the page always is.
      if (kind !== 'page' && (await response.body()).length < 1024) return
      const encoding = (await response.allHeaders())['content-encoding'] ?? 'none'
      encodings.set(`${kind} ${url.pathname}`, encoding)
    }
    // Until the results show: later responses (the map's chunk at idle) are not waited for.
    const listen = (response: Response) => pending.push(record(response))
    page.on('response', listen)
    await search.open('?q=k%C3%B6ln')
    // The first results come in the page; the next search is the browser's own.
    await search.searchBox.fill('berlin')
    await search.settled()
    page.off('response', listen)
    await Promise.all(pending)
    const kinds = new Set([...encodings.keys()].map((key) => key.split(' ')[0]))
    expect(kinds).toEqual(new Set(['page', 'script', 'style', 'search']))
    // Chromium offers zstd: search answers come in it (the fastest to make per keystroke), or in
    // brotli when the server kept the answer (put together from pieces compressed once, not per
    // answer; other tests searched "berlin" before); the page (where bytes count most, once per
    // visit) and the build's files come in brotli.
    for (const [what, encoding] of encodings) {
      if (what.startsWith('search ')) expect(['zstd', 'br'], what).toContain(encoding)
      else expect(encoding, what).toBe('br')
    }
  })
})

test.describe('found and previewed', () => {
  test('a station page has its title and JSON-LD before any script; leaving it drops them', async ({
    page,
  }) => {
    const html = await (await page.request.get('/bahnhof/8000207')).text()
    const data = [
      ...html.matchAll(/<script data-server-head type="application\/ld\+json">([^<]*)<\/script>/g),
    ].map((match) => JSON.parse(match[1] ?? '') as { '@type': string; name?: string })
    expect(data.find((item) => item['@type'] === 'TrainStation')?.name).toBe('Köln Hbf')
    await page.goto('/bahnhof/8000207')
    await expect(page.getByRole('heading', { level: 1, name: 'Köln Hbf' })).toBeVisible()
    await expect(page).toHaveTitle('Köln Hbf – Bahnhofsfinder')
    await page.getByRole('banner').getByRole('link', { name: 'Bahnhofsfinder' }).click()
    await expect(page).toHaveTitle('Bahnhofsfinder – Bahnhöfe in Deutschland finden')
    await expect(page.locator('head [data-server-head]')).toHaveCount(0)
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0)
  })

  test('the sitemap lists every station, and a sample of them answers 200', async ({ page }) => {
    const sitemap = await (await page.request.get('/sitemap.xml')).text()
    const stations = [...sitemap.matchAll(/<loc>([^<]*\/bahnhof\/[^<]+)<\/loc>/g)].map(
      (match) => match[1] ?? '',
    )
    expect(stations.length).toBeGreaterThanOrEqual(5388)
    for (const url of [stations[0], stations[1000], stations[4000], stations.at(-1)]) {
      const response = await page.request.get(new URL(url ?? '').pathname)
      expect(response.status(), url).toBe(200)
    }
  })
})
