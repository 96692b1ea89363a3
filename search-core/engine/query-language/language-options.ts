// The query-language parameters of one search, resolved: the request's value, else the index
// setting, else Algolia's default. `true` for ignorePlurals/removeStopWords means the
// queryLanguages, or every language the engine has rules for when none are set (Algolia's rule).
import { fold } from '../normalize.ts'
import { words } from '../tokenize.ts'
import type { IndexSettings, RemoveWordsIfNoResults, SearchParams } from '../types.ts'
import { PLURAL_LANGUAGES } from './plurals.ts'
import { STOP_WORD_LANGUAGES } from './stop-words.ts'

export interface QueryLanguageOptions {
  /** Quoted phrases and -word exclusions, when advancedSyntax is on. */
  exactPhrase: boolean
  excludeWords: boolean
  pluralLanguages: readonly string[]
  stopWordLanguages: readonly string[]
  /** Split German compounds in the query (decompoundQuery with queryLanguages including de). */
  decompound: boolean
  /** Folded words that are optional wherever they occur in the query. */
  optionalWords: ReadonlySet<string>
  removeWordsIfNoResults: RemoveWordsIfNoResults
}

export const NO_QUERY_LANGUAGE: QueryLanguageOptions = {
  exactPhrase: false,
  excludeWords: false,
  pluralLanguages: [],
  stopWordLanguages: [],
  decompound: false,
  optionalWords: new Set(),
  removeWordsIfNoResults: 'none',
}

function languagesFor(
  value: boolean | string[] | null | undefined,
  queryLanguages: readonly string[],
  supported: readonly string[],
): readonly string[] {
  if (value === true) return queryLanguages.length > 0 ? queryLanguages : supported
  return Array.isArray(value) ? value : []
}

export function queryLanguageOptions(params: SearchParams, settings: IndexSettings): QueryLanguageOptions {
  const queryLanguages = params.queryLanguages ?? settings.queryLanguages ?? []
  const advanced = params.advancedSyntax ?? settings.advancedSyntax ?? false
  const features = params.advancedSyntaxFeatures ??
    settings.advancedSyntaxFeatures ?? ['exactPhrase', 'excludeWords']
  const optional = params.optionalWords ?? settings.optionalWords ?? []
  const optionalWords =
    optional.length === 0
      ? NO_QUERY_LANGUAGE.optionalWords
      : new Set(
          (typeof optional === 'string' ? [optional] : optional)
            .flatMap((text) => words(text, settings.separatorsToIndex ?? ''))
            .map(fold),
        )
  return {
    exactPhrase: advanced === true && features.includes('exactPhrase'),
    excludeWords: advanced === true && features.includes('excludeWords'),
    pluralLanguages: languagesFor(
      params.ignorePlurals ?? settings.ignorePlurals,
      queryLanguages,
      PLURAL_LANGUAGES,
    ),
    stopWordLanguages: languagesFor(
      params.removeStopWords ?? settings.removeStopWords,
      queryLanguages,
      STOP_WORD_LANGUAGES,
    ),
    decompound: (params.decompoundQuery ?? settings.decompoundQuery ?? true) && queryLanguages.includes('de'),
    optionalWords,
    removeWordsIfNoResults: params.removeWordsIfNoResults ?? settings.removeWordsIfNoResults ?? 'none',
  }
}
