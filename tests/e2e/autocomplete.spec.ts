import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, QUERIES_URL, test } from './fixtures.ts'
import { addKnownSearches } from './query-suggestions.ts'

const PHONE = { width: 390, height: 844 }

test.beforeAll(async () => {
  await addKnownSearches()
})

function field(page: Page) {
  return page.getByRole('combobox', { name: 'Bahnhof suchen' })
}

function suggestions(page: Page) {
  return page.getByRole('listbox', { name: 'Vorschläge' })
}

function group(page: Page, name: 'Suchvorschläge' | 'Bahnhöfe') {
  return suggestions(page).getByRole('group', { name })
}

test.describe('search field suggestions', () => {
  test('typing on the start page suggests searches and stations, the typed part marked', async ({ page }) => {
    await page.goto('/')
    await expect(field(page)).toHaveAttribute('aria-expanded', 'false')
    await field(page).pressSequentially('köln')
    await expect(suggestions(page)).toBeVisible()
    await expect(field(page)).toHaveAttribute('aria-expanded', 'true')
    const searches = group(page, 'Suchvorschläge').getByRole('option')
    await expect(searches.first()).toHaveText('köln hbf')
    await expect(searches.first().getByRole('mark' as 'none')).toHaveText('köln')
    const stations = group(page, 'Bahnhöfe').getByRole('option')
    await expect(stations.filter({ hasText: 'Köln Hbf' })).toHaveCount(1)
    await expect(
      page.getByRole('status').filter({ hasText: /Vorschläge, mit Pfeiltasten auswählen/ }),
    ).toBeAttached()
  })

  test('the arrow keys move through the options and Enter chooses one', async ({ page }) => {
    await page.goto('/')
    // At once: typed key by key on a slow machine, the answer for "köl" may show "köln hbf" first,
    // and the answer for "köln" then arrives between two arrow keys and (rightly) resets the choice.
    await field(page).fill('köln')
    const first = group(page, 'Suchvorschläge').getByRole('option').first()
    await expect(first).toHaveText('köln hbf')
    await page.keyboard.press('ArrowDown')
    await expect(first).toHaveAttribute('aria-selected', 'true')
    await expect(field(page)).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '')
    await expect(field(page)).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(first).toHaveAttribute('aria-selected', 'false')
    await page.keyboard.press('ArrowUp')
    await expect(first).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/suche\?q=k%C3%B6ln\+hbf$/)
    await expect(page.getByRole('searchbox', { name: 'Bahnhof suchen' })).toHaveValue('köln hbf')
  })

  test('Escape closes the list and keeps the text; Enter then searches the typed text', async ({ page }) => {
    await page.goto('/')
    await field(page).pressSequentially('berlin')
    await expect(suggestions(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(suggestions(page)).toBeHidden()
    await expect(field(page)).toHaveAttribute('aria-expanded', 'false')
    await expect(field(page)).toHaveValue('berlin')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/suche\?q=berlin$/)
  })

  test('Escape on the closed list clears the field', async ({ page }) => {
    await page.goto('/')
    await field(page).pressSequentially('berlin')
    await expect(suggestions(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(suggestions(page)).toBeHidden()
    await page.keyboard.press('Escape')
    await expect(field(page)).toHaveValue('')
    await expect(field(page)).toBeFocused()
  })

  test('an answer still on its way after Escape does not open the list again', async ({ page }) => {
    await page.goto('/')
    await field(page).pressSequentially('ber')
    await expect(suggestions(page)).toBeVisible()
    // The answer for the last letter is held back until after Escape closed the list.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(QUERIES_URL, async (route) => {
      await held
      await route.continue()
    })
    const answered = page.waitForResponse(QUERIES_URL)
    await field(page).press('l')
    await page.waitForRequest(QUERIES_URL)
    await page.keyboard.press('Escape')
    await expect(suggestions(page)).toBeHidden()
    release()
    await answered
    await expect(suggestions(page)).toBeHidden()
    await page.keyboard.press('Escape')
    await expect(field(page)).toHaveValue('')
  })

  test('Tab leaves the field and closes the list', async ({ page }) => {
    await page.goto('/')
    await field(page).pressSequentially('hamburg')
    await expect(suggestions(page)).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Suchen' })).toBeFocused()
    await expect(suggestions(page)).toBeHidden()
  })

  test('a station suggestion in the header opens the station page', async ({ page }) => {
    await page.goto('/info/ueber')
    const header = page.getByRole('banner')
    await header.getByRole('combobox', { name: 'Bahnhof suchen' }).pressSequentially('köln h')
    await group(page, 'Bahnhöfe')
      .getByRole('option', { name: /Köln Hbf/ })
      .click()
    await expect(page).toHaveURL(/\/bahnhof\/8000207$/)
    await expect(page.getByRole('heading', { level: 1, name: /Köln Hbf/ })).toBeVisible()
  })

  test('text typed before the app has taken the page over is kept and suggested for', async ({ page }) => {
    // The page's script waits: the field is the server's plain HTML while the user types.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    // Module scripts hold up DOMContentLoaded and load: the page is there once its HTML is.
    await page.goto('/info/hilfe', { waitUntil: 'commit' })
    const header = page.getByRole('banner').getByRole('combobox', { name: 'Bahnhof suchen' })
    await header.fill('köln')
    await expect(page.locator('html[data-interactive]')).toHaveCount(0)
    release()
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' })
    await expect(header).toHaveValue('köln')
    await expect(page.getByRole('banner').getByRole('listbox', { name: 'Vorschläge' })).toBeVisible()
    await expect(
      page
        .getByRole('banner')
        .getByRole('option', { name: /Köln Hbf/ })
        .first(),
    ).toBeVisible()
  })

  test('the open list passes axe', async ({ page }) => {
    await page.goto('/')
    await field(page).pressSequentially('köln')
    await page.keyboard.press('ArrowDown')
    await expect(suggestions(page)).toBeVisible()
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(results.violations).toEqual([])
  })

  test('at 390×844 the list fits the screen and a tap chooses', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.goto('/meldungen')
    await page
      .getByRole('banner')
      .getByRole('combobox', { name: 'Bahnhof suchen' })
      .pressSequentially('münchen')
    await expect(suggestions(page)).toBeVisible()
    const box = await suggestions(page).boundingBox()
    expect(box).not.toBeNull()
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width).toBe(true)
    await group(page, 'Suchvorschläge').getByRole('option', { name: 'münchen hbf' }).click()
    await expect(page).toHaveURL(/\/suche\?q=m%C3%BCnchen\+hbf$/)
  })

  test('when the search service fails, the field still submits a plain search', async ({ page }) => {
    await page.route(QUERIES_URL, (route) => route.abort('connectionrefused'))
    await page.goto('/')
    await field(page).pressSequentially('ulm')
    await expect(field(page)).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/suche\?q=ulm$/)
  })
})

test.describe('popular searches', () => {
  test('an empty result offers the most popular searches, which search in place', async ({
    page,
    search,
  }) => {
    await search.open('?q=xqzzyq')
    const popular = page.getByRole('region', { name: 'Beliebte Suchen' })
    await expect(popular.getByRole('link')).toHaveText([
      'köln hbf',
      'köln messe deutz',
      'berlin hbf',
      'hamburg hbf',
      'münchen hbf',
      'frankfurt flughafen',
    ])
    await expect(popular.getByRole('link', { name: 'berlin hbf' })).toHaveAttribute(
      'href',
      '/suche?q=berlin+hbf',
    )
    await popular.getByRole('link', { name: 'berlin hbf' }).click()
    await search.settled()
    await expect(search.searchBox).toHaveValue('berlin hbf')
    await expect(search.hits.first()).toContainText('Berlin Hauptbahnhof')
    await expect(page).toHaveURL(/\/suche\?q=berlin\+hbf$/)
  })
})
