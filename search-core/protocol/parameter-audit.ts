// Every search parameter and index setting of Algolia's spec, and what this service does with it:
// implemented, or refused with a 400 that names it. A refused name still passes with the value that
// means Algolia's default behaviour (exports and clients write defaults such as `minProximity: 1`),
// so nothing is ever accepted and ignored. docs/search-api.md shows this table.
import { badRequest } from './algolia-error.ts'

type Area = 'engine' | 'query language' | 'query rules' | 'insights' | 'protocol'

type Support =
  | { status: 'implemented'; area: Area; note?: string }
  | {
      status: 'refused'
      /** The value(s) that mean Algolia's default, accepted because they change nothing. */
      neutral: readonly unknown[]
      reason: string
      /** What the user can do instead. */
      instead: string
    }

const done = (note?: string): Support => ({ status: 'implemented', area: 'engine', note })
const by = (area: Area, note?: string): Support => ({ status: 'implemented', area, note })
const refused = (neutral: readonly unknown[], reason: string, instead: string): Support => ({
  status: 'refused',
  neutral,
  reason,
  instead,
})

const NONE: unknown[] = ['', []]

/** Search parameters (also index settings where Algolia allows them as such). */
const PARAMETER_SUPPORT: Record<string, Support> = {
  query: done(),
  similarQuery: done(
    'its words instead of the query: no prefixes, stop words out, all optional, words first',
  ),
  filters: done(),
  facetFilters: done(),
  optionalFilters: done('rank through the filters criterion; scores, negation, OR groups'),
  numericFilters: done(),
  tagFilters: done(),
  sumOrFiltersScores: done('also for <score=N> in filters and facetFilters'),
  restrictSearchableAttributes: done(),
  facets: done(),
  facetingAfterDistinct: done('facet counts after deduplication when distinct is on'),
  page: done(),
  offset: done(),
  length: done(),
  aroundLatLng: done(),
  aroundLatLngViaIP: refused(
    [false],
    'there is no IP-to-location database on this server',
    'send the position as aroundLatLng (the browser geolocation API gives it)',
  ),
  aroundRadius: done(),
  aroundPrecision: done(),
  minimumAroundRadius: done(),
  insideBoundingBox: done(),
  insidePolygon: done(),
  naturalLanguages: refused(
    NONE,
    'natural-language presets are not implemented',
    'set the parameters one by one',
  ),
  ruleContexts: by('query rules'),
  personalizationImpact: by('insights', 'recorded with the search'),
  userToken: by('insights'),
  getRankingInfo: done(),
  synonyms: done(),
  clickAnalytics: by('insights', 'answers a queryID'),
  analytics: by('insights'),
  analyticsTags: by('insights'),
  percentileComputation: by('insights'),
  enableABTest: by('insights', 'there are no A/B tests to take part in'),
  attributesToRetrieve: done(),
  ranking: done('also at query time'),
  relevancyStrictness: done('relevant sort on virtual replicas'),
  attributesToHighlight: done('names, dotted paths and * wildcards'),
  attributesToSnippet: done('names, dotted paths and * wildcards, with :words'),
  highlightPreTag: done(),
  highlightPostTag: done(),
  snippetEllipsisText: done(),
  restrictHighlightAndSnippetArrays: done(),
  hitsPerPage: done(),
  minWordSizefor1Typo: done(),
  minWordSizefor2Typos: done(),
  typoTolerance: done(),
  allowTyposOnNumericTokens: done(),
  disableTypoToleranceOnAttributes: done(),
  ignorePlurals: by('query language'),
  removeStopWords: by('query language'),
  queryLanguages: by('query language'),
  decompoundQuery: by('query language'),
  enableRules: by('query rules'),
  enablePersonalization: by('insights'),
  queryType: done(),
  removeWordsIfNoResults: by('query language'),
  mode: refused(['keywordSearch'], 'NeuralSearch is not available', 'use keywordSearch'),
  semanticSearch: refused([{}], 'NeuralSearch is not available', 'leave it out'),
  advancedSyntax: by('query language'),
  optionalWords: by('query language'),
  disableExactOnAttributes: done('matches there never count as exact'),
  exactOnSingleWordQuery: done(),
  alternativesAsExact: refused(
    [
      ['ignorePlurals', 'singleWordSynonym'],
      ['singleWordSynonym', 'ignorePlurals'],
    ],
    'only the default (plurals and single-word synonyms count as exact) is implemented',
    'leave it at its default',
  ),
  advancedSyntaxFeatures: by('query language'),
  distinct: done(),
  replaceSynonymsInHighlight: done('a one-word query also replaces a phrase synonym of the record'),
  minProximity: done('word pairs closer than it count as that distance'),
  responseFields: done('only the listed top-level fields; * for all'),
  maxValuesPerFacet: done(),
  sortFacetValuesBy: done(),
  attributeCriteriaComputedByMinProximity: refused(
    [false],
    'the attribute criterion always uses the best-matching attribute',
    'leave it out',
  ),
  renderingContent: done('returned with every search'),
  enableReRanking: refused([false], 'Dynamic Re-Ranking is not available', 'leave it out'),
  reRankingApplyFilter: refused(NONE, 'Dynamic Re-Ranking is not available', 'leave it out'),
  // Request fields beside the search parameters.
  facetQuery: done('facet-value search'),
  maxFacetHits: done('facet-value search; also a setting'),
  cursor: done('browse'),
  extensions: refused([{}], 'search extensions are not available', 'leave it out'),
}

