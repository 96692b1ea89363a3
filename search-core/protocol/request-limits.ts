// Algolia's limits on a request as it arrives, before any parameter is read.

/** Write bodies (batches of records) may be up to 10 MB, like Algolia's. */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024

/**
 * Search, browse, facet-value search and recommendations bodies may be up to 2 MB (Algolia takes
 * 50 MB): a multi-query of several searches at the ceilings below fits, and reading one holds the
 * event loop for a few milliseconds, where 10 MB took ~50.
 */
export const SEARCH_BODY_LIMIT_BYTES = 2 * 1024 * 1024

/**
 * Objects and arrays inside each other in a request body; a batch of records at the deepest a
 * record may be (record-limits.ts) stays below it.
 */
export const MAX_BODY_DEPTH = 64

/** A string parameter (query, filters, ...) may be up to 512 bytes. */
export const STRING_PARAM_LIMIT_BYTES = 512

/**
 * Filters in one search (facetFilters, numericFilters, tagFilters and optionalFilters together):
 * Algolia's "Number of filters" service limit.
 */
export const MAX_FILTERS = 1000

/**
 * Entries of a list parameter (attributesToRetrieve, facets, analyticsTags, optionalWords, …):
 * Algolia documents no limit for most; one as high as that on filters keeps what reading, echoing
 * and recording a search's lists costs within milliseconds.
 */
export const MAX_LIST_ENTRIES = 1000

/** Contexts in ruleContexts: Algolia's limit. */
export const MAX_RULE_CONTEXTS = 10

/** Points of insidePolygon in one search, all polygons together: Algolia's limit. */
export const MAX_POLYGON_POINTS = 10_000

/** Queries in one multi-query; more are refused with Algolia's own message. */
export const MAX_QUERIES_PER_REQUEST = 50

/** Requests in one recommendations call: InstantSearch sends one per widget and item. */
export const MAX_RECOMMEND_REQUESTS_PER_CALL = 50

/**
 * Hits one request may ask for, summed over its queries (each query's `hitsPerPage` or `length`,
 * else its index's `hitsPerPage`): Algolia's ceiling for one query, for the whole request.
 */
export const MAX_HITS_PER_REQUEST = 1000

/** The largest answer a search, browse or recommendations request may send, serialized. */
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024
