// Search analytics: the reports of Algolia's Analytics API v2 over the search log and the
// insights events. Every report flushes the recorder first, so it includes the latest searches.
import type { EventLog } from '../insights/event-log.ts'
import type { LoggedSearch, SearchLogStore } from '../store/search-log-store.ts'
import { type Dataset, loadDataset } from './analytics-dataset.ts'
import { type CountedSearch, normalizeQuery } from './query-aggregation.ts'
import { clickMetrics, clickPositions, groupBy, ratio } from './report-metrics.ts'
import { dayOf, type ReportParams } from './report-params.ts'
import type { SearchRecorder } from './search-recorder.ts'

export interface TopSearch {
  search: string
  count: number
  nbHits: number
  [metric: string]: unknown
}

/** A click joined to the search it followed. */
interface ClickedSearch {
  search: LoggedSearch
  clicks: { objectID: string; position: number | undefined }[]
}

function page<T>(items: T[], params: ReportParams): T[] {
  return items.slice(params.offset, params.offset + params.limit)
}

/** Sorts null metrics last, whatever the direction; ties by count, then alphabetically. */
function compareBy<T extends { count: number; search?: string; hit?: string }>(
  metric: (item: T) => number | null,
  direction: 'asc' | 'desc',
): (a: T, b: T) => number {
  return (a, b) => {
    const x = metric(a)
    const y = metric(b)
    if (x !== y) {
      if (x === null) return 1
      if (y === null) return -1
      return direction === 'asc' ? x - y : y - x
    }
    return b.count - a.count || String(a.search ?? a.hit).localeCompare(String(b.search ?? b.hit))
  }
}

export class SearchAnalytics {
  readonly #store: SearchLogStore
  readonly #events: EventLog
  readonly #recorder: SearchRecorder

  readonly #flushOthers: () => Promise<void>

  /** `flushOthers`: other processes serving together write the searches they hold (reports wait for it). */
  constructor(
    store: SearchLogStore,
    events: EventLog,
    recorder: SearchRecorder,
    flushOthers: () => Promise<void> = async () => {},
  ) {
    this.#store = store
    this.#events = events
    this.#recorder = recorder
    this.#flushOthers = flushOthers
  }

  /** Before a report: every process serving together has written the searches it holds. */
  async gather(): Promise<void> {
    await this.#flushOthers()
  }

  #data(params: ReportParams, options: { hits?: boolean } = {}): Dataset {
    this.#recorder.flush()
    return loadDataset(this.#store, this.#events, params, options)
  }

