// Algolia's limits on a request as it arrives, before any parameter is read.

/** Write bodies (batches of records) may be up to 10 MB, like Algolia's. */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024

/**
 * Objects and arrays inside each other in a request body; a batch of records at the deepest a
 * record may be (record-limits.ts) stays below it.
 */
export const MAX_BODY_DEPTH = 64

/** A string parameter (query, filters, ...) may be up to 512 bytes. */
export const STRING_PARAM_LIMIT_BYTES = 512

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
