// Recommendations: "Gerade gefragt" on the start page (trending stations) and "Ähnliche Bahnhöfe"
// on a station page (similar stations elsewhere), as lists of station cards that send click events.
import type { APIRequestContext, Page } from '@playwright/test'
import { EVENTS_URL, expect, test } from './fixtures.ts'

const RECOMMEND_URL = /\/1\/indexes\/\*\/recommendations/

interface SearchConfig {
  appId: string
  apiKey: string
  indexName: string
}

async function searchConfig(request: APIRequestContext): Promise<SearchConfig> {
  const config = (await (await request.get('/config.json')).json()) as { search: SearchConfig }
  return config.search
}

function trending(page: Page) {
  return page.getByRole('list', { name: 'Gerade gefragt' })
}

function related(page: Page) {
  return page.getByRole('list', { name: 'Ähnliche Bahnhöfe' })
}

test.describe('recommendations', () => {
  test('the start page shows 8 stations under "Gerade gefragt"', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 2, name: 'Gerade gefragt' })).toBeVisible()
    await expect(trending(page).getByRole('article')).toHaveCount(8)
    await expect(trending(page).getByRole('link')).toHaveCount(8)
  })

  test('a station page shows 6 comparable stations elsewhere under "Ähnliche Bahnhöfe", none of "In der Nähe"', async ({
    page,
  }) => {
    const sent = page.waitForRequest((request) => RECOMMEND_URL.test(request.url()))
    await page.goto('/bahnhof/8000207')
    await expect(page.getByRole('heading', { level: 1, name: 'Köln Hbf' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Ähnliche Bahnhöfe' })).toBeVisible()
    const cards = related(page).getByRole('article')
    await expect(cards).toHaveCount(6)
    await expect(cards.getByRole('link', { name: 'Köln Hbf', exact: true })).toHaveCount(0)
    // Other hubs: Köln Hbf is of Kategorie 1, and so is every station shown.
    await expect(cards.filter({ hasText: 'Kategorie 1' })).toHaveCount(6)
    const similarNames = await cards.getByRole('heading').allTextContents()
    const nearby = page.getByRole('region', { name: 'In der Nähe' })
    await nearby.getByRole('button', { name: /^Alle \d+ anzeigen$/ }).click()
    const nearbyNames = await nearby
      .getByRole('list', { name: /^In der Nähe \d+ Bahnhöfe im Umkreis von 10 km/ })
      .getByRole('link')
      .allTextContents()
    expect(nearbyNames).toContain('Köln Messe/Deutz')
    expect(similarNames.filter((name) => nearbyNames.includes(name))).toEqual([])
    // A standard Recommend request (it runs on Algolia too): the looking-similar model, its category first.
    const body = (await sent).postDataJSON() as { requests: Record<string, unknown>[] }
    expect(body.requests[0]).toMatchObject({
      model: 'looking-similar',
      objectID: '8000207',
      maxRecommendations: 6,
      queryParameters: { optionalFilters: ['category:1'] },
    })
  })

  test('clicks on a quiet station make it appear under "Gerade gefragt"', async ({ page, request }) => {
    const search = await searchConfig(request)
    const headers = { 'x-algolia-application-id': search.appId, 'x-algolia-api-key': search.apiKey }
    // A small halt of category 7 that no other test clicks.
    const quiet = (await (
      await request.post(`/1/indexes/${search.indexName}/query`, {
        headers,
        data: { query: 'Zwotental', hitsPerPage: 1 },
      })
    ).json()) as { hits: { objectID: string; name: string }[] }
    const station = quiet.hits[0]!
    await page.goto('/')
    await expect(trending(page).getByRole('article')).toHaveCount(8)
    await expect(trending(page).getByRole('link', { name: station.name, exact: true })).toHaveCount(0)

    // Ten visitors, each from its own address (through the proxy): one client alone plants nothing.
    for (let n = 0; n < 10; n++) {
      const events = [
        {
          eventType: 'click',
          eventName: 'Bahnhof angeklickt',
          index: search.indexName,
          userToken: `e2e-trending-${n}`,
          objectIDs: [station.objectID],
        },
      ]
      const sent = await request.post('/1/events', {
        headers: { ...headers, 'x-forwarded-for': `198.51.100.${n + 1}` },
        data: { events },
      })
      expect(sent.status()).toBe(200)
    }

    await page.reload()
    await expect(trending(page).getByRole('link', { name: station.name, exact: true })).toBeVisible()
  })

  test('clicking a similar station sends a click event and opens its page', async ({ page }) => {
    await page.goto('/bahnhof/8000207')
    const first = related(page).getByRole('article').first().getByRole('link')
    await expect(first).toBeVisible()
    const name = await first.textContent()
    const clickEvent = page.waitForRequest(
      (request) =>
        EVENTS_URL.test(request.url()) &&
        request.method() === 'POST' &&
        (request.postData() ?? '').includes('"eventType":"click"'),
    )
    await first.click()
    const body = JSON.parse((await clickEvent).postData() ?? '{}') as {
      events: { eventType: string; objectIDs: string[]; positions?: number[]; queryID?: string }[]
    }
    expect(body.events[0]).toMatchObject({
      eventType: 'click',
      positions: [1],
      queryID: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
    await expect(page.getByRole('heading', { level: 1, name: name ?? '' })).toBeVisible()
  })

  test('a keyboard user reaches the recommended stations', async ({ page }) => {
    await page.goto('/')
    const firstLink = trending(page).getByRole('link').first()
    await expect(firstLink).toBeVisible()
    await firstLink.focus()
    await expect(firstLink).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/bahnhof\//)
  })

  test('the widgets hide themselves when recommendations fail, and the page stays', async ({ page }) => {
    await page.route(RECOMMEND_URL, (route) =>
      route.fulfill({ status: 500, body: '{"message":"x","status":500}' }),
    )
    const failed = page.waitForResponse(RECOMMEND_URL)
    await page.goto('/bahnhof/8000207')
    await failed
    await expect(page.getByRole('heading', { level: 1, name: 'Köln Hbf' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Ausstattung' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Ähnliche Bahnhöfe' })).toHaveCount(0)

    const failedAgain = page.waitForResponse(RECOMMEND_URL)
    await page.goto('/')
    await failedAgain
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Gerade gefragt' })).toHaveCount(0)
  })

  test('axe-core finds no serious or critical violation with "Gerade gefragt" shown', async ({
    page,
    axeViolations,
  }) => {
    await page.goto('/')
    await expect(trending(page).getByRole('article')).toHaveCount(8)
    expect(await axeViolations()).toEqual([])
  })

  test('axe-core finds no serious or critical violation with "Ähnliche Bahnhöfe" shown', async ({
    page,
    axeViolations,
  }) => {
    await page.goto('/bahnhof/8000105')
    await expect(related(page).getByRole('article')).toHaveCount(6)
    expect(await axeViolations()).toEqual([])
  })

  test('on a 390×844 phone the lists fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    for (const [path, list] of [
      ['/', trending],
      ['/bahnhof/8000207', related],
    ] as const) {
      await page.goto(path)
      await expect(list(page).getByRole('article').first()).toBeVisible()
      const box = (await list(page).boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(390)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
    }
  })
})
