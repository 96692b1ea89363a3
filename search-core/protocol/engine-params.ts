// Turns checked wire parameters into the engine's SearchParams: filters compiled into one tree,
// geo strings into numbers. A secured API key's parameters override the request's, except its
// filters, which are ANDed with the request's so a request can only narrow them.
import type { FilterNode, LatLng, SearchParams } from '../engine/types.ts'
import { invalidValue } from './algolia-error.ts'
import {
  facetFiltersToNode,
  numericFiltersToNode,
  optionalFiltersToNode,
  parseFilters,
  tagFiltersToNode,
} from './filters.ts'
import { queryLanguageParams } from './query-language-params.ts'
import { FILTER_PARAMS, type FilterValue, isSearchParam, type Params, setParam } from './search-params.ts'

/** Empty entries ("" or []) filter nothing: clients send them for cleared refinements. */
function withoutEmpty(value: FilterValue | undefined): FilterValue | undefined {
  return value === undefined ? undefined : pruned(value)
}

function pruned(value: FilterValue): FilterValue {
  if (typeof value === 'string') return value
  return value.map(pruned).filter((item) => item !== '' && !(typeof item !== 'string' && item.length === 0))
}

/** Compiles filters, facetFilters, numericFilters and tagFilters of one parameter set (AND). */
function filterNodes(raw: Params): FilterNode[] {
  const params: Params = {
    ...raw,
    facetFilters: withoutEmpty(raw.facetFilters),
    numericFilters: withoutEmpty(raw.numericFilters),
    tagFilters: withoutEmpty(raw.tagFilters),
  }
  const nodes: (FilterNode | undefined)[] = []
  if (typeof params.filters === 'string' && params.filters.trim() !== '')
    nodes.push(parseFilters(params.filters))
  if (isPresent(params.facetFilters)) nodes.push(facetFiltersToNode(params.facetFilters))
  if (isPresent(params.numericFilters)) nodes.push(numericFiltersToNode(params.numericFilters))
  if (isPresent(params.tagFilters)) nodes.push(tagFiltersToNode(params.tagFilters))
  return nodes.filter((node): node is FilterNode => node !== undefined)
}

/** A list of attribute names without blank entries (clients send [""] for "none"). */
function nonBlank(list: string[] | undefined): string[] | undefined {
  return list?.filter((name) => name.trim() !== '')
}

function optionalNode(value: FilterValue | undefined): FilterNode | undefined {
  const kept = withoutEmpty(value)
  return kept !== undefined && isPresent(kept) ? optionalFiltersToNode(kept) : undefined
}

function isPresent(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== ''
  return Array.isArray(value) && value.length > 0
}

export function combineFilters(nodes: FilterNode[]): FilterNode | undefined {
  if (nodes.length === 0) return undefined
  return nodes.length === 1 ? nodes[0] : { type: 'and', children: nodes }
}

/** The request's parameters with a secured key's forced parameters applied over them. */
export function applyForcedParams(params: Params, forced: Params | undefined): Params {
  if (!forced) return params
  const merged: Params = { ...params }
  for (const [name, value] of Object.entries(forced)) {
    if (isSearchParam(name) && !(FILTER_PARAMS as readonly string[]).includes(name))
      setParam(merged, name, value)
  }
  return merged
}

/** Forced parameters that decide which records a key's searches can find at all. */
const SCOPE_PARAMS = [
  ...FILTER_PARAMS,
  'query',
  'similarQuery',
  'insideBoundingBox',
  'insidePolygon',
  'aroundLatLng',
] as const

/**
 * The search that finds every record a key may read (its forced filters, geo areas and query), or
 * undefined when the key's forced parameters leave every record readable.
 */
export function recordScope(forced: Params | undefined): SearchParams | undefined {
  if (!forced || !SCOPE_PARAMS.some((name) => isPresent(forced[name]))) return undefined
  return toEngineParams({}, forced)
}

export function toEngineParams(params: Params, forced?: Params): SearchParams {
  return engineParamsOf(applyForcedParams(params, forced), forced)
}

/**
 * The engine's parameters of a request whose forced parameters are applied already
 * (`applyForcedParams`): the forced filters are ANDed here, once.
 */
