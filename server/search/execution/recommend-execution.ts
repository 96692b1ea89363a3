// One Recommend request answered: the model's scored items narrowed to what the request's
// queryParameters and the key's forced filters admit, at or above the threshold, ranked by
// optional filters then score, capped by maxRecommendations; filled from a fallback search when
// fallbackParameters are given and too few remain.
import type { FilterNode, Params, SearchRecord } from '../../../search-core/index.ts'
import {
  combineFilters,
  indexNotFound,
  newQueryID,
  retrieveAttributes,
  toEngineParams,
  tooExpensive,
  turns,
  type WorkBudget,
  WorkBudgetExceeded,
} from '../../../search-core/index.ts'
import type { Grant } from '../keys/api-keys.ts'
import {
  MAX_RECOMMENDATIONS,
  type OptionalFilter,
  optionalFilters,
  type RecommendRequest,
} from '../protocol/recommend-request.ts'
import type { Recommender } from '../recommend/recommender.ts'
import type { RecommendCatalog } from '../service/recommend-catalog.ts'
import type { SearchService } from '../service/search-service.ts'

export type RecommendResult = Record<string, unknown>

/** The records a request may see: its filters (and query) with the key's forced ones ANDed. */
function admitted(
  service: SearchService,
  grant: Grant,
  index: string,
  params: Params,
  budget: WorkBudget,
  extra?: FilterNode,
): Set<string> {
  const { optionalFilters: _boosts, ...rest } = params
  const engineParams = toEngineParams(rest, grant.forcedParams)
  const filters = combineFilters([engineParams.filters, extra].filter((node) => node !== undefined))
  return new Set(service.matchingObjectIDs(index, { ...engineParams, filters, budget }))
}

/** Each record's optional-filter score (the sum of the optional filters it matches). */
function boosts(
  service: SearchService,
  index: string,
  filters: OptionalFilter[],
  budget: WorkBudget,
): Map<string, number> {
  const scores = new Map<string, number>()
  for (const { filter, score } of filters) {
    for (const id of service.matchingObjectIDs(index, { filters: filter, budget })) {
      scores.set(id, (scores.get(id) ?? 0) + score)
    }
  }
  return scores
}

function shown(record: SearchRecord, params: Params, hidden: readonly string[] | null | undefined) {
  return retrieveAttributes(record, params.attributesToRetrieve, hidden)
}

/** What answers recommendations: the records, their catalog and the models. */
interface Recommending {
  service: SearchService
  catalog: RecommendCatalog
  recommender: Recommender
}

/**
 * A recommendations call: its requests one after another, each a slice of the call's one work
 * budget, other requests answered between them.
 */
export async function executeRecommendations(
  { service, catalog, recommender }: Recommending,
  grant: Grant,
  requests: readonly RecommendRequest[],
  budget: WorkBudget,
): Promise<RecommendResult[]> {
  const results = []
  const turn = turns()
  for (const request of requests) {
    await turn.next()
    budget.slice()
    results.push(executeRecommend(service, catalog, recommender, grant, request, budget))
  }
  return results
}

/**
 * One request of a recommendations call, as one slice of the call's work budget (the caller
 * begins it); past the budget, the refusal names the request's parameter.
 */
function executeRecommend(
  service: SearchService,
  catalog: RecommendCatalog,
  recommender: Recommender,
  grant: Grant,
  request: RecommendRequest,
  budget: WorkBudget,
): RecommendResult {
  try {
    return recommend(service, catalog, recommender, grant, request, budget)
  } catch (error) {
    if (!(error instanceof WorkBudgetExceeded)) throw error
    throw tooExpensive(error, { ...request.fallbackParameters, ...request.queryParameters })
  }
}

function recommend(
  service: SearchService,
  catalog: RecommendCatalog,
  recommender: Recommender,
  grant: Grant,
  request: RecommendRequest,
  budget: WorkBudget,
): RecommendResult {
  const started = performance.now()
  const { indexName: index, model, threshold, queryParameters } = request
  const settings = catalog.settings(index)
  if (!settings) throw indexNotFound()
  const max = Math.min(
    request.maxRecommendations ?? MAX_RECOMMENDATIONS,
    grant.maxHitsPerQuery > 0 ? grant.maxHitsPerQuery : MAX_RECOMMENDATIONS,
  )
  const hidden = grant.acl.has('seeUnretrievableAttributes') ? [] : settings.unretrievableAttributes
  const trendingIn: FilterNode | undefined =
    model === 'trending-items' && request.facetName !== undefined
      ? { type: 'facet', attribute: request.facetName, value: request.facetValue! }
      : undefined
  const allowed = admitted(service, grant, index, queryParameters, budget, trendingIn)

  let hits: Record<string, unknown>[]
  if (model === 'trending-facets') {
    hits = recommender
      .facets(index, request.facetName!, (id) => allowed.has(id))
      .filter((facet) => facet.score >= threshold)
      .slice(0, max)
      .map(({ facetName, facetValue, score }) => ({ facetName, facetValue, _score: score }))
  } else {
    const boost = boosts(service, index, optionalFilters(queryParameters.optionalFilters), budget)
    const items = recommender
      .items(index, model, request.objectID)
      .filter((item) => item.score >= threshold && allowed.has(item.objectID))
    // A stable sort: within the same optional-filter score, the model's order stays.
    items.sort((a, b) => (boost.get(b.objectID) ?? 0) - (boost.get(a.objectID) ?? 0))
    hits = []
    for (const item of items) {
      if (hits.length >= max) break
      const record = catalog.index(index)?.get(item.objectID)
      if (record) hits.push({ ...shown(record, queryParameters, hidden), _score: item.score })
    }
    if (request.fallbackParameters && hits.length < max) {
      hits.push(
        ...fallbackHits(service, grant, request, request.fallbackParameters, hits, max - hits.length, budget),
      )
    }
  }

  const result: RecommendResult = {
    hits,
    nbHits: hits.length,
    page: 0,
    nbPages: hits.length > 0 ? 1 : 0,
    hitsPerPage: max,
    processingTimeMS: Math.max(1, Math.round(performance.now() - started)),
    index,
  }
  if (queryParameters.clickAnalytics === true) result.queryID = newQueryID()
  return result
}

/** A search with the fallback parameters, minus the item itself and what the model already gave. */
function fallbackHits(
  service: SearchService,
  grant: Grant,
  request: RecommendRequest,
  params: Params,
  taken: Record<string, unknown>[],
  wanted: number,
  budget: WorkBudget,
): Record<string, unknown>[] {
  const index = request.indexName
  const skip = new Set(taken.map((hit) => String(hit.objectID)))
  if (request.objectID !== undefined) skip.add(request.objectID)
  const boost = boosts(service, index, optionalFilters(params.optionalFilters), budget)
  const { optionalFilters: _boosts, ...rest } = params
  const result = service.search(index, {
    ...toEngineParams(rest, grant.forcedParams),
    page: 0,
    hitsPerPage: Math.min(1000, wanted + skip.size),
    budget,
  })
  const found = result.hits.filter((hit) => !skip.has(hit.objectID))
  found.sort((a, b) => (boost.get(b.objectID) ?? 0) - (boost.get(a.objectID) ?? 0))
  return found.slice(0, wanted)
}
