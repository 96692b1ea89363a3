// The click and conversion metrics of a group of searches, as Algolia's Analytics API defines
// them: a tracked search is one asked with clickAnalytics (it has a queryID); the click-through
// rate is the share of tracked searches with at least one click; the average click position is
// the mean position of the clicks; the conversion rate is the share with at least one conversion.
import type { Dataset } from './analytics-dataset.ts'
import type { CountedSearch } from './query-aggregation.ts'

export interface ClickMetrics {
  trackedSearchCount: number
  clickCount: number
  clickThroughRate: number | null
  averageClickPosition: number | null
  conversionCount: number
  conversionRate: number | null
  positions: number[]
}

export const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null)

export function clickMetrics(searches: CountedSearch[], data: Dataset): ClickMetrics {
  let tracked = 0
  let clicked = 0
  let converted = 0
  let conversionCount = 0
  const positions: number[] = []
  for (const search of searches) {
    if (!search.queryID) continue
    tracked++
    const clicks = data.clicks.get(search.queryID) ?? []
    const conversions = data.conversions.get(search.queryID) ?? []
    if (clicks.length > 0) clicked++
    if (conversions.length > 0) converted++
    conversionCount += conversions.length
    for (const click of clicks) if (click.position !== undefined) positions.push(click.position)
  }
  const clickCount = positions.length
  return {
    trackedSearchCount: tracked,
    clickCount,
    clickThroughRate: ratio(clicked, tracked),
    averageClickPosition: clickCount > 0 ? positions.reduce((a, b) => a + b, 0) / clickCount : null,
    conversionCount,
    conversionRate: ratio(converted, tracked),
    positions,
  }
}

/** Algolia's 12 position buckets: 1 to 10 one by one, then 11–20 and 21 to the end (-1). */
export function clickPositions(positions: number[]): { position: number[]; clickCount: number }[] {
  const buckets = [...Array.from({ length: 10 }, (_, n) => [n + 1, n + 1]), [11, 20], [21, -1]]
  return buckets.map(([start, end]) => ({
    position: [start!, end!],
    clickCount: positions.filter((p) => p >= start! && (end === -1 || p <= end!)).length,
  }))
}

/** Searches grouped by a key, in first-seen order. */
export function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const k = key(item)
    const group = groups.get(k)
    if (group) group.push(item)
    else groups.set(k, [item])
  }
  return groups
}
