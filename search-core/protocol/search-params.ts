// Search parameters as Algolia receives them: JSON fields and/or a url-encoded `params` string whose
// values may be JSON. Everything is type-checked and limit-checked here, once, with Algolia's
// messages; the engine only ever sees typed values (see engine-params.ts).
import { MAX_FACET_HITS, MAX_HITS_PER_PAGE, MAX_VALUES_PER_FACET } from '../engine/limits.ts'
import { utf8ByteLength } from '../engine/utf8.ts'
import { badRequest, invalidValue, unknownParameter } from './algolia-error.ts'
import { refuseUnsupported } from './parameter-audit.ts'
import {
  MAX_FILTERS,
  MAX_LIST_ENTRIES,
  MAX_POLYGON_POINTS,
  MAX_RULE_CONTEXTS,
  STRING_PARAM_LIMIT_BYTES,
} from './request-limits.ts'

/** How a parameter's value is read and checked. */
type Kind =
  | 'string'
  | 'boolean'
  | 'integer'
  | 'strings'
  | 'stringOrStrings'
  | 'boolOrStrings'
  | 'filter'
  | 'radius'
  | 'precision'
  | 'box'
  | 'polygon'
  | 'typo'
  | 'distinct'
  | 'object'
  | readonly string[]

export interface Spec {
  kind: Kind
  /** Integers: the range. Lists of strings: `max` entries at most (else MAX_LIST_ENTRIES). */
  min?: number
  max?: number
}

// Every search parameter of Algolia's spec (searchParamsObject), plus facet-search and browse ones.
export const SEARCH_PARAM_SPECS = {
  query: { kind: 'string' },
  similarQuery: { kind: 'string' },
  filters: { kind: 'string' },
  facetFilters: { kind: 'filter' },
  optionalFilters: { kind: 'filter' },
  numericFilters: { kind: 'filter' },
  tagFilters: { kind: 'filter' },
  reRankingApplyFilter: { kind: 'filter' },
  sumOrFiltersScores: { kind: 'boolean' },
  restrictSearchableAttributes: { kind: 'strings' },
  facets: { kind: 'strings' },
  facetingAfterDistinct: { kind: 'boolean' },
  page: { kind: 'integer', min: 0 },
  offset: { kind: 'integer', min: 0 },
  length: { kind: 'integer', min: 0, max: MAX_HITS_PER_PAGE },
  aroundLatLng: { kind: 'string' },
  aroundLatLngViaIP: { kind: 'boolean' },
  aroundRadius: { kind: 'radius' },
  aroundPrecision: { kind: 'precision' },
  minimumAroundRadius: { kind: 'integer', min: 1 },
  insideBoundingBox: { kind: 'box' },
  insidePolygon: { kind: 'polygon' },
  naturalLanguages: { kind: 'strings' },
  ruleContexts: { kind: 'strings', max: MAX_RULE_CONTEXTS },
  personalizationImpact: { kind: 'integer', min: 0, max: 100 },
  userToken: { kind: 'string' },
  getRankingInfo: { kind: 'boolean' },
  synonyms: { kind: 'boolean' },
  clickAnalytics: { kind: 'boolean' },
  analytics: { kind: 'boolean' },
  analyticsTags: { kind: 'strings' },
  percentileComputation: { kind: 'boolean' },
  enableABTest: { kind: 'boolean' },
  attributesToRetrieve: { kind: 'strings' },
  ranking: { kind: 'strings' },
  relevancyStrictness: { kind: 'integer', min: 0, max: 100 },
  attributesToHighlight: { kind: 'strings' },
  attributesToSnippet: { kind: 'strings' },
  highlightPreTag: { kind: 'string' },
  highlightPostTag: { kind: 'string' },
  snippetEllipsisText: { kind: 'string' },
  restrictHighlightAndSnippetArrays: { kind: 'boolean' },
  // InstantSearch sends 0 (facets only), below the spec's minimum of 1; Algolia accepts it.
  hitsPerPage: { kind: 'integer', min: 0, max: MAX_HITS_PER_PAGE },
  minWordSizefor1Typo: { kind: 'integer', min: 0 },
  minWordSizefor2Typos: { kind: 'integer', min: 0 },
  typoTolerance: { kind: 'typo' },
  allowTyposOnNumericTokens: { kind: 'boolean' },
  disableTypoToleranceOnAttributes: { kind: 'strings' },
  ignorePlurals: { kind: 'boolOrStrings' },
  removeStopWords: { kind: 'boolOrStrings' },
  queryLanguages: { kind: 'strings' },
  decompoundQuery: { kind: 'boolean' },
  enableRules: { kind: 'boolean' },
  enablePersonalization: { kind: 'boolean' },
  queryType: { kind: ['prefixLast', 'prefixAll', 'prefixNone'] },
  removeWordsIfNoResults: { kind: ['none', 'lastWords', 'firstWords', 'allOptional'] },
  mode: { kind: ['neuralSearch', 'keywordSearch'] },
  semanticSearch: { kind: 'object' },
  advancedSyntax: { kind: 'boolean' },
  optionalWords: { kind: 'stringOrStrings' },
  disableExactOnAttributes: { kind: 'strings' },
  exactOnSingleWordQuery: { kind: ['attribute', 'none', 'word'] },
  alternativesAsExact: { kind: 'strings' },
  advancedSyntaxFeatures: { kind: 'strings' },
  distinct: { kind: 'distinct' },
  replaceSynonymsInHighlight: { kind: 'boolean' },
  minProximity: { kind: 'integer', min: 1, max: 7 },
  responseFields: { kind: 'strings' },
  maxValuesPerFacet: { kind: 'integer', min: 0, max: MAX_VALUES_PER_FACET },
  sortFacetValuesBy: { kind: 'string' },
  attributeCriteriaComputedByMinProximity: { kind: 'boolean' },
  renderingContent: { kind: 'object' },
  enableReRanking: { kind: 'boolean' },
  extensions: { kind: 'object' },
  facetQuery: { kind: 'string' },
  maxFacetHits: { kind: 'integer', min: 0, max: MAX_FACET_HITS },
  cursor: { kind: 'string' },
} as const satisfies Record<string, Spec>

