// The query-language parameters (relaxation, advanced syntax, plurals, stop words, decompounding)
// as the engine reads them; the same checks serve index settings.
import type { AdvancedSyntaxFeature, SearchParams } from '../engine/types.ts'
import { invalidValue } from './algolia-error.ts'
import type { Params } from './search-params.ts'

const FEATURES: readonly string[] = ['exactPhrase', 'excludeWords']

export function advancedSyntaxFeatures(
  value: readonly string[] | undefined,
): AdvancedSyntaxFeature[] | undefined {
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
