// Query-time options: the request's parameters, else the index settings, else Algolia's defaults.
import { MAX_HITS_PER_PAGE } from './limits.ts'
import type { MatchOptions } from './matcher.ts'
import { fold } from './normalize.ts'
import { queryLanguageOptions } from './query-language/language-options.ts'
import type { SynonymTable } from './synonyms.ts'
import type { IndexSettings, SearchParams } from './types.ts'

const DEFAULT_HITS_PER_PAGE = 20
const DEFAULT_PAGINATION_LIMIT = 1000
export const DEFAULT_MAX_VALUES_PER_FACET = 100
export const DEFAULT_MAX_FACET_HITS = 10
export const DEFAULT_AROUND_PRECISION = 10
/** The automatic radius covers about this many records around the point. */
export const AUTOMATIC_RADIUS_RECORDS = 1000

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.floor(value)))
}

export function matchOptions(
  params: SearchParams,
  settings: IndexSettings,
  synonyms: SynonymTable,
): MatchOptions {
  return {
    queryType: params.queryType ?? settings.queryType ?? 'prefixLast',
    typoTolerance: params.typoTolerance ?? settings.typoTolerance ?? true,
    minWordSizefor1Typo: params.minWordSizefor1Typo ?? settings.minWordSizefor1Typo ?? 4,
    minWordSizefor2Typos: params.minWordSizefor2Typos ?? settings.minWordSizefor2Typos ?? 8,
    allowTyposOnNumericTokens: params.allowTyposOnNumericTokens ?? settings.allowTyposOnNumericTokens ?? true,
    disableTypoToleranceOnWords: new Set((settings.disableTypoToleranceOnWords ?? []).map(fold)),
    disableTypoToleranceOnAttributes: new Set(
      params.disableTypoToleranceOnAttributes ?? settings.disableTypoToleranceOnAttributes ?? [],
    ),
    disableExactOnAttributes: new Set(
      params.disableExactOnAttributes ?? settings.disableExactOnAttributes ?? [],
    ),
    disablePrefixOnAttributes: new Set(settings.disablePrefixOnAttributes ?? []),
    restrictSearchableAttributes: params.restrictSearchableAttributes,
    synonyms: params.synonyms === false || synonyms.size === 0 ? undefined : synonyms,
    language: queryLanguageOptions(params, settings),
    exactOnSingleWordQuery: params.exactOnSingleWordQuery ?? settings.exactOnSingleWordQuery ?? 'attribute',
    minProximity: params.minProximity ?? settings.minProximity ?? 1,
    separators: settings.separatorsToIndex ?? '',
  }
}

export interface PageWindow {
  start: number
  count: number
  page: number
  hitsPerPage: number
  offset?: number
  length?: number
  limit: number
}

/** offset/length take precedence over page/hitsPerPage; nothing past paginationLimitedTo. */
export function pageWindow(params: SearchParams, settings: IndexSettings): PageWindow {
  const hitsPerPage = clamp(
    params.hitsPerPage ?? settings.hitsPerPage ?? DEFAULT_HITS_PER_PAGE,
    0,
    MAX_HITS_PER_PAGE,
  )
  const limit = Math.max(
    0,
    Math.floor(params.paginationLimitedTo ?? settings.paginationLimitedTo ?? DEFAULT_PAGINATION_LIMIT),
  )
  if (params.offset !== undefined) {
    const offset = Math.max(0, Math.floor(params.offset))
    const length = clamp(params.length ?? hitsPerPage, 0, MAX_HITS_PER_PAGE)
    return {
      start: offset,
      count: length,
      page: length > 0 ? Math.floor(offset / length) : 0,
      hitsPerPage: length,
      offset,
      length,
      limit,
    }
  }
  const page = Math.max(0, Math.floor(params.page ?? 0))
  return { start: page * hitsPerPage, count: hitsPerPage, page, hitsPerPage, limit }
}

export function distinctCount(params: SearchParams, settings: IndexSettings): number {
  if (!settings.attributeForDistinct) return 0
  const d = params.distinct ?? settings.distinct ?? 0
  if (d === true) return 1
  if (d === false) return 0
  return Math.max(0, Math.floor(d))
}
