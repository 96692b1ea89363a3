import { describe, expect, it } from 'vitest'
import { localeBase, localeOfPath, pathInLocale, switchLocale, withoutLocale } from './locale.ts'

describe('locale of an address', () => {
  it('is English under /en and German everywhere else', () => {
    expect(localeOfPath('/en')).toBe('en')
    expect(localeOfPath('/en/')).toBe('en')
    expect(localeOfPath('/en/bahnhof/8000105')).toBe('en')
    expect(localeOfPath('/')).toBe('de')
    expect(localeOfPath('/suche')).toBe('de')
    expect(localeOfPath('/entdecken')).toBe('de')
    expect(localeOfPath('/info/en')).toBe('de')
  })

  it('names the prefix of each language', () => {
    expect(localeBase('de')).toBe('')
    expect(localeBase('en')).toBe('/en')
  })

  it('takes the prefix off and puts it on, query and hash kept', () => {
    expect(withoutLocale('/en/suche?q=k%C3%B6ln')).toBe('/suche?q=k%C3%B6ln')
    expect(withoutLocale('/en')).toBe('/')
    expect(withoutLocale('/en?q=x')).toBe('/?q=x')
    expect(withoutLocale('/suche')).toBe('/suche')
    expect(pathInLocale('/suche?bundesland=Bayern&seite=2', 'en')).toBe('/en/suche?bundesland=Bayern&seite=2')
    expect(pathInLocale('/', 'en')).toBe('/en')
    expect(pathInLocale('/?x=1', 'en')).toBe('/en?x=1')
    expect(pathInLocale('/suche', 'de')).toBe('/suche')
  })

  it('switches a page to the other language and back to the same address', () => {
    const german = '/suche?q=berlin&ausstattung=WLAN&seite=3#treffer'
    const english = switchLocale(german, 'en')
    expect(english).toBe('/en/suche?q=berlin&ausstattung=WLAN&seite=3#treffer')
    expect(switchLocale(english, 'de')).toBe(german)
    expect(switchLocale('/en', 'de')).toBe('/')
    expect(switchLocale('/', 'en')).toBe('/en')
  })
})
