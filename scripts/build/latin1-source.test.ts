// The renderer's code with its characters beyond Latin-1 escaped means exactly what it meant.
import { describe, expect, it } from 'vitest'
import { escapeBeyondLatin1 } from './latin1-source.ts'

describe('escapeBeyondLatin1', () => {
  it('keeps strings, templates and regular expressions meaning the same, in Latin-1 alone', () => {
    const code = [
      'const title = "Seite – Bahnhofsfinder"',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the code under test holds a template
      'const quoted = `„${title}“ …`',
      "const single = 'Bahnhöfe ↗ 🚆'",
      'const dash = /[–—]/u.test(title) && /🚆/u.test(single)',
      '// a comment with ‹ and ›',
      'return [title, quoted, single, dash]',
    ].join('\n')
    const escaped = escapeBeyondLatin1(code)
    expect(escaped).not.toMatch(/[\u0100-\uffff]/)
    expect(escaped).toContain('Bahnhöfe')
    expect(new Function(escaped)()).toEqual(new Function(code)())
    expect(new Function(escaped)()).toEqual([
      'Seite – Bahnhofsfinder',
      '„Seite – Bahnhofsfinder“ …',
      'Bahnhöfe ↗ 🚆',
      true,
    ])
  })
})
