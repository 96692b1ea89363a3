// Click analytics: a hit click sends clickedObjectIDsAfterSearch with objectID, position, queryID.
import { EVENTS_URL, expect, QUERIES_URL, test } from './fixtures.ts'

interface InsightsEvent {
  eventType: string
  eventName: string
  index: string
  objectIDs: string[]
  positions?: number[]
  queryID?: string
  userToken?: string
}

test.describe('click analytics', () => {
  test('searches ask for a query ID', async ({ page, search }) => {
    // The first page comes rendered by the server; the searches the browser makes itself:
    await search.open()
    const answer = page.waitForResponse(QUERIES_URL)
    await search.searchBox.fill('Bonn')
    const body = (await (await answer).json()) as { results: Array<{ queryID?: string }> }
    expect(body.results[0]?.queryID).toMatch(/^[0-9a-f]{32}$/i)
  })

  test('clicking a hit posts a click event with its objectID, position and the query ID', async ({
    page,
    search,
  }) => {
    await search.open()
    const answer = page.waitForResponse(QUERIES_URL)
    await search.searchBox.fill('Hamburg')
    await search.settled()
    const body = (await (await answer).json()) as {
      results: Array<{ queryID: string; hits: Array<{ objectID: string; name: string }> }>
    }
    const [result] = body.results
    if (!result) throw new Error('no search result')
    const third = result.hits[2]
    if (!third) throw new Error('fewer than three hits')

    const clickEvent = page.waitForRequest((request) => {
      if (!EVENTS_URL.test(request.url()) || request.method() !== 'POST') return false
      const events = (JSON.parse(request.postData() ?? '{}') as { events?: InsightsEvent[] }).events ?? []
      return events.some((event) => event.eventType === 'click')
    })
    await search.hits.nth(2).getByRole('link').click()
    const request = await clickEvent
    const events = (JSON.parse(request.postData() ?? '{}') as { events: InsightsEvent[] }).events
    const click = events.find((event) => event.eventType === 'click')
    expect(click).toMatchObject({
      eventType: 'click',
      eventName: 'Hit Clicked',
      index: 'stations',
      objectIDs: [third.objectID],
      positions: [3],
      queryID: result.queryID,
    })
    expect(click?.userToken).toBeTruthy()
    // Sent to our own server, with the search-only key.
    const config = await (await page.request.get('/config.json')).json()
    const url = new URL(request.url())
    expect(url.origin).toBe(config.search.insightsHost)
    expect(url.searchParams.get('X-Algolia-API-Key')).toBe(config.search.apiKey)
    await expect(page.getByRole('heading', { level: 1, name: third.name })).toBeVisible()
  })

  test('the position counts across pages', async ({ page, search }) => {
    await search.open('?q=Bahnhof&seite=2')
    const clickEvent = page.waitForRequest((request) => {
      if (!EVENTS_URL.test(request.url())) return false
      return (request.postData() ?? '').includes('"click"')
    })
    await search.hits.first().getByRole('link').click()
    const events = (JSON.parse((await clickEvent).postData() ?? '{}') as { events: InsightsEvent[] }).events
    expect(events.find((event) => event.eventType === 'click')?.positions).toEqual([21])
  })

  test('ticking a filter sends a filter event that the server accepts', async ({ page, search }) => {
    const refused: string[] = []
    page.on('response', (response) => {
      if (EVENTS_URL.test(response.url()) && response.status() >= 400) refused.push(response.url())
    })
    await search.open('?q=Bahnhof')
    const filterEvent = page.waitForResponse((response) => {
      if (!EVENTS_URL.test(response.url())) return false
      return (response.request().postData() ?? '').includes('"filters"')
    })
    await search.refine('Bundesland', 'Bayern')
    const response = await filterEvent
    const events = (response.request().postDataJSON() as { events: Array<{ filters?: string[] }> }).events
    expect(events.flatMap((event) => event.filters ?? [])).toContain('federalState%3ABayern')
    expect(response.status()).toBe(200)
    expect(refused).toEqual([])
  })

  test('searching, refining and clicking a hit: every event is accepted, nothing fails', async ({
    page,
    search,
  }) => {
    const failures: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(`console: ${message.text()}`)
    })
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`)
    })
    const eventAnswers: number[] = []
    page.on('response', (response) => {
      if (EVENTS_URL.test(response.url()) && response.request().method() === 'POST')
        eventAnswers.push(response.status())
    })
    await search.open()
    await search.searchBox.fill('Freiburg')
    await search.settled()
    await search.refine('Bundesland', 'Baden-Württemberg')
    const clickAnswer = page.waitForResponse((response) => {
      if (!EVENTS_URL.test(response.url())) return false
      return (response.request().postData() ?? '').includes('"click"')
    })
    await search.hits.first().getByRole('link').click()
    expect((await clickAnswer).status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(eventAnswers.length).toBeGreaterThanOrEqual(2)
    expect(eventAnswers.every((status) => status === 200)).toBe(true)
    expect(failures).toEqual([])
  })

  test('no third-party script is loaded for insights', async ({ page, search, baseURL }) => {
    const foreign: string[] = []
    page.on('request', (request) => {
      if (!request.url().startsWith(baseURL ?? '')) foreign.push(request.url())
    })
    await search.open('?q=Kiel')
    await search.hits.first().getByRole('link').click()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(foreign).toEqual([])
  })
})
