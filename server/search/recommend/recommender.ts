// The recommendation models of every index, computed from its records and recent events and kept
// until either changes: trending is recomputed on the first request after new events arrive (or a
// minute later, as decay moves on), related and bought-together read co-interactions rebuilt the
// same way, and content similarity is rebuilt when the records change. Related items are what goes
// with the item, near it on the map too; looking-similar items are comparable ones elsewhere.
import { type CoInteractions, coInteractions } from './co-interactions.ts'
import { EventWindow } from './event-window.ts'
import { importanceOrder } from './importance.ts'
import { byScore, roundScore } from './scores.ts'
import { type SimilarityModel, similarityModel } from './similarity.ts'
import { decayedScores, TRENDING_MIN_CLIENTS, trendingFacets, trendingItems } from './trending.ts'
import type {
  Catalog,
  CatalogIndex,
  EventSource,
  ItemModel,
  RecommendLogger,
  ScoredFacet,
  ScoredItem,
} from './types.ts'

/** How much of a related item's score comes from users' co-interactions (the rest: content). */
const CO_INTERACTION_SHARE = 0.4
/**
 * looking-similar leaves out records within this distance of the item, and does not weigh location:
 * what is near is a geo search's answer (the station page's "In der Nähe", 10 km); a similar record
 * is a comparable one elsewhere.
 */
const SIMILAR_ELSEWHERE_KM = 10
/** Decay moves on while no events arrive: trending is recomputed at least this often. */
const TRENDING_MAX_AGE_MS = 60_000

interface TrendingState {
  eventsVersion: number
  catalogVersion: number
  computedAt: number
  decayed: Map<string, number>
  items: ScoredItem[]
}

interface Versioned<T> {
  version: number
  value: T
}

export interface RecommenderOptions {
  catalog: Catalog
  events: EventSource
  logger?: RecommendLogger
  now?: () => number
  /** Distinct clients whose events a record needs before it trends (default TRENDING_MIN_CLIENTS). */
  trendingMinClients?: number
}

const quiet: RecommendLogger = { info() {}, debug() {} }

export class Recommender {
  readonly #catalog: Catalog
  readonly #window: EventWindow
  readonly #log: RecommendLogger
  readonly #now: () => number
  readonly #trendingMinClients: number
  readonly #trending = new Map<string, TrendingState>()
  readonly #similarity = new Map<string, Versioned<SimilarityModel>>()
  readonly #likeness = new Map<string, Versioned<SimilarityModel>>()
  readonly #importance = new Map<string, Versioned<string[]>>()
  readonly #together = new Map<string, Versioned<{ all: CoInteractions; conversions: CoInteractions }>>()

  constructor(options: RecommenderOptions) {
    this.#catalog = options.catalog
    this.#window = new EventWindow(options.events)
    this.#log = options.logger ?? quiet
    this.#now = options.now ?? Date.now
    this.#trendingMinClients = options.trendingMinClients ?? TRENDING_MIN_CLIENTS
  }

  /** Scored items of a model, best first, never the item itself; [] for an unknown index or item. */
  items(index: string, model: ItemModel, objectID?: string): ScoredItem[] {
    const catalog = this.#catalog.index(index)
    if (!catalog) return []
    if (model === 'trending-items') return this.#trendingState(index, catalog).items
    if (objectID === undefined || !catalog.get(objectID)) return []
    if (model === 'looking-similar') return this.#lookingSimilar(index, catalog, objectID)
    const together = this.#coInteractions(index)
    if (model === 'bought-together') {
      const shares = together.conversions.with(objectID)
      return [...shares]
        .filter(([id]) => catalog.get(id))
        .map(([id, share]) => ({ objectID: id, score: roundScore(100 * share) }))
        .sort(byScore)
    }
    return this.#similar(index, catalog, objectID, together.all.with(objectID), CO_INTERACTION_SHARE)
  }

  /** Trending values of a facet among the records `allowed` admits, best first. */
  facets(index: string, facetName: string, allowed: (objectID: string) => boolean): ScoredFacet[] {
    const catalog = this.#catalog.index(index)
    if (!catalog) return []
    return trendingFacets(catalog, facetName, this.#trendingState(index, catalog).decayed, allowed)
  }

  close(): void {
    this.#window.close()
  }

  #similar(
    index: string,
    catalog: CatalogIndex,
    objectID: string,
    shares: Map<string, number>,
    share: number,
  ): ScoredItem[] {
    const model = this.#cached(this.#similarity, index, catalog.version, () => similarityModel(catalog))
    const position = catalog.records.findIndex((record) => record.objectID === objectID)
    const content = model.similarities(position)
    const scored: ScoredItem[] = []
    catalog.records.forEach((record, i) => {
      if (record.objectID === objectID) return
      const together = shares.get(record.objectID) ?? 0
      const score = roundScore(100 * ((1 - share) * content[i]! + share * together))
      if (score > 0) scored.push({ objectID: record.objectID, score })
    })
    return scored.sort(byScore)
  }

  /** Content only, location aside, and nothing within SIMILAR_ELSEWHERE_KM of the item. */
  #lookingSimilar(index: string, catalog: CatalogIndex, objectID: string): ScoredItem[] {
    const model = this.#cached(this.#likeness, index, catalog.version, () =>
      similarityModel(catalog, { geoWeight: 0 }),
    )
    const position = catalog.records.findIndex((record) => record.objectID === objectID)
    const content = model.similarities(position)
    const scored: ScoredItem[] = []
    catalog.records.forEach((record, i) => {
      if (i === position) return
      const km = model.distanceKm(position, i)
      if (km !== undefined && km <= SIMILAR_ELSEWHERE_KM) return
      const score = roundScore(100 * content[i]!)
      if (score > 0) scored.push({ objectID: record.objectID, score })
    })
    return scored.sort(byScore)
  }

  #coInteractions(index: string): { all: CoInteractions; conversions: CoInteractions } {
    const { events, version } = this.#window.events(index, this.#now())
    return this.#cached(this.#together, index, version, () => ({
      all: coInteractions(events, () => true),
      conversions: coInteractions(events, (event) => event.eventType === 'conversion'),
    }))
  }

  #trendingState(index: string, catalog: CatalogIndex): TrendingState {
    const now = this.#now()
    const { events, version } = this.#window.events(index, now)
    const state = this.#trending.get(index)
    if (
      state &&
      state.eventsVersion === version &&
      state.catalogVersion === catalog.version &&
      now - state.computedAt < TRENDING_MAX_AGE_MS
    ) {
      return state
    }
    const started = performance.now()
    const importance = this.#cached(this.#importance, index, catalog.version, () => importanceOrder(catalog))
    const decayed = decayedScores(events, now, this.#trendingMinClients)
    const next: TrendingState = {
      eventsVersion: version,
      catalogVersion: catalog.version,
      computedAt: now,
      decayed,
      items: trendingItems(catalog, decayed, importance),
    }
    this.#trending.set(index, next)
    const message = `recommend: trending model updated for ${index}: ${events.length} events in the window, ${decayed.size} items trending, ${Math.round(performance.now() - started)} ms`
    // The first build is worth a line at info; updates after each burst of events only at debug.
    if (state) this.#log.debug(message)
    else this.#log.info(message)
    return next
  }

  #cached<T>(cache: Map<string, Versioned<T>>, index: string, version: number, build: () => T): T {
    const hit = cache.get(index)
    if (hit && hit.version === version) return hit.value
    const value = build()
    cache.set(index, { version, value })
    return value
  }
}
