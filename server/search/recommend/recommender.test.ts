import { describe, expect, it } from 'vitest'
import type { SearchRecord } from '../../../search-core/engine/types.ts'
import { Recommender } from './recommender.ts'
import type { Catalog, EventSource, RecommendEvent } from './types.ts'

const NOW = Date.UTC(2026, 10, 23, 12)
const DAY = 24 * 60 * 60 * 1000

const RECORDS: SearchRecord[] = [
  {
    objectID: 'hub',
    federalState: 'Bayern',
    category: 1,
    facilities: ['WC', 'WLAN', 'DB Lounge'],
    weight: 900,
    _geoloc: { lat: 48.14, lng: 11.56 },
  },
  {
    objectID: 'near',
    federalState: 'Bayern',
    category: 2,
    facilities: ['WC', 'WLAN'],
    weight: 500,
    _geoloc: { lat: 48.2, lng: 11.6 },
  },
  {
    objectID: 'far',
    federalState: 'Bayern',
    category: 2,
    facilities: ['WC', 'WLAN'],
    weight: 400,
    _geoloc: { lat: 49.45, lng: 11.08 },
  },
  {
    objectID: 'other-state',
    federalState: 'Hessen',
    category: 6,
    facilities: [],
    weight: 100,
    _geoloc: { lat: 50.11, lng: 8.68 },
  },
  {
    objectID: 'quiet',
    federalState: 'Hessen',
    category: 7,
    facilities: [],
    weight: 1,
    _geoloc: { lat: 50.5, lng: 9.0 },
  },
]

function catalog(records = RECORDS): Catalog {
  const byID = new Map(records.map((record) => [record.objectID, record]))
  return {
    index: (name) =>
      name === 'stations'
        ? {
            version: 1,
            records,
            get: (id) => byID.get(id),
            facetAttributes: ['federalState', 'category', 'facilities'],
            customRanking: ['desc(weight)'],
          }
        : undefined,
  }
}

/** An event source in memory that counts how often the models read it back. */
function eventSource(initial: RecommendEvent[] = []) {
  const events = [...initial]
  const listeners: ((events: RecommendEvent[]) => void)[] = []
  let reads = 0
  const source: EventSource = {
    list(index, since) {
      reads += 1
      return events.filter((event) => event.index === index && event.timestamp >= since)
    },
    subscribe(listener) {
      listeners.push(listener)
      return () => listeners.splice(listeners.indexOf(listener), 1)
    },
  }
  return {
    source,
    reads: () => reads,
    append(batch: RecommendEvent[]) {
      events.push(...batch)
      for (const listener of listeners) listener(batch)
    },
  }
}

/** An event; its client's address (a pseudonym) is the user token's own unless given. */
function event(
  eventType: string,
  objectIDs: string[],
  userToken = 'user-1',
  timestamp = NOW - 1000,
  clientIP = `address-of-${userToken}`,
): RecommendEvent {
  return { eventType, index: 'stations', userToken, timestamp, objectIDs, clientIP }
}

/** The models, with trending's floor of distinct clients at 1 unless a test is about it. */
function recommender(events = eventSource(), now = () => NOW, records = RECORDS, trendingMinClients = 1) {
  return new Recommender({ catalog: catalog(records), events: events.source, now, trendingMinClients })
}

const ids = (items: { objectID: string }[]) => items.map((item) => item.objectID)

