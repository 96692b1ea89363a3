// Turns checked wire parameters into the engine's SearchParams: filters compiled into one tree,
// geo strings into numbers. A secured API key's parameters override the request's, except its
// filters, which are ANDed with the request's so a request can only narrow them.
import type { FilterNode, LatLng, SearchParams } from '../engine/types.ts'
import { invalidValue } from './algolia-error.ts'
import { facetFiltersToNode, numericFiltersToNode, parseFilters, tagFiltersToNode } from './filters.ts'
import { FILTER_PARAMS, type Params } from './search-params.ts'

type FilterInput = Parameters<typeof facetFiltersToNode>[0]

/** Empty entries ("" or []) filter nothing: clients send them for cleared refinements. */
function withoutEmpty(value: unknown): unknown {
  if (!Array.isArray(value)) return value
  return value.map(withoutEmpty).filter((item) => item !== '' && !(Array.isArray(item) && item.length === 0))
}

/** Compiles filters, facetFilters, numericFilters and tagFilters of one parameter set (AND). */
export function filterNodes(raw: Params): FilterNode[] {
  const params: Params = {
    ...raw,
    facetFilters: withoutEmpty(raw.facetFilters),
    numericFilters: withoutEmpty(raw.numericFilters),
    tagFilters: withoutEmpty(raw.tagFilters),
  }
  const nodes: (FilterNode | undefined)[] = []
  if (typeof params.filters === 'string' && params.filters.trim() !== '')
    nodes.push(parseFilters(params.filters))
  if (isPresent(params.facetFilters)) nodes.push(facetFiltersToNode(params.facetFilters as FilterInput))
  if (isPresent(params.numericFilters)) nodes.push(numericFiltersToNode(params.numericFilters as FilterInput))
  if (isPresent(params.tagFilters)) nodes.push(tagFiltersToNode(params.tagFilters as FilterInput))
  return nodes.filter((node): node is FilterNode => node !== undefined)
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
    if (!(FILTER_PARAMS as readonly string[]).includes(name)) merged[name] = value
  }
  return merged
}

export function toEngineParams(params: Params, forced?: Params): SearchParams {
  const effective = applyForcedParams(params, forced)
  const nodes = filterNodes(params)
  if (forced) nodes.push(...filterNodes(forced))
  const p = effective
  const result: SearchParams = {
    query: p.query as string | undefined,
    filters: combineFilters(nodes),
    facets: p.facets as string[] | undefined,
    maxValuesPerFacet: p.maxValuesPerFacet as number | undefined,
    sortFacetValuesBy:
      p.sortFacetValuesBy === 'count' || p.sortFacetValuesBy === 'alpha' ? p.sortFacetValuesBy : undefined,
    page: p.page as number | undefined,
    hitsPerPage: p.hitsPerPage as number | undefined,
    offset: p.offset as number | undefined,
    length: p.length as number | undefined,
    attributesToRetrieve: p.attributesToRetrieve as string[] | undefined,
    attributesToHighlight: p.attributesToHighlight as string[] | undefined,
    attributesToSnippet: p.attributesToSnippet as string[] | undefined,
    highlightPreTag: p.highlightPreTag as string | undefined,
    highlightPostTag: p.highlightPostTag as string | undefined,
    snippetEllipsisText: p.snippetEllipsisText as string | undefined,
    restrictHighlightAndSnippetArrays: p.restrictHighlightAndSnippetArrays as boolean | undefined,
    restrictSearchableAttributes: nonEmpty(p.restrictSearchableAttributes as string[] | undefined),
    typoTolerance:
      p.typoTolerance === 'true'
        ? true
        : p.typoTolerance === 'false'
          ? false
          : (p.typoTolerance as SearchParams['typoTolerance']),
    minWordSizefor1Typo: p.minWordSizefor1Typo as number | undefined,
    minWordSizefor2Typos: p.minWordSizefor2Typos as number | undefined,
    allowTyposOnNumericTokens: p.allowTyposOnNumericTokens as boolean | undefined,
    queryType: p.queryType as SearchParams['queryType'],
    aroundLatLng: latLng(p.aroundLatLng),
    aroundRadius: p.aroundRadius as SearchParams['aroundRadius'],
    aroundPrecision: p.aroundPrecision as SearchParams['aroundPrecision'],
    minimumAroundRadius: p.minimumAroundRadius as number | undefined,
    insideBoundingBox: boundingBoxes(p.insideBoundingBox),
    insidePolygon: polygons(p.insidePolygon),
    getRankingInfo: p.getRankingInfo as boolean | undefined,
    distinct: p.distinct as SearchParams['distinct'],
    synonyms: p.synonyms as boolean | undefined,
    facetingAfterDistinct: p.facetingAfterDistinct as boolean | undefined,
  }
  for (const key of Object.keys(result) as (keyof SearchParams)[]) {
    if (result[key] === undefined) delete result[key]
  }
  return result
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

function latLng(value: unknown): LatLng | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined
  const numbers = numbersOf('aroundLatLng', value)
  const [lat, lng] = numbers
  if (numbers.length !== 2 || Math.abs(lat!) > 90 || Math.abs(lng!) > 180) {
    throw invalidValue('aroundLatLng', '"latitude,longitude"')
  }
  return { lat: lat!, lng: lng! }
}

function boundingBoxes(value: unknown): [number, number, number, number][] | undefined {
  if (value === undefined || value === '') return undefined
  const flat = typeof value === 'string' ? [numbersOf('insideBoundingBox', value)] : (value as number[][])
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

function polygons(value: unknown): number[][] | undefined {
  if (value === undefined || value === '') return undefined
  let list: number[][]
  if (typeof value === 'string') list = [numbersOf('insidePolygon', value)]
  else if ((value as unknown[]).every((n) => typeof n === 'number')) list = [value as number[]]
  else list = value as number[][]
  for (const polygon of list) {
    if (polygon.length < 6 || polygon.length % 2 !== 0) {
      throw invalidValue('insidePolygon', 'at least 3 points (6 numbers: lat1, lng1, lat2, lng2, ...)')
    }
  }
  return list.length > 0 ? list : undefined
}
