// Where a notice stands at a time (current, upcoming, ended: one definition for every page), and
// which notices a day, a span of days or a kind selects on the notices page. Days are Berlin days
// as "yyyy-MM-dd" keys, which compare correctly as strings.
import { berlinMidnight, dayKey } from '../shared/dates.ts'
import type { NoticeKind, NoticeSummary } from './content-types.ts'

export interface NoticeFilter {
  kind: NoticeKind | null
  /** First and last selected day ("2026-11-23"); `to` null for one day. */
  from: string | null
  to: string | null
}

/** The notice's first and last day; an open end reaches to `horizon`. */
function noticeSpan(notice: NoticeSummary, horizon: string): { first: string; last: string } | null {
  if (!notice.validFrom) return null
  const first = dayKey(notice.validFrom)
  const last = notice.validUntil ? dayKey(notice.validUntil) : horizon
  // An end before the start (a typo in the CMS) leaves a one-day notice.
  if (last < first) return { first, last: first }
  return { first, last }
}

const FAR_FUTURE = '9999-12-31'

export function filterNotices(notices: readonly NoticeSummary[], filter: NoticeFilter): NoticeSummary[] {
  return notices.filter((notice) => {
    if (filter.kind && notice.kind !== filter.kind) return false
    if (!filter.from) return true
    const span = noticeSpan(notice, FAR_FUTURE)
    if (!span) return false
    const to = filter.to ?? filter.from
    return span.first <= to && span.last >= filter.from
  })
}

/** How many notices are valid on each day between `start` and `end` (a calendar month shown). */
export function noticesPerDay(
  notices: readonly NoticeSummary[],
  start: string,
  end: string,
): Map<string, number> {
  const counts = new Map<string, number>()
  for (const notice of notices) {
    const span = noticeSpan(notice, end)
    if (!span || span.last < start || span.first > end) continue
    let day = new Date(`${span.first < start ? start : span.first}T12:00:00Z`)
    const last = span.last > end ? end : span.last
    // Noon UTC steps through calendar days without any time zone in the way.
    for (let key = day.toISOString().slice(0, 10); key <= last; key = day.toISOString().slice(0, 10)) {
      counts.set(key, (counts.get(key) ?? 0) + 1)
      day = new Date(day.getTime() + 86_400_000)
    }
  }
  return counts
}

/** How many notices begin on each Berlin day between `start` and `end` (the calendar's marks). */
export function noticeStartsPerDay(
  notices: readonly NoticeSummary[],
  start: string,
  end: string,
): Map<string, number> {
  const counts = new Map<string, number>()
  for (const notice of notices) {
    if (!notice.validFrom) continue
    const first = dayKey(notice.validFrom)
    if (first >= start && first <= end) counts.set(first, (counts.get(first) ?? 0) + 1)
  }
  return counts
}

/** Where a notice stands at a time: current (in force), upcoming (not begun) or ended. */
export type NoticeStatus = 'aktuell' | 'demnaechst' | 'beendet'

/**
 * The one definition of "current", used wherever notices are counted or grouped (start page,
 * /meldungen, station pages): a notice is current from its `validFrom` up to and including its
 * `validUntil` (a date alone there means the whole day), without an end until further notice.
 * Before that it is upcoming, after that ended. An end before the start (a typo in the CMS) ends
 * the notice with its first Berlin day; a notice without a start counts as current.
 */
export function noticeStatus(
  notice: Pick<NoticeSummary, 'validFrom' | 'validUntil'>,
  now: Date,
): NoticeStatus {
  const time = now.getTime()
  const from = notice.validFrom ? Date.parse(notice.validFrom) : Number.NaN
  if (Number.isNaN(from)) return 'aktuell'
  if (time < from) return 'demnaechst'
  if (!notice.validUntil) return 'aktuell'
  let until = Date.parse(notice.validUntil)
  if (Number.isNaN(until)) return 'aktuell'
  if (until < from) until = Date.parse(berlinMidnight(from, 1)) - 1
  return time <= until ? 'aktuell' : 'beendet'
}

/** Earliest start first (instants, whatever offset they are written with); the order of every list. */
export function sortByStart(notices: readonly NoticeSummary[]): NoticeSummary[] {
  const start = (notice: NoticeSummary) => (notice.validFrom ? Date.parse(notice.validFrom) : 0)
  return [...notices].sort((a, b) => start(a) - start(b))
}