  #daily<T>(params: ReportParams, searches: CountedSearch[], row: (day: CountedSearch[]) => T) {
    const byDay = groupBy(searches, (search) => dayOf(search.at))
    return params.days.map((date) => ({ ...row(byDay.get(date) ?? []), date }))
  }

  /** GET /2/searches: the most frequent queries, with click metrics when clickAnalytics is set. */
  topSearches(params: ReportParams): { searches: TopSearch[] } {
    const data = this.#data(params)
    const rows = [...groupBy(data.searches, (s) => s.search)].map(([search, group]) => {
      const row: TopSearch = { search, count: group.length, nbHits: group.at(-1)!.nbHits }
      if (!params.clickAnalytics) return row
      const m = clickMetrics(group, data)
      return {
        search,
        count: group.length,
        clickThroughRate: m.clickThroughRate,
        averageClickPosition: m.averageClickPosition,
        clickPositions: clickPositions(m.positions),
        conversionRate: m.conversionRate,
        trackedSearchCount: m.trackedSearchCount,
        clickCount: m.clickCount,
        conversionCount: m.conversionCount,
        nbHits: row.nbHits,
      }
    })
    const metric = (row: TopSearch): number | null =>
      params.orderBy === 'searchCount' ? row.count : ((row[params.orderBy] as number | null) ?? null)
    return { searches: page(rows.sort(compareBy(metric, params.direction)), params) }
  }

  /** GET /2/searches/noResults: the most frequent queries without results. */
  searchesNoResults(params: ReportParams) {
    const empty = this.#data(params).searches.filter((s) => s.nbHits === 0)
    const rows = [...groupBy(empty, (s) => s.search)].map(([search, group]) => ({
      search,
      count: group.length,
      withFilterCount: group.filter((s) => s.filters !== undefined).length,
      nbHits: 0,
    }))
    return { searches: page(rows.sort(compareBy((r) => r.count, 'desc')), params) }
  }

  /** GET /2/searches/noClicks: the most frequent tracked queries that got no click. */
  searchesNoClicks(params: ReportParams) {
    const data = this.#data(params)
    const unclicked = data.searches.filter((s) => s.queryID && !data.clicks.has(s.queryID))
    const rows = [...groupBy(unclicked, (s) => s.search)].map(([search, group]) => ({
      search,
      count: group.length,
      nbHits: group.at(-1)!.nbHits,
    }))
    return { searches: page(rows.sort(compareBy((r) => r.count, 'desc')), params) }
  }

  /** GET /2/searches/count: searches in the period, per day. */
  searchesCount(params: ReportParams) {
    const { searches } = this.#data(params)
    return { count: searches.length, dates: this.#daily(params, searches, (day) => ({ count: day.length })) }
  }

  /** GET /2/searches/noResultRate. */
  noResultsRate(params: ReportParams) {
    const { searches } = this.#data(params)
    const row = (group: CountedSearch[]) => {
      const noResultCount = group.filter((s) => s.nbHits === 0).length
      return { rate: ratio(noResultCount, group.length) ?? 0, count: group.length, noResultCount }
    }
    return { ...row(searches), dates: this.#daily(params, searches, row) }
  }

  /** GET /2/users/count: distinct users (user token, else IP address) who searched. */
  usersCount(params: ReportParams) {
    const { searches } = this.#data(params)
    const row = (group: CountedSearch[]) => ({ count: new Set(group.map((s) => s.userKey)).size })
    return { ...row(searches), dates: this.#daily(params, searches, row) }
  }

  /** GET /2/hits: the records most often returned, with click metrics when clickAnalytics is set. */
  topHits(params: ReportParams) {
    const data = this.#data(params, { hits: true })
    const only = params.search === undefined ? undefined : normalizeQuery(params.search)
    const searches = only === undefined ? data.searches : data.searches.filter((s) => s.search === only)
    const hits = new Map<string, { count: number; tracked: number; clicks: number; conversions: number }>()
    for (const search of searches) {
      const clicks = search.queryID ? (data.clicks.get(search.queryID) ?? []) : []
      const conversions = search.queryID ? (data.conversions.get(search.queryID) ?? []) : []
      for (const hit of new Set(search.hitIDs)) {
        const row = hits.get(hit) ?? { count: 0, tracked: 0, clicks: 0, conversions: 0 }
        row.count++
        if (search.queryID) {
          row.tracked++
          row.clicks += clicks.filter((c) => c.objectID === hit).length
          row.conversions += conversions.filter((c) => c.objectID === hit).length
        }
        hits.set(hit, row)
      }
    }
    const rows = [...hits].map(([hit, r]) =>
      params.clickAnalytics
        ? {
            hit,
            count: r.count,
            clickThroughRate: r.tracked > 0 ? Math.min(1, r.clicks / r.tracked) : null,
            conversionRate: r.tracked > 0 ? Math.min(1, r.conversions / r.tracked) : null,
            trackedHitCount: r.tracked,
            clickCount: r.clicks,
            conversionCount: r.conversions,
          }
        : { hit, count: r.count },
    )
    return { hits: page(rows.sort(compareBy((r) => r.count, 'desc')), params) }
  }

  /** GET /2/clicks/clickThroughRate. */
  clickThroughRate(params: ReportParams) {
    const data = this.#data(params)
    const row = (group: CountedSearch[]) => {
      const m = clickMetrics(group, data)
      return { rate: m.clickThroughRate, clickCount: m.clickCount, trackedSearchCount: m.trackedSearchCount }
    }
    return { ...row(data.searches), dates: this.#daily(params, data.searches, row) }
  }

  /** GET /2/clicks/averageClickPosition. */
  averageClickPosition(params: ReportParams) {
    const data = this.#data(params)
    const row = (group: CountedSearch[]) => {
      const m = clickMetrics(group, data)
      return { average: m.averageClickPosition, clickCount: m.clickCount }
    }
    return { ...row(data.searches), dates: this.#daily(params, data.searches, row) }
  }

  /** GET /2/conversions/conversionRate. */
  conversionRate(params: ReportParams) {
    const data = this.#data(params)
    const row = (group: CountedSearch[]) => {
      const m = clickMetrics(group, data)
      return {
        rate: m.conversionRate,
        trackedSearchCount: m.trackedSearchCount,
        conversionCount: m.conversionCount,
      }
    }
    return { ...row(data.searches), dates: this.#daily(params, data.searches, row) }
  }

  /** GET /2/status: when the index's analytics last changed. */
  status(index: string): { updatedAt: string | null } {
    this.#recorder.flush()
    const latest = this.#store.latest(index)
    return { updatedAt: latest === undefined ? null : new Date(latest).toISOString() }
  }

  /**
   * The counted queries of a period that found hits with all their words, each with how many
   * distinct clients asked it, most first (query suggestions). Clients are counted by user (user
   * token, else address) and by address, whichever are fewer: a stranger who makes up a token for
   * every search is still one address, and one user who searches from several addresses is still
   * one user. A search whose hits came only from words made optional (removeWordsIfNoResults,
   * optionalWords) does not count; one recorded before that was kept counts when it had hits.
   */
  popularSearches(
    index: string,
    from: number,
    to: number,
  ): { search: string; users: number; spelling: string }[] {
    const params: ReportParams = {
      index,
      from,
      to,
      days: [],
      limit: Number.MAX_SAFE_INTEGER,
      offset: 0,
      clickAnalytics: false,
      orderBy: 'searchCount',
      direction: 'desc',
    }
    const users = new Map<string, { users: Set<string>; addresses: Set<string> }>()
    // How each query was written, to show it as travellers write it ("Köln Hbf", not "köln hbf").
    const spellings = new Map<string, Map<string, number>>()
    for (const search of this.#data(params).searches) {
      if (search.nbHits === 0 || search.hitsWithAllWords === false) continue
      let who = users.get(search.search)
      if (!who) {
        who = { users: new Set(), addresses: new Set() }
        users.set(search.search, who)
      }
      who.users.add(search.userKey)
      who.addresses.add(search.clientIP ?? '')
      const written = search.query.normalize('NFC').trim().replace(/\s+/g, ' ')
      const counts = spellings.get(search.search) ?? new Map<string, number>()
      spellings.set(search.search, counts)
      counts.set(written, (counts.get(written) ?? 0) + 1)
    }
    return [...users]
      .map(([search, who]) => ({
        search,
        users: Math.min(who.users.size, who.addresses.size),
        spelling: mostWritten(spellings.get(search)) ?? search,
      }))
      .sort((a, b) => b.users - a.users || a.search.localeCompare(b.search))
  }

  /** The search a click followed (by its queryID), and the clicked hits with their positions. */
  clickedSearch(click: { queryID?: string; objectIDs?: string[]; positions?: number[] }) {
    if (!click.queryID) return undefined
    this.#recorder.flush()
    const search = this.#store.byQueryID(click.queryID)
    if (!search) return undefined
    const clicks = (click.objectIDs ?? []).map((objectID, n) => ({
      objectID,
      position: click.positions?.[n],
    }))
    return { search, clicks } satisfies ClickedSearch
  }
}

/** The spelling written most often; among equals, the one with the most capitals (proper names). */
function mostWritten(counts: Map<string, number> | undefined): string | undefined {
  let best: [string, number] | undefined
  const capitals = (text: string) => text.replace(/[^\p{Lu}]/gu, '').length
  for (const entry of counts ?? []) {
    if (!best || entry[1] > best[1] || (entry[1] === best[1] && capitals(entry[0]) > capitals(best[0])))
      best = entry
  }
  return best?.[0]
}
