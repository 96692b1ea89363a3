// What every report reads: the counted searches of a period (aggregated, filtered by tags) and
// the click and conversion events joined to them by queryID.
import type { EventLog } from '../insights/event-log.ts'
import type { SearchLogStore } from '../store/search-log-store.ts'
import { AGGREGATION_WINDOW_MS, aggregateSearches, type CountedSearch } from './query-aggregation.ts'
import type { ReportParams } from './report-params.ts'

interface TrackedEvent {
  objectID: string
  /** Position of the hit in the results (clicks only). */
  position?: number
}

export interface Dataset {
  /** Counted searches of the period, oldest first. */
  searches: CountedSearch[]
  /** Clicks per queryID: one entry per clicked objectID and its position. */
  clicks: Map<string, TrackedEvent[]>
  /** Conversions per queryID: one entry per converted objectID. */
  conversions: Map<string, TrackedEvent[]>
}

function add(map: Map<string, TrackedEvent[]>, queryID: string, event: TrackedEvent): void {
  const list = map.get(queryID)
  if (list) list.push(event)
  else map.set(queryID, [event])
}

/** Conversions name their search with queryID, or per object in objectData (purchases). */
function conversionQueryIDs(event: Record<string, unknown>, position: number): string | undefined {
  const data = event.objectData as { queryID?: unknown }[] | undefined
  const perObject = data?.[position]?.queryID
  if (typeof perObject === 'string') return perObject
  return typeof event.queryID === 'string' ? event.queryID : undefined
}

/** Reads a period's data; `hits` also reads the objectIDs each search returned (top hits). */
export function loadDataset(
  store: SearchLogStore,
  events: EventLog,
  params: ReportParams,
  options: { hits?: boolean } = {},
): Dataset {
  const clicks = new Map<string, TrackedEvent[]>()
  const conversions = new Map<string, TrackedEvent[]>()
  for (const event of events.list(params.index, params.from)) {
    const objectIDs = event.objectIDs ?? []
    if (event.eventType === 'click' && event.queryID) {
      objectIDs.forEach((objectID, n) => {
        const position = event.positions?.[n]
        add(clicks, event.queryID!, position !== undefined ? { objectID, position } : { objectID })
      })
    } else if (event.eventType === 'conversion') {
      objectIDs.forEach((objectID, n) => {
        const queryID = conversionQueryIDs(event as unknown as Record<string, unknown>, n)
        if (queryID) add(conversions, queryID, { objectID })
      })
    }
  }
  // A search just before the period's end may be folded into one just after it.
  const logged = store.list(params.index, params.from, params.to + AGGREGATION_WINDOW_MS, options)
  const final = (search: { queryID?: string }) =>
    search.queryID !== undefined && (clicks.has(search.queryID) || conversions.has(search.queryID))
  const searches = aggregateSearches(logged, final).filter(
    (search) => search.at < params.to && (!params.tags || params.tags(search.analyticsTags)),
  )
  return { searches, clicks, conversions }
}
