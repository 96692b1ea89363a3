// The query-language parameters (relaxation, advanced syntax, plurals, stop words, decompounding)
// as the engine reads them; the same checks serve index settings.
import type { AdvancedSyntaxFeature, SearchParams } from '../engine/types.ts'
import { invalidValue } from './algolia-error.ts'
import type { Params } from './search-params.ts'

const FEATURES: readonly string[] = ['exactPhrase', 'excludeWords']

function advancedSyntaxFeatures(value: readonly string[] | undefined): AdvancedSyntaxFeature[] | undefined {
  if (value === undefined) return undefined
  for (const feature of value)
    if (!FEATURES.includes(feature))
      throw invalidValue('advancedSyntaxFeatures', 'list of exactPhrase, excludeWords')
  return value as AdvancedSyntaxFeature[]
}

export function queryLanguageParams(p: Params): Partial<SearchParams> {
  return {
    removeWordsIfNoResults: p.removeWordsIfNoResults,
    optionalWords: p.optionalWords,
    advancedSyntax: p.advancedSyntax,
    advancedSyntaxFeatures: advancedSyntaxFeatures(p.advancedSyntaxFeatures),
    ignorePlurals: p.ignorePlurals,
    removeStopWords: p.removeStopWords,
    queryLanguages: p.queryLanguages,
    decompoundQuery: p.decompoundQuery,
  }
}

/** Settings checks beyond the value's kind: the features' names, decompoundedAttributes' shape. */
export function checkQueryLanguageSetting(name: string, value: unknown): void {
  if (name === 'advancedSyntaxFeatures') advancedSyntaxFeatures(value as string[])
  if (name !== 'decompoundedAttributes') return
  for (const attributes of Object.values(value as Record<string, unknown>)) {
    if (!Array.isArray(attributes) || !attributes.every((a) => typeof a === 'string'))
      throw invalidValue('decompoundedAttributes', 'object of language codes to arrays of attribute names')
  }
}
