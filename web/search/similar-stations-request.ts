// What the station page asks the Recommend API for under "Ähnliche Bahnhöfe": comparable stations
// elsewhere, not the neighbours "In der Nähe" lists already. The looking-similar model compares
// what the stations are (category, facilities, step-free access, operator, type), never where they
// are, and leaves out those within 10 km; an optional filter puts the station's own category first,
// so a hub gets other hubs. Standard Recommend parameters only: the same request runs on Algolia.
import { HIT_CARD_ATTRIBUTES } from '../stations/hit-card-attributes.ts'
import { SIMILAR_STATIONS } from './constants.ts'

export interface SimilarStationsOf {
  objectID: string
  category?: number
}

/** The props of InstantSearch's `useLookingSimilar` (its `limit` is the request's maxRecommendations). */
export function similarStationsParameters({ objectID, category }: SimilarStationsOf) {
  return {
    objectIDs: [objectID],
    limit: SIMILAR_STATIONS,
    threshold: 0,
    queryParameters: {
      attributesToRetrieve: HIT_CARD_ATTRIBUTES,
      clickAnalytics: true,
      ...(category !== undefined ? { optionalFilters: [`category:${category}`] } : {}),
    },
  }
}
