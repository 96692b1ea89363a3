// The tab's title is the page's own: the search's delayed URL write must not overwrite the title of
// the page the traveller went on to.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/** The titles the tab shows over a second (sampled). */
async function titlesOverASecond(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const seen = new Set<string>()
    const until = performance.now() + 1000
    while (performance.now() < until) {
      seen.add(document.title)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return [...seen]
  })
}

test('a station opened from the search keeps its title', async ({ page, search }) => {
  await search.open('?q=dresden')
  await expect(page).toHaveTitle('„dresden“ – Bahnhofssuche – Bahnhofsfinder')
  await search.hits.getByRole('link', { name: 'Dresden Hbf', exact: true }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dresden Hbf' })).toBeVisible()
  expect(await titlesOverASecond(page)).toEqual(['Dresden Hbf – Bahnhofsfinder'])
})

test('a station opened right after typing keeps its title', async ({ page, search }) => {
  await search.open()
  await search.searchBox.fill('dresden')
  const hit = search.hits.getByRole('link', { name: 'Dresden Hbf', exact: true }).first()
  await hit.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dresden Hbf' })).toBeVisible()
  expect(await titlesOverASecond(page)).toEqual(['Dresden Hbf – Bahnhofsfinder'])
})

test('the search title follows the query', async ({ page, search }) => {
  await search.open('?q=dresden')
  await search.searchBox.fill('leipzig')
  await search.expectParam('q', 'leipzig')
  await expect(page).toHaveTitle('„leipzig“ – Bahnhofssuche – Bahnhofsfinder')
})
