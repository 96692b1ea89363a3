// Algolia's hard limits on one query, which the engine clamps to and the protocol refuses beyond.
// No imports: the web app imports this file too (its facet-value search asks for the maximum).

export const MAX_HITS_PER_PAGE = 1000
export const MAX_VALUES_PER_FACET = 1000
/** Facet-value search returns at most this many values. */
export const MAX_FACET_HITS = 100
