import { describe, expect, it } from 'vitest'
import { germanMessages } from '../../tests/helpers/messages.ts'
import { OPERATOR_CODES } from '../../tests/helpers/operator-codes.ts'
import { categoryExplanation, operatorName } from './facet-labels.ts'
import { hyphenate, SOFT_HYPHEN, withoutSoftHyphens } from './hyphenation.ts'
import { trainDescription } from './train-types.ts'

/** The text with its soft hyphens shown as "-", for reading the expectations. */
const shown = (text: string) => text.replaceAll(SOFT_HYPHEN, '-')

describe('hyphenate', () => {
  it('breaks long compounds at their parts and syllables, German-style', () => {
    expect(shown(hyphenate('Bayerische Eisenbahngesellschaft'))).toBe(
      'Bay-e-ri-sche Ei-sen-bahn-ge-sell-schaft',
    )
    expect(shown(hyphenate('Landesnahverkehrsgesellschaft Niedersachsen'))).toBe(
      'Lan-des-nah-ver-kehrs-ge-sell-schaft Nie-der-sach-sen',
    )
    expect(shown(hyphenate('Fahrradstellplatz'))).toBe('Fahr-rad-stell-platz')
    expect(shown(hyphenate('Mecklenburg-Vorpommern'))).toBe('Meck-len-burg-Vor-pom-mern')
    expect(shown(hyphenate('Schließfächer'))).toBe('Schließ-fä-cher')
  })

  it('leaves short words, unknown words and the spaces alone', () => {
    expect(hyphenate('Verband Region Stuttgart')).toBe('Verband Region Stuttgart')
    expect(hyphenate('Donaudampfschifffahrt')).toBe('Donaudampfschifffahrt')
    expect(hyphenate('WC')).toBe('WC')
  })

  it('gives the text back unchanged once the soft hyphens are taken out', () => {
    const text = 'Zweckverband für den Nahverkehrsraum Leipzig'
    expect(hyphenate(text)).not.toBe(text)
    expect(withoutSoftHyphens(hyphenate(text))).toBe(text)
  })

  it('breaks every long word of the Aufgabenträger, category explanations and train types, never a letter from its ends', () => {
    const names = OPERATOR_CODES.map((code) => operatorName(code) ?? `${code}: no name`)
    const explanations = [1, 2, 3, 4, 5, 6, 7].map(
      (category) => categoryExplanation(category, germanMessages()) ?? `${category}: none`,
    )
    expect(names.filter((name) => name.includes(': no name'))).toEqual([])
    expect(explanations.filter((text) => text.includes(': none'))).toEqual([])
    const trains = ['ICE', 'IC/EC', 'RE/RB', 'S-Bahn', 'U-Bahn', 'Straßenbahn', 'Bus', 'Fähre'].flatMap(
      (type) => [type, trainDescription(type) ?? ''],
    )
    expect(unbrokenWords([...names, ...explanations, ...trains])).toEqual([])
  })
})

/** Words of 10 letters or more that get no soft hyphen; a word breaking one letter from its end fails. */
function unbrokenWords(texts: Iterable<string>): string[] {
  const unbroken: string[] = []
  for (const text of texts) {
    for (const word of hyphenate(text).split(/[^\p{L}\u00ad]+/u)) {
      if (withoutSoftHyphens(word).length < 10) continue
      if (!word.includes(SOFT_HYPHEN)) unbroken.push(word)
      const syllables = word.split(SOFT_HYPHEN)
      expect(syllables[0]!.length, word).toBeGreaterThan(1)
      expect(syllables.at(-1)!.length, word).toBeGreaterThan(1)
    }
  }
  return unbroken
}