/** facetFilters & co. on the wire: a filter, or a list whose nested lists are OR groups. */
export type FilterValue = string | readonly FilterValue[]

/** The TypeScript type of a value that checkValue accepted for a parameter of this kind. */
type ValueOf<K> = K extends 'string'
  ? string
  : K extends 'boolean'
    ? boolean
    : K extends 'integer'
      ? number
      : K extends 'strings'
        ? string[]
        : K extends 'stringOrStrings'
          ? string | string[]
          : K extends 'boolOrStrings'
            ? boolean | string[]
            : K extends 'filter'
              ? FilterValue
              : K extends 'radius'
                ? number | 'all'
                : K extends 'precision'
                  ? number | { from: number; value: number }[]
                  : K extends 'box'
                    ? string | number[][]
                    : K extends 'polygon'
                      ? string | number[] | number[][]
                      : K extends 'typo'
                        ? boolean | 'true' | 'false' | 'min' | 'strict'
                        : K extends 'distinct'
                          ? boolean | number
                          : K extends 'object'
                            ? Record<string, unknown>
                            : K extends readonly (infer Choice)[]
                              ? Choice
                              : never

type Specs = typeof SEARCH_PARAM_SPECS
export type ParamName = keyof Specs

/** Checked search parameters: each one's type follows from its spec above. */
export type Params = { [Name in ParamName]?: ValueOf<Specs[Name]['kind']> }

export const FILTER_PARAMS = ['filters', 'facetFilters', 'numericFilters', 'tagFilters'] as const

/** The parameters whose filters count towards MAX_FILTERS (`filters` is bounded by its 512 bytes). */
const COUNTED_FILTER_PARAMS = ['facetFilters', 'numericFilters', 'tagFilters', 'optionalFilters'] as const

/** Filters in a facetFilters-like value: each string of a list, or each comma-separated part of a string. */
export function filterCount(value: FilterValue | undefined): number {
  if (value === undefined) return 0
  if (typeof value === 'string') return value.trim() === '' ? 0 : value.split(',').length
  let count = 0
  for (const item of value) count += typeof item === 'string' ? 1 : filterCount(item)
  return count
}

/** Refuses a search with more than MAX_FILTERS filters, naming the parameter that holds most. */
function checkFilterCount(params: Params): void {
  let total = 0
  let most: { name: string; count: number } = { name: 'facetFilters', count: -1 }
  for (const name of COUNTED_FILTER_PARAMS) {
    const count = filterCount(params[name])
    total += count
    if (count > most.count) most = { name, count }
  }
  if (total > MAX_FILTERS) {
    throw badRequest(
      `Too many filters: ${most.name} holds ${most.count} of the ${total} filters of this search, the limit is ${MAX_FILTERS} (facetFilters, numericFilters, tagFilters and optionalFilters together)`,
    )
  }
}

