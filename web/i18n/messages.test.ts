import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import de from './messages/de.json'
import en from './messages/en.json'

/** The placeholders and tags a message uses, by name and kind (what its callers must pass). */
function slots(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue
    found.add(`${TYPE[element.type]}:${element.value}`)
    if (element.type === TYPE.tag) slots(element.children, found)
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) slots(option.value, found)
  }
  return found
}

describe('the message catalogs', () => {
  it('have the same messages in English as in German', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(de).sort())
  })

  it.each(Object.keys(de))('%s: parses, and takes the same placeholders and tags in both', (id) => {
    const german = slots(parse(de[id as keyof typeof de]))
    const english = slots(parse(en[id as keyof typeof en]))
    expect([...english].sort()).toEqual([...german].sort())
  })

  it('have an `other` case in every plural, as ICU requires', () => {
    for (const catalog of [de, en])
      for (const message of Object.values(catalog))
        for (const element of parse(message))
          if (element.type === TYPE.plural) expect(Object.keys(element.options)).toContain('other')
  })

  it('count in German with German grouping, as the search page always has', () => {
    const intl = createIntl({ locale: 'de', messages: de })
    expect(intl.formatMessage({ id: 'search.count' }, { count: 1234 })).toBe('1.234 Bahnhöfe')
    expect(intl.formatMessage({ id: 'search.count' }, { count: 1 })).toBe('1 Bahnhof')
    expect(intl.formatMessage({ id: 'outOfRange.last' }, { pages: 2500 })).toBe('Zur letzten Seite (2.500)')
  })
})
