import { describe, expect, it } from 'vitest'
import { normalizeQuery } from './query-aggregation.ts'
import { SuggestionFilter, spelledAsIn } from './suggestion-rules.ts'

/** Why a query may not be suggested on its content alone: a filter with no rules of the operator's. */
const unsafeContent = (query: string) =>
  new SuggestionFilter({ minLetters: 0, exclude: [], banned: [] }).rejection(normalizeQuery(query))

describe('unsafe content', () => {
  it.each([
    ['erstattung nur unter bahn-erstattung.example', 'link'],
    ['bahn-erstattung.example', 'link'],
    ['https://bahn.example/erstattung', 'link'],
    ['http leipzig', 'link'],
    ['www.leipzig-hbf.de', 'link'],
    ['www leipzig', 'link'],
    ['mailto:info', 'link'],
    ['leipzig.hbf', 'link'],
    ['bahn-erstattung。example', 'link'],
    ['bahn-erstättung.de', 'link'],
    ['shop.xn--bcher-kva', 'link'],
    ['t.co/abc', 'link'],
    ['erstattung db.de', 'link'],
    ['hbf@leipzig.hbf', 'e-mail address'],
    ['service@bahn', 'e-mail address'],
    ['service＠bahn', 'e-mail address'],
    ['+49 30 123456', 'phone number'],
    ['0341 9968 3583', 'phone number'],
    ['(10557) 1', 'phone number'],
    ['030/12-34-56', 'phone number'],
    ['0800１２３４５６', 'phone number'],
    ['\u202eleipzig hbf', 'control or bidi character'],
    ['leipzig\u202a hbf', 'control or bidi character'],
    ['leipzig\u2066hbf\u2069', 'control or bidi character'],
    ['\u200eleipzig', 'control or bidi character'],
    ['leipzig\u200f', 'control or bidi character'],
    ['leipzig\u0000hbf', 'control or bidi character'],
    ['leipzig\u001b[31m', 'control or bidi character'],
    ['leipzig\u0085', 'control or bidi character'],
    ['leip\u200bzig', 'control or bidi character'],
  ])('%j is no suggestion: %s', (query, why) => {
    expect(unsafeContent(query)).toBe(why)
  })

  it.each([
    'leipzig',
    'frankfurt (main) hbf',
    'halle (saale) hbf',
    'st. ingbert',
    'berlin-friedrichstraße',
    'str. des 17. juni',
    'u-bahn',
    's.-bahn',
    '10557',
    '04109 leipzig',
    'köln/bonn flughafen',
    'ice 1.5',
    'bf.',
    // Place names abbreviated with dots and no space.
    'neuburg a.d.donau',
    'buchholz i.d.nordheide',
    'st.wendel',
    'lübeck-st.jürgen',
    'hagen a.tw.',
    'neustadt (b.coburg)',
    'stolpen ot.helmsdorf',
    'frankfurt a.m.',
  ])('%j may be suggested', (query) => {
    expect(unsafeContent(query)).toBeUndefined()
  })
})

describe('suggestion filter', () => {
  const filter = new SuggestionFilter({
    minLetters: 3,
    exclude: ['Bahnhof  Zoo', 'kiel'],
    banned: ['Erstattung', /geld\s*zur[uü]ck/iu, /^x+$/gu],
  })

  it('keeps queries that pass every rule', () => {
    expect(filter.rejection('kiel hbf')).toBeUndefined()
    expect(filter.rejection('leipzig')).toBeUndefined()
  })

  it('drops queries with fewer characters than minLetters, spaces not counted', () => {
    expect(filter.rejection('a b')).toBe('too short')
    expect(filter.rejection('ulm')).toBeUndefined()
  })

  it('drops excluded queries, matched whole and normalized', () => {
    expect(filter.rejection('bahnhof zoo')).toBe('excluded')
    expect(filter.rejection('kiel')).toBe('excluded')
    expect(filter.rejection('bahnhof zoo berlin')).toBeUndefined()
  })

  it('drops queries containing a banned expression: a substring or a pattern', () => {
    expect(filter.rejection('ihre erstattung hier')).toBe('banned expression')
    expect(filter.rejection('geld zurück')).toBe('banned expression')
    expect(filter.rejection('geldzuruck')).toBe('banned expression')
    // A global pattern answers the same for every query (no state kept between them).
    expect(filter.rejection('xxx')).toBe('banned expression')
    expect(filter.rejection('xxx')).toBe('banned expression')
    expect(filter.rejection('xxxy')).toBeUndefined()
  })

  it('drops queries with unsafe content', () => {
    expect(filter.rejection('leipzig-hbf.example')).toBe('link')
    expect(filter.rejection('\u202ekiel hbf')).toBe('control or bidi character')
  })
})

describe('spelled as a station spells it', () => {
  it.each([
    ['wanne-eickel hbf', 'Wanne-Eickel Hbf'],
    ['wanne eickel hbf', 'Wanne-Eickel Hbf'],
    ['köln messe/deutz', 'Köln Messe/Deutz'],
    ['frankfurt flughafen', 'Frankfurt (Main) Flughafen Regionalbahnhof'],
    ['st. wendel', 'St.Wendel'],
    ['leipzig', 'Leipzig'],
  ])('%s as in %s', (query, text) => {
    expect(spelledAsIn(query, text)).toBe(true)
  })

  it.each([
    ['eickel wanne hbf', 'Wanne-Eickel Hbf'],
    ['leipzg', 'Leipzig Hbf'],
    ['leipz', 'Leipzig Hbf'],
    ['koeln hbf', 'Köln Hbf'],
    ['koln hbf', 'Köln Hbf'],
    ['hbf köln', 'Köln Hbf'],
    ['köln hbf hbf', 'Köln Hbf'],
    ['', 'Köln Hbf'],
  ])('not %s as in %s', (query, text) => {
    expect(spelledAsIn(query, text)).toBe(false)
  })
})
