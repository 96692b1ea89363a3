// Every message of the catalogs is asked for somewhere in the web app or the server's pages: a message nothing uses is a
// translation nobody sees. A key counts as used when the source names it in quotes, or names its
// group in a template (`footer.page.${slug}`).
import { describe, expect, it } from 'vitest'
import de from '../../web/i18n/messages/de.json' with { type: 'json' }
import { productSources, read } from './repository.ts'

describe('the message catalogs', () => {
  it('hold no message the web app or the server never asks for', () => {
    const source = productSources()
      .filter((file) => file.startsWith('web/') || file.startsWith('server/web/'))
      .map(read)
      .join('\n')
    const unused = Object.keys(de).filter((id) => {
      const group = id.slice(0, id.lastIndexOf('.') + 1)
      return !source.includes(`'${id}'`) && !source.includes(`"${id}"`) && !source.includes(`\`${group}\${`)
    })
    expect(unused).toEqual([])
  })
})