describe('trending items', () => {
  it('without events follow the records’ own importance, scored below 50', () => {
    const items = recommender().items('stations', 'trending-items')
    expect(ids(items)).toEqual(['hub', 'near', 'far', 'other-state', 'quiet'])
    expect(Math.max(...items.map((item) => item.score))).toBeLessThan(50)
  })

  it('put a burst of clicks on a quiet record first, with a score of 100, as soon as it arrives', () => {
    const events = eventSource()
    const model = recommender(events)
    expect(ids(model.items('stations', 'trending-items'))[0]).toBe('hub')
    events.append([1, 2, 3].map((n) => event('click', ['quiet'], `user-${n}`)))
    const items = model.items('stations', 'trending-items')
    expect(items[0]).toEqual({ objectID: 'quiet', score: 100 })
    // The feed carried the new events: the store was read once, at the start.
    expect(events.reads()).toBe(1)
  })

  it('weigh recent events over older ones (half-life one day) and forget those past 7 days', () => {
    const events = eventSource([
      ...[1, 2, 3].map((n) => event('click', ['far'], `u${n}`, NOW - 3 * DAY)),
      event('click', ['near'], 'u4', NOW - 1000),
      ...[1, 2, 3, 4, 5].map((n) => event('click', ['other-state'], `v${n}`, NOW - 8 * DAY)),
    ])
    const items = recommender(events).items('stations', 'trending-items')
    // 3 clicks three days ago weigh 3/8 of a click today.
    expect(ids(items).slice(0, 2)).toEqual(['near', 'far'])
    expect(items.find((item) => item.objectID === 'other-state')!.score).toBeLessThan(50)
  })

  it('are the same for the same events', () => {
    const history = [
      event('click', ['far'], 'a'),
      event('view', ['near'], 'b'),
      event('conversion', ['quiet'], 'c'),
    ]
    const first = recommender(eventSource(history)).items('stations', 'trending-items')
    const second = recommender(eventSource(history)).items('stations', 'trending-items')
    expect(second).toEqual(first)
    expect(ids(first).slice(0, 3)).toEqual(['quiet', 'far', 'near'])
  })
})

describe('trending counts clients, not events', () => {
  const floor = (events: RecommendEvent[]) =>
    recommender(eventSource(events), () => NOW, RECORDS, 5).items('stations', 'trending-items')

  it('leave a record below 50 until 5 clients, by address and by user token, sent events on it', () => {
    const four = [1, 2, 3, 4].map((n) => event('click', ['quiet'], `u${n}`))
    expect(floor(four)[0]!.objectID).toBe('hub')
    expect(floor([...four, event('click', ['quiet'], 'u5')])[0]).toEqual({ objectID: 'quiet', score: 100 })
  })

  it('take a thousand user tokens from one address as one client, and one token from five addresses too', () => {
    const minted = Array.from({ length: 1000 }, (_, n) =>
      event('click', ['quiet'], `minted-${n}`, NOW, 'one-address'),
    )
    expect(floor(minted)[0]!.objectID).toBe('hub')
    const wandering = [1, 2, 3, 4, 5].map((n) => event('click', ['quiet'], 'one-token', NOW, `address-${n}`))
    expect(floor(wandering)[0]!.objectID).toBe('hub')
    // Events stored before addresses were kept count as one address.
    const unknown = [1, 2, 3, 4, 5].map((n) => ({
      ...event('click', ['quiet'], `u${n}`),
      clientIP: undefined,
    }))
    expect(floor(unknown)[0]!.objectID).toBe('hub')
  })

  it('weigh each client by its strongest event: ten views from one client weigh as one', () => {
    const clients = [1, 2, 3, 4, 5]
    const viewedOnce = clients.map((n) => event('view', ['far'], `v${n}`))
    const viewedTenTimes = clients.flatMap((n) =>
      Array.from({ length: 10 }, () => event('view', ['near'], `w${n}`)),
    )
    const clicked = clients.map((n) => event('click', ['quiet'], `c${n}`))
    const items = floor([...viewedOnce, ...viewedTenTimes, ...clicked])
    expect(ids(items).slice(0, 3)).toEqual(['quiet', 'near', 'far'])
    expect(items[1]!.score).toBe(items[2]!.score)
  })
})

describe('trending facets', () => {
  it('score a facet value by the events on its records, then by how many records carry it', () => {
    const events = eventSource([event('click', ['quiet'])])
    const facets = recommender(events).facets('stations', 'federalState', () => true)
    expect(facets.map((facet) => facet.facetValue)).toEqual(['Hessen', 'Bayern'])
    expect(facets[0]).toEqual({ facetName: 'federalState', facetValue: 'Hessen', score: 100 })
  })

  it('count only the records the request may see', () => {
    const facets = recommender().facets('stations', 'federalState', (id) => id === 'quiet')
    expect(facets.map((facet) => facet.facetValue)).toEqual(['Hessen'])
  })
})