export function isSearchParam(name: string): name is ParamName {
  return Object.hasOwn(SEARCH_PARAM_SPECS, name)
}

/**
 * Sets a parameter to a value that checkValue accepted for that parameter's spec: the one place
 * where the checked `unknown` becomes the parameter's type.
 */
export function setParam(params: Params, name: ParamName, checked: unknown): void {
  ;(params as Record<ParamName, unknown>)[name] = checked
}

/**
 * Reads a request: JSON fields (unknown names are a 400, like Algolia) merged over the `params`
 * string (unknown names there are ignored: legacy clients put anything in it).
 * `skip` lists request-level fields that are not search parameters (indexName, type, facet, ...).
 */
/**
 * Checked search parameters from a request body. `implementedHere` names parameters the audit
 * refuses for searches that this caller implements itself (Recommend ranks by optionalFilters).
 */
export function parseSearchParams(
  body: unknown,
  skip: readonly string[] = [],
  implementedHere: readonly ParamName[] = [],
): Params {
  if (body === undefined || body === null) return {}
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Invalid JSON: expected an object')
  const fields = body as Record<string, unknown>
  const result: Params = {}
  if (fields.params !== undefined && fields.params !== null) {
    if (typeof fields.params !== 'string') throw invalidValue('params', 'string')
    Object.assign(result, parseParamsString(fields.params))
  }
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'params' || skip.includes(name) || value === undefined || value === null) continue
    if (!isSearchParam(name)) throw unknownParameter(name)
    const spec = SEARCH_PARAM_SPECS[name]
    setParam(
      result,
      name,
      implementedHere.includes(name) ? checkKind(name, spec, value) : checkValue(name, spec, value),
    )
  }
  checkFilterCount(result)
  return result
}

/** `a=1&b=%5B%22x%22%5D`: values are strings, or JSON where the parameter is not a plain string. */
export function parseParamsString(
  params: string,
  options: { lenient?: boolean } = { lenient: true },
): Params {
  const result: Params = {}
  for (const [name, raw] of new URLSearchParams(params)) {
    if (!isSearchParam(name)) {
      if (options.lenient) continue
      throw unknownParameter(name)
    }
    const spec: Spec = SEARCH_PARAM_SPECS[name]
    setParam(result, name, checkValue(name, spec, fromString(spec.kind, raw)))
  }
  checkFilterCount(result)
  return result
}

/**
 * Algolia's echo of the request's parameters: form-encoded (spaces as +), non-string values as
 * JSON, e.g. `filters=editor%3A%27visual+studio%27&hitsPerPage=2`.
 */
export function paramsString(params: Params): string {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) query.append(name, typeof value === 'string' ? value : JSON.stringify(value))
  }
  return query.toString()
}

function fromString(kind: Kind, raw: string): unknown {
  if (kind === 'string' || Array.isArray(kind)) return raw
  const trimmed = raw.trim()
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed)
    } catch {
      // Hand-written params strings use single quotes: facetFilters=['brand:x'].
      try {
        return JSON.parse(trimmed.replace(/'/g, '"'))
      } catch {
        return raw
      }
    }
  }
  return raw
}

function checkString(name: string, value: unknown): string {
  if (typeof value !== 'string') throw invalidValue(name, 'string')
  if (utf8ByteLength(value) > STRING_PARAM_LIMIT_BYTES) {
    throw invalidValue(name, `string shorter than ${STRING_PARAM_LIMIT_BYTES} bytes`)
  }
  return value
}

function checkBoolean(name: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value
  // Params strings in Algolia's own examples write booleans as 1/0 (getRankingInfo=1).
  if (value === 'true' || value === '1') return true
  if (value === 'false' || value === '0') return false
  throw invalidValue(name, 'boolean')
}

/**
 * An integer that a number holds exactly: 1e20 is an integer to JavaScript, but no integer column
 * or counter downstream can hold it (it reached the analytics log as a float and failed its write).
 */
function checkInteger(name: string, spec: Spec, value: unknown): number {
  const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) throw invalidValue(name, 'integer')
  const { min, max } = spec
  if ((min !== undefined && number < min) || (max !== undefined && number > max)) {
    const range = max === undefined ? `greater than or equal to ${min}` : `between ${min ?? 'any'} and ${max}`
    throw invalidValue(name, `integer ${range}`)
  }
  return number
}