export function engineParamsOf(effective: Params, forced?: Params): SearchParams {
  // Forcing leaves the filter parameters alone: the request's filters are those of `effective`.
  const nodes = filterNodes(effective)
  if (forced) nodes.push(...filterNodes(forced))
  const p = effective
  const every: SearchParams = {
    query: p.query,
    filters: combineFilters(nodes),
    optionalFilters: optionalNode(p.optionalFilters),
    sumOrFiltersScores: p.sumOrFiltersScores,
    facets: p.facets,
    maxValuesPerFacet: p.maxValuesPerFacet,
    sortFacetValuesBy:
      p.sortFacetValuesBy === 'count' || p.sortFacetValuesBy === 'alpha' ? p.sortFacetValuesBy : undefined,
    page: p.page,
    hitsPerPage: p.hitsPerPage,
    offset: p.offset,
    length: p.length,
    attributesToRetrieve: p.attributesToRetrieve,
    attributesToHighlight: p.attributesToHighlight,
    attributesToSnippet: p.attributesToSnippet,
    highlightPreTag: p.highlightPreTag,
    highlightPostTag: p.highlightPostTag,
    snippetEllipsisText: p.snippetEllipsisText,
    restrictHighlightAndSnippetArrays: p.restrictHighlightAndSnippetArrays,
    replaceSynonymsInHighlight: p.replaceSynonymsInHighlight,
    restrictSearchableAttributes: nonEmpty(p.restrictSearchableAttributes),
    typoTolerance: p.typoTolerance === 'true' ? true : p.typoTolerance === 'false' ? false : p.typoTolerance,
    minWordSizefor1Typo: p.minWordSizefor1Typo,
    minWordSizefor2Typos: p.minWordSizefor2Typos,
    allowTyposOnNumericTokens: p.allowTyposOnNumericTokens,
    queryType: p.queryType,
    aroundLatLng: latLng(p.aroundLatLng),
    aroundRadius: p.aroundRadius,
    aroundPrecision: p.aroundPrecision,
    minimumAroundRadius: p.minimumAroundRadius,
    insideBoundingBox: boundingBoxes(p.insideBoundingBox),
    insidePolygon: polygons(p.insidePolygon),
    getRankingInfo: p.getRankingInfo,
    distinct: p.distinct,
    synonyms: p.synonyms,
    facetingAfterDistinct: p.facetingAfterDistinct,
    ...queryLanguageParams(p),
    exactOnSingleWordQuery: p.exactOnSingleWordQuery,
    minProximity: p.minProximity,
    disableTypoToleranceOnAttributes: p.disableTypoToleranceOnAttributes,
    disableExactOnAttributes: nonBlank(p.disableExactOnAttributes),
    ranking: nonEmpty(p.ranking),
    relevancyStrictness: p.relevancyStrictness,
  }
  // Only the parameters given, copied into a new object: deleting the others from \`every\` would
  // turn it into a dictionary, slower to build (~4.5 against ~1 µs) and to read in the engine.
  const result: Record<string, unknown> = {}
  for (const key in every) {
    const value = every[key as keyof SearchParams]
    if (value !== undefined) result[key] = value
  }
  // similarQuery: a broad search for its words instead of the query (Algolia: no prefixes, stop
  // words removed, every word optional, the words criterion first).
  const similar = typeof p.similarQuery === 'string' ? p.similarQuery.trim() : ''
  if (similar !== '') {
    Object.assign(result, {
      query: similar,
      queryType: 'prefixNone',
      removeStopWords: true,
      optionalWords: similar,
      wordsFirst: true,
    } satisfies Partial<SearchParams>)
  }
  return result as SearchParams
}

function nonEmpty(list: string[] | undefined): string[] | undefined {
  return list && list.length > 0 ? list : undefined
}

function numbersOf(name: string, text: string): number[] {
  const parts = text.split(',').map((part) => part.trim())
  const numbers = parts.map(Number)
  if (parts.some((part) => part === '') || numbers.some((n) => !Number.isFinite(n))) {
    throw invalidValue(name, 'comma-separated numbers')
  }
  return numbers
}

function latLng(value: string | undefined): LatLng | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const numbers = numbersOf('aroundLatLng', value)
  const [lat, lng] = numbers
  if (numbers.length !== 2 || Math.abs(lat!) > 90 || Math.abs(lng!) > 180) {
    throw invalidValue('aroundLatLng', '"latitude,longitude"')
  }
  return { lat: lat!, lng: lng! }
}

function boundingBoxes(value: Params['insideBoundingBox']): [number, number, number, number][] | undefined {
  if (value === undefined || value === '') return undefined
  const flat = typeof value === 'string' ? [numbersOf('insideBoundingBox', value)] : value
  const boxes: [number, number, number, number][] = []
  for (const numbers of flat) {
    if (numbers.length === 0 || numbers.length % 4 !== 0) {
      throw invalidValue('insideBoundingBox', 'groups of 4 numbers (lat1, lng1, lat2, lng2)')
    }
    for (let i = 0; i < numbers.length; i += 4) {
      boxes.push([numbers[i]!, numbers[i + 1]!, numbers[i + 2]!, numbers[i + 3]!])
    }
  }
  return boxes.length > 0 ? boxes : undefined
}

function polygons(value: Params['insidePolygon']): number[][] | undefined {
  if (value === undefined || value === '') return undefined
  const list = typeof value === 'string' ? [numbersOf('insidePolygon', value)] : asPolygons(value)
  for (const polygon of list) {
    if (polygon.length < 6 || polygon.length % 2 !== 0) {
      throw invalidValue('insidePolygon', 'at least 3 points (6 numbers: lat1, lng1, lat2, lng2, ...)')
    }
  }
  return list.length > 0 ? list : undefined
}

/** One polygon as a flat list of numbers (also an empty list), or several as a list of lists. */
function asPolygons(value: number[] | number[][]): number[][] {
  const flat = value.filter((item): item is number => typeof item === 'number')
  return flat.length === value.length ? [flat] : value.filter((item): item is number[] => Array.isArray(item))
}
