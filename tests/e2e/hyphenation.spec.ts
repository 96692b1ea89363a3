// German words in the filters break with a hyphen: Debian's Chromium has no German hyphenation
// dictionary, so `hyphens: auto` alone broke "Eisenbahngesellschaf|t" at the end of the line. The
// labels carry soft hyphens (web/stations/hyphenation.ts); a copied label carries none.
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/** Opens the filters (a dialog on phones), with every value each list can show. */
async function allFilters(page: Page, search: { open(query?: string): Promise<void>; filters: Locator }) {
  await search.open()
  const button = page.getByRole('button', { name: 'Filter', exact: true })
  if (await button.isVisible()) await button.click()
  // A clicked "Mehr anzeigen" becomes "Weniger anzeigen".
  const more = search.filters.getByRole('button', { name: 'Mehr anzeigen' })
  for (let lists = await more.count(); lists > 0; lists--) await more.first().click()
  await expect(search.filters.getByRole('checkbox', { name: /^BEG / })).toBeVisible()
  return search.filters
}

/** Every place in the container's text where a line ends inside a word without a hyphen. */
function breaksWithoutHyphen(container: Locator): Promise<string[]> {
  return container.evaluate((root) => {
    const bad: string[] = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      let previous: { index: number; top: number } | undefined
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        // The last box: a character after a hyphenation point may also own the hyphen on the line above.
        const rect = [...range.getClientRects()].at(-1)
        if (!rect || rect.width === 0 || /\s/.test(text[i]!)) continue
        if (previous && rect.top > previous.top + rect.height / 2) {
          const before = text[previous.index]!
          const between = text.slice(previous.index + 1, i)
          const inWord = /\p{L}/u.test(before) && /\p{L}/u.test(text[i]!) && !/\s/.test(between)
          if (inWord && !between.includes('\u00ad')) {
            bad.push(`${text.slice(0, i).replace(/\u00ad/g, '')}|${text.slice(i).replace(/\u00ad/g, '')}`)
          }
        }
        previous = { index: i, top: rect.top }
      }
    }
    return bad
  })
}

for (const [width, height, where] of [
  [390, 844, 'a phone'],
  [320, 568, 'a small phone'],
  [1280, 800, 'the sidebar of a desktop'],
] as const) {
  test.describe(`${where} (${width} × ${height})`, () => {
    test.use({ viewport: { width, height }, isMobile: width < 600, hasTouch: width < 600 })

    test('no filter label or description breaks inside a word without a hyphen', async ({ page, search }) => {
      const filters = await allFilters(page, search)
      expect(await breaksWithoutHyphen(filters)).toEqual([])
    })
  })
}

test.describe('copying a label', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('copies the words as shown, without soft hyphens; the filter search takes none either', async ({
    page,
    search,
  }) => {
    const filters = await allFilters(page, search)
    const description = filters.getByText('Bayerische Eisenbahngesellschaft', { exact: true })
    expect(await description.textContent()).toContain('\u00ad')
    // Selects the description and copies it; the clipboard's text is read in the same event, after
    // the list's handler (the browser would copy the selection as it is when no handler sets one).
    const copied = await description.evaluate(
      (element) =>
        new Promise<string>((resolve) => {
          const range = document.createRange()
          range.selectNodeContents(element)
          window.getSelection()?.removeAllRanges()
          window.getSelection()?.addRange(range)
          document.addEventListener(
            'copy',
            (event) => resolve(event.clipboardData?.getData('text/plain') || String(window.getSelection())),
            { once: true },
          )
          document.execCommand('copy')
        }),
    )
    expect(copied).toBe('Bayerische Eisenbahngesellschaft')
    // Text with soft hyphens typed or pasted from elsewhere does not reach the filter's search.
    const field = search.facet('Aufgabenträger').getByRole('searchbox')
    await field.fill('Eisen\u00adbahn\u00adgesellschaft')
    await expect(field).toHaveValue('Eisenbahngesellschaft')
  })
})