/** A list of strings, of at most `max` entries (MAX_LIST_ENTRIES unless the parameter says less). */
function checkStrings(name: string, value: unknown, max = MAX_LIST_ENTRIES): string[] {
  // Algolia also takes a comma-separated list where an array is expected.
  const list =
    typeof value === 'string'
      ? value === ''
        ? []
        : checkString(name, value)
            .split(',')
            .map((s) => s.trim())
      : value
  if (!Array.isArray(list)) throw invalidValue(name, 'array of strings')
  if (list.length > max) throw invalidValue(name, `array of at most ${max} strings`)
  return typeof value === 'string' ? list : list.map((item) => checkString(name, item))
}

/** facetFilters & co.: a string, or an array of strings and arrays (OR groups; nesting allowed). */
function checkFilter(name: string, value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return checkString(name, value)
  if (Array.isArray(value) && depth < 3) return value.map((item) => checkFilter(name, item, depth + 1))
  throw invalidValue(name, 'string or array of strings and arrays of strings')
}

const isFiniteNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n)

function checkNumbers(name: string, value: unknown, expected: string): number[] {
  if (!Array.isArray(value) || !value.every(isFiniteNumber)) throw invalidValue(name, expected)
  return value
}

/** A value checked against its spec, then against the audit (a refused parameter's non-default value is a 400). */
export function checkValue(name: string, spec: Spec, value: unknown): unknown {
  const checked = checkKind(name, spec, value)
  refuseUnsupported(name, checked)
  return checked
}

function checkKind(name: string, spec: Spec, value: unknown): unknown {
  const { kind } = spec
  if (Array.isArray(kind)) {
    if (typeof value !== 'string' || !kind.includes(value))
      throw invalidValue(name, `one of ${kind.join(', ')}`)
    return value
  }
  switch (kind) {
    case 'string':
      return checkString(name, value)
    case 'boolean':
      return checkBoolean(name, value)
    case 'integer':
      return checkInteger(name, spec, value)
    case 'strings':
      return checkStrings(name, value, spec.max)
    case 'stringOrStrings':
      return typeof value === 'string' ? checkString(name, value) : checkStrings(name, value)
    case 'boolOrStrings':
      return typeof value === 'boolean' || value === 'true' || value === 'false'
        ? checkBoolean(name, value)
        : checkStrings(name, value)
    case 'filter':
      return checkFilter(name, value)
    case 'radius':
      return value === 'all' ? 'all' : checkInteger(name, { kind: 'integer', min: 1 }, value)
    case 'precision':
      if (Array.isArray(value)) {
        if (value.length > MAX_LIST_ENTRIES) throw invalidValue(name, `at most ${MAX_LIST_ENTRIES} ranges`)
        for (const step of value) {
          const { from, value: precision } = (step ?? {}) as Record<string, unknown>
          if (typeof from !== 'number' || typeof precision !== 'number') {
            throw invalidValue(name, 'integer or array of { from, value }')
          }
        }
        return value
      }
      return checkInteger(name, { kind: 'integer', min: 0 }, value)
    case 'box':
      if (typeof value === 'string') return checkString(name, value)
      if (!Array.isArray(value)) throw invalidValue(name, 'array of [lat1, lng1, lat2, lng2] arrays')
      return value.map((box) => checkNumbers(name, box, 'array of [lat1, lng1, lat2, lng2] arrays'))
    case 'polygon': {
      if (typeof value === 'string') return checkString(name, value)
      if (!Array.isArray(value)) throw invalidValue(name, 'array of polygons (arrays of numbers)')
      const polygons = value.every((item) => typeof item === 'number')
        ? [checkNumbers(name, value, 'array of numbers')]
        : value.map((polygon) => checkNumbers(name, polygon, 'array of polygons (arrays of numbers)'))
      let numbers = 0
      for (const polygon of polygons) numbers += polygon.length
      if (numbers > 2 * MAX_POLYGON_POINTS) {
        throw invalidValue(
          name,
          `at most ${MAX_POLYGON_POINTS} points (${2 * MAX_POLYGON_POINTS} numbers) in all polygons together`,
        )
      }
      return value.every((item) => typeof item === 'number') ? polygons[0] : polygons
    }
    case 'typo':
      if (typeof value === 'boolean' || ['true', 'false', 'min', 'strict'].includes(value as string))
        return value
      throw invalidValue(name, 'boolean or one of min, strict')
    case 'distinct':
      if (typeof value === 'boolean' || value === 'true' || value === 'false')
        return checkBoolean(name, value)
      return checkInteger(name, { kind: 'integer', min: 0, max: 4 }, value)
    case 'object':
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw invalidValue(name, 'object')
      return value
    default:
      throw invalidValue(name, 'a supported value')
  }
}
