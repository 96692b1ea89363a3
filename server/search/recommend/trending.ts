// Trending items and facet values: the last 7 days of events, each worth its type's weight halved
// for every day of age, so that today's burst outranks last week's steady clicks. Items and values
// with events score 50–100 (the most-trending 100); the rest follow below 50 in the records' own
// order of importance, so a quiet index still answers. What trends is shown to every visitor ("Gerade
// gefragt"), so it counts clients, not events: one client's events on a record weigh as its
// strongest one, and a client is both an address and a user token, whichever counts fewer (a
// stranger who makes up a thousand tokens from one address is one client, as is one token sent from
// many addresses). A record trends only once `minClients` addresses and tokens have sent events on it.
import { roundScore, valuesOf } from './scores.ts'
import type { CatalogIndex, RecommendEvent, ScoredFacet, ScoredItem } from './types.ts'

const TRENDING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000
const HALF_LIFE_MS = 24 * 60 * 60 * 1000
/** A conversion says more than a click, a click more than a view. */
const EVENT_WEIGHTS: Readonly<Record<string, number>> = { view: 0.25, click: 1, conversion: 2 }

/** Highest score of an item or value without events in the window. */
const QUIET_MAX = 49

/** Distinct clients (addresses and user tokens) whose events a record needs before it trends. */
export const TRENDING_MIN_CLIENTS = 5

/** Each client's strongest event weight on one record, by address and by user token. */
interface Clients {
  addresses: Map<string, number>
  tokens: Map<string, number>
}

function keepStrongest(weights: Map<string, number>, client: string, weight: number): void {
  if (weight > (weights.get(client) ?? 0)) weights.set(client, weight)
}

function total(weights: Map<string, number>): number {
  let sum = 0
  for (const weight of weights.values()) sum += weight
  return sum
}

/**
 * Each object's decayed event weight at `now`, over the trending window: the clients' strongest
 * events summed, by address and by user token, whichever sum is smaller; objects whose events come
 * from fewer than `minClients` addresses or tokens are left out.
 */
export function decayedScores(
  events: readonly RecommendEvent[],
  now: number,
  minClients = TRENDING_MIN_CLIENTS,
): Map<string, number> {
  const clients = new Map<string, Clients>()
  for (const event of events) {
    const age = Math.max(0, now - event.timestamp)
    if (age > TRENDING_WINDOW_MS) continue
    const weight = (EVENT_WEIGHTS[event.eventType] ?? 0) * 2 ** (-age / HALF_LIFE_MS)
    if (weight === 0) continue
    // Events stored before addresses were kept count as one address together.
    const address = event.clientIP ?? ''
    for (const id of new Set(event.objectIDs ?? [])) {
      let entry = clients.get(id)
      if (!entry) {
        entry = { addresses: new Map(), tokens: new Map() }
        clients.set(id, entry)
      }
      keepStrongest(entry.addresses, address, weight)
      keepStrongest(entry.tokens, event.userToken, weight)
    }
  }
  const scores = new Map<string, number>()
  for (const [id, { addresses, tokens }] of clients) {
    if (addresses.size < minClients || tokens.size < minClients) continue
    scores.set(id, Math.min(total(addresses), total(tokens)))
  }
  return scores
}

/** Every record of the index scored, best first (`importance`: objectIDs, most important first). */
export function trendingItems(
  catalog: CatalogIndex,
  decayed: ReadonlyMap<string, number>,
  importance: readonly string[],
): ScoredItem[] {
  let max = 0
  for (const [id, score] of decayed) if (catalog.get(id) && score > max) max = score
  const trending: ScoredItem[] = []
  const rank = new Map(importance.map((id, position) => [id, position]))
  for (const [id, score] of decayed) {
    if (catalog.get(id) && score > 0)
      trending.push({ objectID: id, score: roundScore(50 + (50 * score) / max) })
  }
  trending.sort((a, b) => b.score - a.score || (rank.get(a.objectID) ?? 0) - (rank.get(b.objectID) ?? 0))
  const quiet = importance.filter((id) => !((decayed.get(id) ?? 0) > 0))
  const quietScored = quiet.map((id, position) => ({
    objectID: id,
    score: roundScore(QUIET_MAX * (1 - position / quiet.length)),
  }))
  return [...trending, ...quietScored]
}

/**
 * The values of `facetName` scored, best first: a value trends with the events on the records that
 * carry it; values without events follow by how many records carry them. `allowed` limits both to
 * the records a request may see.
 */
export function trendingFacets(
  catalog: CatalogIndex,
  facetName: string,
  decayed: ReadonlyMap<string, number>,
  allowed: (objectID: string) => boolean,
): ScoredFacet[] {
  const heat = new Map<string, number>()
  for (const [id, score] of decayed) {
    const record = catalog.get(id)
    if (!record || !allowed(id)) continue
    for (const value of new Set(valuesOf(record[facetName]))) heat.set(value, (heat.get(value) ?? 0) + score)
  }
  const counts = new Map<string, number>()
  for (const record of catalog.records) {
    if (!allowed(record.objectID)) continue
    for (const value of new Set(valuesOf(record[facetName]))) counts.set(value, (counts.get(value) ?? 0) + 1)
  }
  const maxHeat = Math.max(0, ...heat.values())
  const maxCount = Math.max(0, ...counts.values())
  const scored = [...counts].map(([value, count]) => {
    const h = heat.get(value) ?? 0
    const score = h > 0 ? 50 + (50 * h) / maxHeat : (QUIET_MAX * count) / maxCount
    return { facetName, facetValue: value, score: roundScore(score), count }
  })
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.count - a.count ||
      (a.facetValue < b.facetValue ? -1 : a.facetValue > b.facetValue ? 1 : 0),
  )
  return scored.map(({ count: _count, ...facet }) => facet)
}
