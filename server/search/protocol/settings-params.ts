// Index settings as setSettings receives them: every setting of Algolia's spec is type-checked
// (null resets a setting to its default), unknown names are refused, and the string forms
// Algolia tolerates ("typoTolerance": "false") are stored as the values they stand for.

import type { IndexSettings } from '../../../search-core/index.ts'
import {
  checkQueryLanguageSetting,
  checkValue,
  DEPRECATED_SETTINGS,
  invalidValue,
  isSearchParam,
  MAX_HITS_PER_PAGE,
  READ_ONLY_SETTINGS,
  SEARCH_PARAM_SPECS,
  type Spec,
  unknownParameter,
} from '../../../search-core/index.ts'

const strings: Spec = { kind: 'strings' }

/** Settings that are not also search parameters (baseIndexSettings in the spec). */
const INDEX_ONLY: Record<string, Spec> = {
  attributesForFaceting: strings,
  replicas: strings,
  paginationLimitedTo: { kind: 'integer', min: 0, max: 20000 },
  unretrievableAttributes: strings,
  disableTypoToleranceOnWords: strings,
  attributesToTransliterate: strings,
  camelCaseAttributes: strings,
  decompoundedAttributes: { kind: 'object' },
  indexLanguages: strings,
  disablePrefixOnAttributes: strings,
  allowCompressionOfIntegerArray: { kind: 'boolean' },
  numericAttributesForFiltering: strings,
  separatorsToIndex: { kind: 'string' },
  searchableAttributes: strings,
  customNormalization: { kind: 'object' },
  attributeForDistinct: { kind: 'string' },
  keepDiacriticsOnCharacters: { kind: 'string' },
  customRanking: strings,
}

/** Search parameters that are query-time only and cannot be index settings. */
const QUERY_ONLY = new Set([
  'query',
  'similarQuery',
  'filters',
  'facetFilters',
  'optionalFilters',
  'numericFilters',
  'tagFilters',
  'sumOrFiltersScores',
  'restrictSearchableAttributes',
  'facets',
  'facetingAfterDistinct',
  'page',
  'offset',
  'length',
  'aroundLatLng',
  'aroundLatLngViaIP',
  'aroundRadius',
  'aroundPrecision',
  'minimumAroundRadius',
  'insideBoundingBox',
  'insidePolygon',
  'naturalLanguages',
  'ruleContexts',
  'personalizationImpact',
  'userToken',
  'getRankingInfo',
  'synonyms',
  'clickAnalytics',
  'analytics',
  'analyticsTags',
  'percentileComputation',
  'enableABTest',
  'extensions',
  'facetQuery',
  'cursor',
])

function settingSpec(name: string): Spec | undefined {
  if (INDEX_ONLY[name]) return INDEX_ONLY[name]
  if (name === 'hitsPerPage') return { kind: 'integer', min: 1, max: MAX_HITS_PER_PAGE }
  if (name === 'reRankingApplyFilter') return { kind: 'filter' }
  return QUERY_ONLY.has(name) || !isSearchParam(name) ? undefined : SEARCH_PARAM_SPECS[name]
}

/** Checks a setSettings body; read-only fields (`primary`, `version`) are the service's own. */
export function parseSettings(body: unknown): IndexSettings {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidValue('settings', 'object')
  const settings: IndexSettings = {}
  const fields = body as Record<string, unknown>
  for (const [given, value] of Object.entries(fields)) {
    // An old name counts as its current one, unless the current name is given too.
    const name = Object.hasOwn(DEPRECATED_SETTINGS, given) ? DEPRECATED_SETTINGS[given]! : given
    if (name !== given && Object.hasOwn(fields, name)) continue
    if ((READ_ONLY_SETTINGS as readonly string[]).includes(name) || value === undefined) continue
    if (name === 'userData') {
      settings.userData = value
      continue
    }
    if (name === 'synonyms' && Array.isArray(value)) {
      // The setting of old exports (before the Synonyms API): groups of words that mean the same.
      const groups = value.every((g) => Array.isArray(g) && g.every((w) => typeof w === 'string' && w.trim()))
      if (!groups) throw invalidValue('synonyms', 'array of arrays of words (the old synonyms setting)')
      settings.synonyms = value as string[][]
      continue
    }
    const spec = settingSpec(name)
    if (!spec) throw unknownParameter(name)
    if (value === null) {
      settings[name] = null
      continue
    }
    const checked = checkValue(name, spec, value)
    checkQueryLanguageSetting(name, checked)
    const boolean = name === 'typoTolerance' && (checked === 'true' || checked === 'false')
    settings[name] = boolean ? checked === 'true' : checked
  }
  return settings
}
