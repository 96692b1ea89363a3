// The widgets keep InstantSearch's standard ais-* class names, so that stylesheets written for
// InstantSearch apply; locating by class name is the point of this spec.
import { expect, test } from './fixtures.ts'

test('the widgets keep the standard ais-* class names', async ({ page, search }) => {
  await search.open('?bundesland=Bayern')
  for (const selector of [
    '.ais-SearchBox .ais-SearchBox-form .ais-SearchBox-input',
    '.ais-SearchBox-submit',
    '.ais-SearchBox-reset',
    '.ais-RefinementList .ais-RefinementList-list .ais-RefinementList-item .ais-RefinementList-checkbox',
    '.ais-RefinementList-item--selected',
    '.ais-RefinementList-count',
    '.ais-RefinementList-showMore',
    '.ais-CurrentRefinements .ais-CurrentRefinements-item .ais-CurrentRefinements-delete',
    '.ais-ClearRefinements-button',
    '.ais-Stats',
    '.ais-SortBy .ais-SortBy-select',
    '.ais-Hits .ais-Hits-list .ais-Hits-item',
    '.ais-Pagination .ais-Pagination-list .ais-Pagination-item',
    '.ais-Pagination-item--selected',
    '.ais-Highlight',
  ]) {
    await expect(page.locator(selector).first(), selector).toBeAttached()
  }
  await search.searchBox.fill('Nürnberg')
  await expect(page.locator('.ais-Hits-item .ais-Highlight-highlighted').first()).toBeVisible()
})
