import { describe, expect, it } from 'vitest'
import { chunkOfPage, pageModules, SERVER_RENDERED_CHUNKS } from './lazy-pages.ts'

describe('the page routes', () => {
  it('name source modules that exist, each chunk once', () => {
    const sources = SERVER_RENDERED_CHUNKS.map((chunk) => chunk.source)
    expect(new Set(sources).size).toBe(sources.length)
    const modules = Object.keys(import.meta.glob('../**/*.tsx'))
    for (const source of sources) expect(modules, source).toContain(`../${source}`)
  })

  it('give each server-rendered page its chunk first, then its parts', () => {
    expect(chunkOfPage('/')).toBeUndefined()
    expect(pageModules('/')).toEqual(['content/home-intro.tsx', 'content/home-notices.tsx'])
    expect(chunkOfPage('/suche')?.source).toBe('search/search-page.tsx')
    expect(pageModules('/bahnhof/koeln-hbf')).toEqual([
      'stations/station-page.tsx',
      'content/station-notices.tsx',
      'content/station-lift-notices.tsx',
    ])
    expect(pageModules('/meldungen')).toEqual(['content/notices-page.tsx'])
    expect(pageModules('/meldungen/x')).toEqual(['content/notice-page.tsx'])
    expect(pageModules('/gibt-es-nicht')).toEqual([])
  })

  it('give an English page the same chunks and its words', () => {
    expect(chunkOfPage('/en/suche')?.source).toBe('search/search-page.tsx')
    expect(pageModules('/en/meldungen')).toEqual(['content/notices-page.tsx', 'i18n/messages/en.json'])
    expect(pageModules('/en')).toEqual([
      'content/home-intro.tsx',
      'content/home-notices.tsx',
      'i18n/messages/en.json',
    ])
    expect(pageModules('/en/gibt-es-nicht')).toEqual(['i18n/messages/en.json'])
  })
})
