// Content queries are retried once after a network error, 1–2.5 s later (urql's retry exchange with
// initialDelayMs 1000, maxNumberAttempts 2); after that the page says so and offers a retry, and the
// search and station pages carry on without the content service. (Pages reached within the app:
// a page loaded directly comes rendered by the server, with the content the server fetched.)
import type { Request } from '@playwright/test'
import { expect, navigateInApp, test } from './fixtures.ts'

const GRAPHQL = /\/graphql(\?|$)/

/**
 * Whether a content request asks for the page under test: once the page is idle, the app also
 * keeps the list of notices for offline use (keep-notices.ts), a request of its own.
 */
const asksForPage = (request: Request): boolean =>
  (request.postData() ?? decodeURIComponent(request.url())).includes('PageBySlug')

test.describe('content service failures', () => {
  test('one failed request: the content appears after one retry, at least 1 s later', async ({ page }) => {
    const attempts: number[] = []
    await page.route(GRAPHQL, async (route) => {
      if (!asksForPage(route.request())) return route.continue()
      attempts.push(Date.now())
      if (attempts.length === 1) await route.abort('connectionreset')
      else await route.continue()
    })
    await navigateInApp(page, '/info/ueber')
    await expect(page.getByRole('heading', { level: 1, name: 'Über den Bahnhofsfinder' })).toBeVisible()
    expect(attempts).toHaveLength(2)
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(1000)
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('always failing: an error with "Erneut versuchen" after two attempts; search still works', async ({
    page,
    search,
  }) => {
    let attempts = 0
    let failing = true
    await page.route(GRAPHQL, async (route) => {
      if (asksForPage(route.request())) attempts++
      if (failing) await route.abort('connectionrefused')
      else await route.continue()
    })
    await navigateInApp(page, '/info/ueber')
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('Die Seite konnte nicht geladen werden', { timeout: 10_000 })
    expect(attempts).toBe(2)
    await expect(page.getByRole('status').filter({ hasText: 'wird geladen' })).toHaveCount(0)

    // The search does not need the content service.
    await page.getByRole('combobox', { name: 'Bahnhof suchen' }).fill('Köln Hbf')
    await page.getByRole('combobox', { name: 'Bahnhof suchen' }).press('Enter')
    await search.settled()
    await expect(search.hits.first()).toContainText('Köln')

    // Nor does the station page, apart from its notices.
    await navigateInApp(page, '/bahnhof/8011160')
    await expect(page.getByRole('heading', { level: 1, name: 'Berlin Hauptbahnhof' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Barrierefreiheit' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText('Die Meldungen konnten nicht geladen werden', {
      timeout: 10_000,
    })

    // Back on the page, "Erneut versuchen" asks again and shows the page once the service answers.
    await navigateInApp(page, '/info/ueber')
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible({ timeout: 10_000 })
    failing = false
    await page.getByRole('button', { name: 'Erneut versuchen' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Über den Bahnhofsfinder' })).toBeVisible()
  })

  test('the start page keeps its search and built-in intro without the content service', async ({ page }) => {
    await page.route(GRAPHQL, (route) => route.abort('connectionrefused'))
    await navigateInApp(page, '/')
    await expect(page.getByRole('region', { name: 'Aktuelle Meldungen' }).getByRole('alert')).toContainText(
      'Die Meldungen konnten nicht geladen werden',
      { timeout: 10_000 },
    )
    await expect(page.getByText(/alle 5\.388 Bahnhöfe und Haltepunkte/)).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Bahnhof suchen' }).first()).toBeEditable()
  })
})
