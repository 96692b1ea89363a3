// Notices from query rules: a search for the closed Tegel airport says so above the hits and
// leads to the BER airport station.
import { expect, test } from './fixtures.ts'

test.describe('rule notices', () => {
  test('a search for Tegel shows that the airport is closed and links to BER', async ({ page, search }) => {
    await search.open('?q=flughafen+tegel')
    const notice = page.getByRole('complementary', { name: 'Hinweis: Flughafen Tegel geschlossen' })
    await expect(notice).toContainText('seit dem 8. November 2020 geschlossen')
    await notice.getByRole('link', { name: 'Zum Bahnhof Flughafen BER - Terminal 1-2' }).click()
    await expect(page).toHaveURL(/\/bahnhof\/8011201$/)
  })

  test('other searches show no notice', async ({ page, search }) => {
    await search.open('?q=kiel')
    await expect(search.hits.first()).toContainText('Kiel')
    await expect(page.getByRole('complementary', { name: /^Hinweis:/ })).toHaveCount(0)
  })
})
