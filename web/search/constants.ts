// Every binding constant of the product (docs/product.md, "Binding constants"), set explicitly so that
// it is visible and tested.
// They equal the defaults of React InstantSearch and the algoliasearch v5 lite client on purpose.

/** Refinement lists show this many values … */
export const REFINEMENT_LIMIT = 10
/** … and "Mehr anzeigen" raises it to this many. */
export const REFINEMENT_SHOW_MORE_LIMIT = 20
/** Facet-value search ("Bundesland suchen") asks for as many values as the service returns at most. */
export { MAX_FACET_HITS } from '../../search-core/index.ts'
/** Hits per page, also when the result is empty. */
export const HITS_PER_PAGE = 20
/** Pages shown each side of the current page. */
export const PAGINATION_PADDING = 3
/** A search without an answer after this many ms counts as stalled. */
export const STALLED_SEARCH_DELAY_MS = 200
/** The address bar is written this many ms after the last change of the search state. */
export const URL_WRITE_DELAY_MS = 400
/** Search client timeouts in ms. */
export const SEARCH_CLIENT_TIMEOUTS = Object.freeze({ connect: 1000, read: 2000, write: 30000 })
/** The start page's "Gerade gefragt": this many trending stations. */
export const TRENDING_STATIONS = 8
/** The station page's "Ähnliche Bahnhöfe": this many similar stations. */
export const SIMILAR_STATIONS = 6
