import { describe, expect, it } from 'vitest'
import { englishMessages, germanMessages } from '../../tests/helpers/messages.ts'
import { OPERATOR_CODES as CODES } from '../../tests/helpers/operator-codes.ts'
import { highlightParts } from '../ui/highlight-parts.ts'
import { matchShownText } from './facet-text-search.ts'
import { facetByAttribute } from './facets.ts'

const operator = facetByAttribute('operator')!
/** Every Aufgabenträger as the service lists them for an empty facet query (by count). */
const ALL = CODES.map((value, n) => ({
  value,
  escapedValue: value,
  highlighted: value,
  count: 100 - n,
  isRefined: false,
}))
const values = (query: string) =>
  matchShownText(ALL, query, operator, germanMessages()).map((hit) => hit.value)
const marked = (highlighted: string | undefined) =>
  highlightParts(highlighted ?? '')
    .filter((part) => part.isHighlighted)
    .map((part) => part.value)

describe('the Aufgabenträger list’s search', () => {
  it('searches the names the list shows, not only the codes', () => {
    expect(operator.searchShownText).toBe(true)
    expect(values('Rheinland')).toEqual(['NVR', 'ZPNV', 'ZPNV Süd', 'ZVRP Nord'])
    expect(values('verkehrsverbund')).toEqual(
      expect.arrayContaining(['NVV', 'RMV', 'VBB', 'VBB Berlin', 'VMS', 'VRN', 'VRR', 'VVO', 'ZVON']),
    )
    expect(values('Verkehrsverbund Rhein')).toEqual(['RMV', 'VRN', 'VRR'])
    // Codes as before, and words begun, folded.
    expect(values('nvr')).toEqual(['NVR'])
    expect(values('thür')).toEqual(['TLBV'])
    expect(values('thur')).toEqual(['TLBV'])
    expect(values('Hessen')).toEqual([])
  })

  it('keeps the service’s order and counts and highlights what matched, in the name or the code', () => {
    const [nvr] = matchShownText(ALL, 'zweck rhein', operator, germanMessages())
    expect(nvr).toMatchObject({ value: 'NVR', count: 100 - CODES.indexOf('NVR') })
    expect(marked(nvr?.highlightedDescription)).toEqual(['Zweck', 'Rhein'])
    expect(marked(nvr?.highlighted)).toEqual([])
    const [byCode] = matchShownText(ALL, 'vrr', operator, germanMessages())
    expect(marked(byCode?.highlighted)).toEqual(['VRR'])
    expect(matchShownText(ALL, '  ', operator, germanMessages())).toEqual([])
  })
})

const english = englishMessages()

/** A list's values as the service lists them for an empty facet query, in the given order. */
const listed = (values: readonly string[]) =>
  values.map((value, n) => ({
    value,
    escapedValue: value,
    highlighted: value,
    count: 100 - n,
    isRefined: false,
  }))

describe('a filter list’s search on an English page', () => {
  const LAENDER = listed([
    'Bayern',
    'Nordrhein-Westfalen',
    'Niedersachsen',
    'Sachsen',
    'Sachsen-Anhalt',
    'Berlin',
    'Hessen',
  ])
  const federalState = facetByAttribute('federalState')!
  const facilities = facetByAttribute('facilities')!
  const found = (hits: ReturnType<typeof listed>, query: string, facet = federalState) =>
    matchShownText(hits, query, facet, english).map((hit) => hit.value)

  it('finds a Land by the English name the list shows, and the value stays German', () => {
    expect(found(LAENDER, 'bav')).toEqual(['Bayern'])
    expect(found(LAENDER, 'north rhine')).toEqual(['Nordrhein-Westfalen'])
    expect(found(LAENDER, 'saxony')).toEqual(['Niedersachsen', 'Sachsen', 'Sachsen-Anhalt'])
    const [bavaria] = matchShownText(LAENDER, 'bav', federalState, english)
    expect(marked(bavaria?.highlighted)).toEqual(['Bav'])
  })

  it('finds it by its German name too, as signs and the address write it', () => {
    expect(found(LAENDER, 'bayern')).toEqual(['Bayern'])
    expect(found(LAENDER, 'hessen')).toEqual(['Hessen'])
  })

  it('takes the abbreviations Germans write where no name matches', () => {
    expect(found(LAENDER, 'nrw')).toEqual(['Nordrhein-Westfalen'])
    expect(found(LAENDER, 'BY')).toEqual(['Bayern'])
  })

  it('finds facilities by their English names', () => {
    const all = listed(['Parkplatz', 'Fahrradstellplatz', 'WC', 'Schließfächer', 'WLAN', 'DB Lounge'])
    expect(found(all, 'lock', facilities)).toEqual(['Schließfächer'])
    expect(found(all, 'wi-fi', facilities)).toEqual(['WLAN'])
    expect(found(all, 'parking', facilities)).toEqual(['Parkplatz', 'Fahrradstellplatz'])
    expect(found(all, 'toilet', facilities)).toEqual(['WC'])
    expect(found(all, 'lounge', facilities)).toEqual(['DB Lounge'])
  })
})
