// What the recommendation models read and answer, in their own terms: events and records come in
// through these interfaces (the app wires the event log and the search service to them), scored
// object IDs or facet values go out. No HTTP, SQL or wire format here.
import type { SearchRecord } from '../../../search-core/index.ts'

/** An insights event as the models need it (the event log's stored events fit this shape). */
export interface RecommendEvent {
  eventType: string
  index: string
  userToken: string
  authenticatedUserToken?: string
  /** Milliseconds since the epoch. */
  timestamp: number
  objectIDs?: string[]
  /** The pseudonym of the address the event came from (absent: stored before it was kept). */
  clientIP?: string
}

/** Where events come from: a read of an index's events since a time, and a feed of new ones. */
export interface EventSource {
  list(index: string, since: number): RecommendEvent[]
  subscribe(listener: (events: RecommendEvent[]) => void): () => void
}

/** One index's records as the models see them, with a version that changes when records do. */
export interface CatalogIndex {
  version: number
  records: readonly SearchRecord[]
  get(objectID: string): SearchRecord | undefined
  /** Attribute names declared for faceting (modifiers such as searchable() removed). */
  facetAttributes: readonly string[]
  /** customRanking criteria, e.g. ['asc(category)', 'desc(weight)']: the records' own importance. */
  customRanking: readonly string[]
}

export interface Catalog {
  index(name: string): CatalogIndex | undefined
}

export interface RecommendLogger {
  info(message: string): void
  debug(message: string): void
}

/** A recommended record with its score (0–100). */
export interface ScoredItem {
  objectID: string
  score: number
}

/** A recommended facet value with its score (0–100). */
export interface ScoredFacet {
  facetName: string
  facetValue: string
  score: number
}

export type ItemModel = 'related-products' | 'looking-similar' | 'bought-together' | 'trending-items'
