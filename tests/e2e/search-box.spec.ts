// Search box: search as you type, reset, submit without a mouse.
import { expect, test } from './fixtures.ts'

test.describe('search box', () => {
  test('searches as you type', async ({ search }) => {
    await search.open()
    await expect(search.stats).toContainText('5.388 Bahnhöfe')
    await search.searchBox.pressSequentially('Hamburg-Har', { delay: 30 })
    await expect(search.hits.first()).toContainText('Hamburg-Harburg')
    await expect(search.stats).not.toContainText('5.388')
  })

  test('the reset button empties the field and shows all stations again', async ({ page, search }) => {
    await search.open('?q=Konstanz')
    await expect(search.searchBox).toHaveValue('Konstanz')
    await page.getByRole('button', { name: 'Eingabe löschen' }).click()
    await expect(search.searchBox).toHaveValue('')
    await expect(search.searchBox).toBeFocused()
    await expect(search.stats).toContainText('5.388 Bahnhöfe')
  })

  test('works with the keyboard alone: type, Enter submits, reset', async ({ page, search }) => {
    await search.open()
    await search.searchBox.focus()
    await page.keyboard.type('Lindau')
    await page.keyboard.press('Enter')
    await search.settled()
    await expect(search.hits.first()).toContainText('Lindau')
    // Tab from the field reaches the submit and the reset button.
    await search.searchBox.focus()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Suchen' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Eingabe löschen' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(search.searchBox).toHaveValue('')
  })
})