/** Index settings that are not search parameters. */
const SETTING_SUPPORT: Record<string, Support> = {
  attributesForFaceting: done(),
  replicas: done('standard and virtual(name)'),
  paginationLimitedTo: done(),
  unretrievableAttributes: done(),
  disableTypoToleranceOnWords: done(),
  attributesToTransliterate: refused(NONE, 'transliteration is not implemented', 'leave it out'),
  camelCaseAttributes: done('words also indexed and highlighted as their camel-case parts'),
  decompoundedAttributes: by('query language'),
  indexLanguages: by('query language'),
  disablePrefixOnAttributes: done('only whole words (and typos) match there'),
  allowCompressionOfIntegerArray: done('arrays keep their order (allowed either way)'),
  numericAttributesForFiltering: done('only those attributes filter numerically; equalOnly() for = and !='),
  separatorsToIndex: done('each listed character is a word of its own'),
  searchableAttributes: done(),
  userData: done('stored and returned'),
  customNormalization: refused([{}], 'custom normalization is not implemented', 'leave it out'),
  attributeForDistinct: done(),
  keepDiacriticsOnCharacters: refused([''], 'diacritics are always folded', 'leave it empty'),
  customRanking: done(),
}

/** Old setting names that Algolia exports still write, and the current name each stands for. */
export const DEPRECATED_SETTINGS: Record<string, string> = {
  attributesToIndex: 'searchableAttributes',
  slaves: 'replicas',
  numericAttributesToIndex: 'numericAttributesForFiltering',
  master: 'primary',
}

/** Fields getSettings answers that Algolia computes itself: a write may carry them, they change nothing. */
export const READ_ONLY_SETTINGS = ['primary', 'version'] as const

function supportOf(name: string): Support | undefined {
  return Object.hasOwn(PARAMETER_SUPPORT, name)
    ? PARAMETER_SUPPORT[name]
    : Object.hasOwn(SETTING_SUPPORT, name)
      ? SETTING_SUPPORT[name]
      : undefined
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  return JSON.stringify(a) === JSON.stringify(b)
}

/** A 400 naming a refused parameter given a value other than its default; anything else passes. */
export function refuseUnsupported(name: string, value: unknown): void {
  const support = supportOf(name)
  if (support?.status !== 'refused') return
  if (value === null || value === undefined || support.neutral.some((n) => same(n, value))) return
  // Where an empty list is the default, a list of blank names ([""], as clients send) names nothing too.
  const blank = Array.isArray(value) && value.every((v) => typeof v === 'string' && v.trim() === '')
  if (blank && support.neutral.some((n) => Array.isArray(n) && n.length === 0)) return
  throw badRequest(`Unsupported parameter: ${name} (${support.reason}): ${support.instead}`)
}