describe('related items', () => {
  it('never include the item and prefer the same state and the nearer record', () => {
    const items = recommender().items('stations', 'related-products', 'hub')
    expect(ids(items)).not.toContain('hub')
    expect(ids(items).slice(0, 2)).toEqual(['near', 'far'])
    expect(ids(items).indexOf('far')).toBeLessThan(ids(items).indexOf('other-state'))
  })

  it('rise with co-clicks of the same users', () => {
    const history = [1, 2, 3].flatMap((n) => [
      event('click', ['hub'], `u${n}`),
      event('click', ['quiet'], `u${n}`),
    ])
    const plain = recommender().items('stations', 'related-products', 'hub')
    const blended = recommender(eventSource(history)).items('stations', 'related-products', 'hub')
    const rank = (items: { objectID: string }[]) => ids(items).indexOf('quiet')
    expect(rank(blended)).toBeLessThan(rank(plain))
  })

  it('are empty for an unknown item or index', () => {
    expect(recommender().items('stations', 'related-products', 'nope')).toEqual([])
    expect(recommender().items('elsewhere', 'trending-items')).toEqual([])
  })

  it('looking-similar compares the records only, never events', () => {
    const history = [event('click', ['hub'], 'x'), event('click', ['quiet'], 'x')]
    const plain = recommender().items('stations', 'looking-similar', 'hub')
    expect(recommender(eventSource(history)).items('stations', 'looking-similar', 'hub')).toEqual(plain)
    expect(ids(plain)).not.toContain('hub')
  })
})

describe('looking similar', () => {
  it('leaves out the records within 10 km of the item: those are nearby, not similar', () => {
    const items = recommender().items('stations', 'looking-similar', 'hub')
    // "near" lies 7 km from "hub" and is more like it than any other record.
    expect(ids(items)).not.toContain('near')
    expect(ids(items)).toEqual(['far', 'other-state'])
    // Related items keep it: what goes with the item may well be near it.
    expect(ids(recommender().items('stations', 'related-products', 'hub'))).toContain('near')
  })

  it('draws the line at 10 km, the radius of the station page\'s "In der Nähe"', () => {
    // "near" moved due north of "hub": a degree of latitude is 111.2 km.
    const northOfHub = (km: number) =>
      RECORDS.map((record) =>
        record.objectID === 'near' ? { ...record, _geoloc: { lat: 48.14 + km / 111.2, lng: 11.56 } } : record,
      )
    const similar = (km: number) =>
      ids(recommender(eventSource(), () => NOW, northOfHub(km)).items('stations', 'looking-similar', 'hub'))
    expect(similar(9.8)).not.toContain('near')
    expect(similar(10.2)).toContain('near')
  })

  it('weighs what the records are, not where they are', () => {
    const before = recommender().items('stations', 'looking-similar', 'hub')
    const moved = RECORDS.map((record) =>
      record.objectID === 'far' ? { ...record, _geoloc: { lat: 53.55, lng: 10.0 } } : record,
    )
    const after = recommender(eventSource(), () => NOW, moved).items('stations', 'looking-similar', 'hub')
    expect(after).toEqual(before)
  })

  it('keeps records without a position, and is empty for an unknown item', () => {
    const unplaced = RECORDS.map((record) =>
      record.objectID === 'near' ? { ...record, _geoloc: undefined } : record,
    )
    expect(
      ids(recommender(eventSource(), () => NOW, unplaced).items('stations', 'looking-similar', 'hub')),
    ).toContain('near')
    expect(recommender().items('stations', 'looking-similar', 'nope')).toEqual([])
  })
})

describe('bought together', () => {
  it('is empty without conversions', () => {
    const events = eventSource([event('click', ['hub', 'near'])])
    expect(recommender(events).items('stations', 'bought-together', 'hub')).toEqual([])
  })

  it('gives the share of the item’s converting users who also converted on the other', () => {
    const events = eventSource([
      event('conversion', ['hub'], 'a'),
      event('conversion', ['near'], 'a'),
      event('conversion', ['hub'], 'b'),
    ])
    expect(recommender(events).items('stations', 'bought-together', 'hub')).toEqual([
      { objectID: 'near', score: 50 },
    ])
  })
})
