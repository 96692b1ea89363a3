// The search core's entry point: what the server and the web app use of it (see README.md).
export { DomainError, indexDoesNotExist } from './domain-error.ts'
export { getPath, parseFacetAttributes, parseSearchableAttributes } from './engine/attributes.ts'
export {
  facetQueryWords,
  facetTextWords,
  highlightFacetText,
  matchesFacetQuery,
} from './engine/facet-query.ts'
export { MAX_FACET_HITS, MAX_HITS_PER_PAGE } from './engine/limits.ts'
export { fold } from './engine/normalize.ts'
export { SearchIndex } from './engine/search-index.ts'
export type {
  FacetSearchResult,
  FilterNode,
  IndexSettings,
  SearchIndexApi,
  SearchParams,
  SearchRecord,
  SearchResult,
  Synonym,
} from './engine/types.ts'
export type { WorkBudget } from './engine/work-budget.ts'
export { WorkBudgetExceeded } from './engine/work-budget.ts'
export type { MultiQuery, MultiQueryResponse, MultiRequest } from './execution/multi-query.ts'
export { executeMultiQuery, readMultiQuery } from './execution/multi-query.ts'
export { OfflineSearch } from './execution/offline-search.ts'
export { newQueryID } from './execution/portable.ts'
export type {
  RecordedAnswer,
  SearchFacts,
  SearchRecording,
} from './execution/search-execution.ts'
export {
  executeBrowse,
  executeFacetSearch,
  requestBudget,
  turns,
} from './execution/search-execution.ts'
export type { SearchGrant, SearchReader } from './execution/search-reader.ts'
export {
  AlgoliaError,
  badRequest,
  errorSchema,
  indexNotAllowed,
  indexNotFound,
  invalidCredentials,
  invalidValue,
  methodNotAllowed,
  notFound,
  objectNotFound,
  toAlgoliaError,
  unknownParameter,
} from './protocol/algolia-error.ts'
export { combineFilters, recordScope, toEngineParams } from './protocol/engine-params.ts'
export { facetFiltersToNode, filterGroups, parseFilters } from './protocol/filters.ts'
export { DEPRECATED_SETTINGS, READ_ONLY_SETTINGS } from './protocol/parameter-audit.ts'
export { checkQueryLanguageSetting } from './protocol/query-language-params.ts'
export {
  isVirtualReplica,
  isVirtualReplicaIndex,
  isVirtualReplicaOf,
  replicaNames,
} from './protocol/replicas.ts'
export {
  BODY_LIMIT_BYTES,
  MAX_BODY_DEPTH,
  MAX_RECOMMEND_REQUESTS_PER_CALL,
  MAX_RESPONSE_BYTES,
  SEARCH_BODY_LIMIT_BYTES,
} from './protocol/request-limits.ts'
export { retrieveAttributes } from './protocol/retrieve.ts'
export type { FilterValue, Params, Spec } from './protocol/search-params.ts'
export {
  checkValue,
  isSearchParam,
  paramsString,
  parseParamsString,
  parseSearchParams,
  SEARCH_PARAM_SPECS,
} from './protocol/search-params.ts'
export { tooExpensive } from './protocol/work-refusal.ts'
export { nextRuleChange } from './rules/rule-matching.ts'
export { searchRules } from './rules/rule-search.ts'
export type { Anchoring, Rule } from './rules/rule-types.ts'
export { readRule } from './rules/rule-validation.ts'
export type { IndexSnapshot, SnapshotIndex } from './snapshot-format.ts'
