// A Recommend call's `requests`, and each entry checked as Algolia's spec describes each model:
// which fields it takes, which it needs, and the ranges of threshold and maxRecommendations.
// Its queryParameters and fallbackParameters are search parameters, read as a search's are.
import type { FilterNode, FilterValue, Params } from '../../../search-core/index.ts'
import {
  badRequest,
  facetFiltersToNode,
  invalidValue,
  MAX_RECOMMEND_REQUESTS_PER_CALL as MAX_REQUESTS,
  parseSearchParams,
} from '../../../search-core/index.ts'

const RECOMMEND_MODELS = [
  'related-products',
  'looking-similar',
  'bought-together',
  'trending-items',
  'trending-facets',
] as const
type RecommendModel = (typeof RECOMMEND_MODELS)[number]

/** Algolia's ceiling (and default) for maxRecommendations. */
export const MAX_RECOMMENDATIONS = 30

export interface RecommendRequest {
  indexName: string
  model: RecommendModel
  objectID?: string
  threshold: number
  maxRecommendations?: number
  facetName?: string
  facetValue?: string
  queryParameters: Params
  fallbackParameters?: Params
}

/** Refused in searches (they would not rank), but recommendations rank by them. */
const RANKED_HERE = ['optionalFilters'] as const

const COMMON = ['indexName', 'model', 'threshold', 'maxRecommendations', 'queryParameters']
const FIELDS: Record<RecommendModel, readonly string[]> = {
  'related-products': [...COMMON, 'objectID', 'fallbackParameters'],
  'looking-similar': [...COMMON, 'objectID', 'fallbackParameters'],
  'bought-together': [...COMMON, 'objectID'],
  'trending-items': [...COMMON, 'facetName', 'facetValue', 'fallbackParameters'],
  'trending-facets': [...COMMON, 'facetName'],
}

function nonEmptyString(fields: Record<string, unknown>, name: string): string | undefined {
  const value = fields[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || value === '') throw invalidValue(name, 'non-empty string')
  return value
}

/** A recommendations call's `requests`, each read by readRecommendRequest. */
export function recommendRequests(body: Record<string, unknown> | null | undefined): unknown[] {
  const requests = body?.requests
  if (!Array.isArray(requests) || requests.length === 0 || requests.length > MAX_REQUESTS) {
    throw invalidValue('requests', `array of 1 to ${MAX_REQUESTS} requests`)
  }
  return requests
}

export function readRecommendRequest(raw: unknown, position: number): RecommendRequest {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw invalidValue(`requests[${position}]`, 'object')
  }
  const fields = raw as Record<string, unknown>
  const indexName = nonEmptyString(fields, 'indexName')
  if (indexName === undefined) throw invalidValue('indexName', 'string')
  const model = fields.model as RecommendModel
  if (!RECOMMEND_MODELS.includes(model)) throw invalidValue('model', `one of ${RECOMMEND_MODELS.join(', ')}`)
  for (const name of Object.keys(fields)) {
    if (fields[name] !== undefined && !FIELDS[model].includes(name)) {
      throw badRequest(`Unknown parameter: ${name} (not a parameter of the ${model} model)`)
    }
  }
  const { threshold, maxRecommendations } = fields
  if (typeof threshold !== 'number' || !(threshold >= 0 && threshold <= 100)) {
    throw invalidValue('threshold', 'number between 0 and 100')
  }
  if (
    maxRecommendations !== undefined &&
    (!Number.isInteger(maxRecommendations) ||
      (maxRecommendations as number) < 1 ||
      (maxRecommendations as number) > MAX_RECOMMENDATIONS)
  ) {
    throw invalidValue('maxRecommendations', `integer between 1 and ${MAX_RECOMMENDATIONS}`)
  }
  const objectID = nonEmptyString(fields, 'objectID')
  if (objectID === undefined && FIELDS[model].includes('objectID')) throw invalidValue('objectID', 'string')
  const facetName = nonEmptyString(fields, 'facetName')
  const facetValue = nonEmptyString(fields, 'facetValue')
  if (model === 'trending-facets' && facetName === undefined) throw invalidValue('facetName', 'string')
  if (model === 'trending-items' && (facetName === undefined) !== (facetValue === undefined)) {
    throw badRequest('facetName and facetValue go together: give both or neither')
  }
  const request: RecommendRequest = {
    indexName,
    model,
    threshold,
    queryParameters: parseSearchParams(fields.queryParameters, [], RANKED_HERE),
  }
  if (maxRecommendations !== undefined) request.maxRecommendations = maxRecommendations as number
  if (objectID !== undefined) request.objectID = objectID
  if (facetName !== undefined) request.facetName = facetName
  if (facetValue !== undefined) request.facetValue = facetValue
  if (fields.fallbackParameters !== undefined && fields.fallbackParameters !== null) {
    request.fallbackParameters = parseSearchParams(fields.fallbackParameters, [], RANKED_HERE)
  }
  return request
}

/** An optional filter and its weight (`federalState:Bayern<score=2>`: 2; default 1). */
export interface OptionalFilter {
  filter: FilterNode
  score: number
}

function flatten(value: FilterValue): string[] {
  return typeof value === 'string' ? [value] : value.flatMap(flatten)
}

const SCORE_SUFFIX = /<score=(\d+)>$/

/**
 * optionalFilters as boosts: each top-level entry (a filter, or a list of alternatives) adds its
 * score to a record it matches. Recommendations rank by these before their own score, as
 * Algolia's optional filters rank matching records first.
 */
export function optionalFilters(value: FilterValue | undefined): OptionalFilter[] {
  if (value === undefined) return []
  const entries = typeof value === 'string' ? [value] : value
  const result: OptionalFilter[] = []
  for (const entry of entries) {
    const alternatives = flatten(entry)
    const scores = alternatives.flatMap((text) => SCORE_SUFFIX.exec(String(text))?.[1] ?? []).map(Number)
    const cleaned = alternatives.map((text) => String(text).replace(SCORE_SUFFIX, ''))
    if (cleaned.every((text) => text.trim() === '')) continue
    result.push({ filter: facetFiltersToNode([cleaned]), score: scores.length > 0 ? Math.max(...scores) : 1 })
  }
  return result
}
