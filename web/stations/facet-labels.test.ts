import { describe, expect, it } from 'vitest'
import { germanMessages } from '../../tests/helpers/messages.ts'
import { facetSearchQuery, mobilityServiceLabel, operatorDisplayName } from './facet-labels.ts'

const t = germanMessages()

describe('facet labels on the station page', () => {
  it('names the Aufgabenträger once, with its abbreviation and area', () => {
    expect(operatorDisplayName('BEG', t)).toBe('Bayerische Eisenbahngesellschaft (BEG)')
    expect(operatorDisplayName('VBB Berlin', t)).toBe('Verkehrsverbund Berlin-Brandenburg (VBB), für Berlin')
    expect(operatorDisplayName('VBB', t)).toBe('Verkehrsverbund Berlin-Brandenburg (VBB), für Brandenburg')
    expect(operatorDisplayName('ZPNV Süd', t)).toBe('Zweckverband SPNV Rheinland-Pfalz Süd (ZPNV)')
    expect(operatorDisplayName('Unbekannt GmbH', t)).toBe('Unbekannt GmbH')
  })

  it('answers the mobility service question from the record, or from the text of an older record', () => {
    expect(mobilityServiceLabel({ mobilityServiceAccess: 'nur mit Voranmeldung' }, t).label).toBe(
      'Nur mit Voranmeldung',
    )
    expect(
      mobilityServiceLabel({ mobilityService: 'Ja, um Voranmeldung unter 030 … wird gebeten' }, t),
    ).toEqual({
      access: 'ja',
      label: 'Ja',
    })
    expect(mobilityServiceLabel({ mobilityService: 'nein' }, t).access).toBe('nein')
    expect(mobilityServiceLabel({}, t).label).toBe('Keine Angabe')
  })
})

describe("the Bundesland filter's search", () => {
  it('takes the abbreviations Germans write for the Länder', () => {
    for (const [typed, land] of [
      ['nrw', 'Nordrhein-Westfalen'],
      ['NRW', 'Nordrhein-Westfalen'],
      ['BaWü', 'Baden-Württemberg'],
      ['bw', 'Baden-Württemberg'],
      ['MV', 'Mecklenburg-Vorpommern'],
      ['rlp', 'Rheinland-Pfalz'],
      [' Nds ', 'Niedersachsen'],
      ['SH', 'Schleswig-Holstein'],
    ])
      expect(facetSearchQuery('federalState', typed ?? '')).toBe(land)
  })

  it('takes the Länder by their English names', () => {
    for (const [typed, land] of [
      ['Bavaria', 'Bayern'],
      ['North Rhine-Westphalia', 'Nordrhein-Westfalen'],
      ['lower saxony', 'Niedersachsen'],
      ['Saxony-Anhalt', 'Sachsen-Anhalt'],
      ['thuringia', 'Thüringen'],
    ])
      expect(facetSearchQuery('federalState', typed ?? '')).toBe(land)
  })

  it('leaves other text and other filters as typed', () => {
    expect(facetSearchQuery('federalState', 'nord')).toBe('nord')
    expect(facetSearchQuery('operator', 'nrw')).toBe('nrw')
  })
})
