// Searches built to cost: the shapes a stranger sent with the public key (long parameter lists,
// huge polygons, many boxes) and floods of insights events, for the tests that check each is
// answered or refused within the work budget while /healthz keeps answering.

const STATES = ['Bayern', 'Berlin', 'Hessen', 'Sachsen', 'Hamburg', 'Bremen']

/** A polygon of `points` points on an ellipse around the middle of Germany (radius in degrees). */
export function polygon(points: number, radius = 4): number[] {
  const out = new Array<number>(points * 2)
  for (let i = 0; i < points; i++) {
    const angle = (2 * Math.PI * i) / points
    out[2 * i] = 51 + radius * Math.sin(angle)
    out[2 * i + 1] = 10 + 1.5 * radius * Math.cos(angle)
  }
  return out
}

/** One OR group of `terms` numeric conditions. */
export const numericGroup = (terms: number): string[][] => [
  Array.from({ length: terms }, (_, i) => `category = ${i}`),
]

/** `pairs` OR pairs of optional filters, each a state and a category. */
export const optionalPairs = (pairs: number, distinct = true): string[][] =>
  Array.from({ length: pairs }, (_, i) => [
    `federalState:${STATES[i % STATES.length]}${distinct ? i : ''}`,
    `category:${i % 7}`,
  ])

/** `count` bounding boxes over Germany. */
export const boxes = (count: number): number[][] => Array.from({ length: count }, () => [47, 5, 55, 15])

/** Search parameters that cost, by name: the public key's searches must be answered or refused. */
export const COSTLY_SEARCHES: Record<string, Record<string, unknown>> = {
  '3,000 optionalFilters OR pairs, 1,000 hits, summed': {
    optionalFilters: optionalPairs(3000),
    hitsPerPage: 1000,
    sumOrFiltersScores: true,
  },
  '500 optionalFilters OR pairs, 1,000 hits, summed': {
    optionalFilters: optionalPairs(500, false),
    hitsPerPage: 1000,
    sumOrFiltersScores: true,
  },
  'insidePolygon of 200,000 points': { insidePolygon: [polygon(200_000)] },
  'insidePolygon of 20,000 points': { insidePolygon: [polygon(20_000)] },
  'insidePolygon of 10,000 points': { insidePolygon: [polygon(10_000)], hitsPerPage: 1000 },
  'numericFilters group of 20,000 terms': { numericFilters: numericGroup(20_000) },
  'numericFilters group of 1,000 terms': { numericFilters: numericGroup(1000) },
  '2,000 bounding boxes': { insideBoundingBox: boxes(2000) },
  '5,000 attributes to highlight, 1,000 hits': {
    hitsPerPage: 1000,
    attributesToHighlight: Array.from({ length: 5000 }, (_, i) => `name${i}`),
  },
  'every attribute highlighted and snippeted, 1,000 hits': {
    query: 'bahnhof',
    hitsPerPage: 1000,
    attributesToHighlight: ['*'],
    attributesToSnippet: ['*:50'],
    facets: ['*'],
    getRankingInfo: true,
  },
}

/** A batch of `count` view events (Algolia's most: 1,000) on `index`, from one user token. */
export function eventFlood(index: string, count = 1000, objectID = '8000207'): { events: unknown[] } {
  return {
    events: Array.from({ length: count }, (_, i) => ({
      eventType: 'view',
      eventName: 'Station angesehen',
      index,
      userToken: `flood-${i % 50}`,
      objectIDs: [objectID],
    })),
  }
}
