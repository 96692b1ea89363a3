// The notices page's address: `/meldungen?art=Aufzug&von=2026-11-23&bis=2026-11-27&monat=2026-12`.
// The kind and the days picked filter the list; `monat` is the calendar's month where it is not the
// one the page would show anyway (that of the first day picked, else today's): without JavaScript
// the calendar's arrows and days are links, so the month shown has to travel in the address.
import { addToRange } from 'react-day-picker'
import { dayKey, fromDayKey } from '../shared/dates.ts'
import type { NoticeFilter } from './notice-filter.ts'
import { isNoticeKind } from './notice-kind.tsx'

const NOTICES_PATH = '/meldungen'

/** The filter in the address: `art`, `von`, `bis`; anything malformed is ignored. */
export function readFilter(params: URLSearchParams): NoticeFilter {
  const kind = params.get('art')
  const from = fromDayKey(params.get('von')) ? params.get('von') : null
  const to = params.get('bis')
  return {
    kind: isNoticeKind(kind) ? kind : null,
    from,
    to: from && to && fromDayKey(to) && to > from ? to : null,
  }
}

/** "2026-12" for a day in December 2026 (Berlin). */
export function monthKey(date: Date): string {
  return dayKey(date).slice(0, 7)
}

/** The month `monat` asks the calendar to show ("2026-12"), or null. */
export function readMonth(params: URLSearchParams): string | null {
  const month = params.get('monat')
  return month && /^\d{4}-\d{2}$/.test(month) && fromDayKey(`${month}-01`) ? month : null
}

/** The month the calendar shows without a `monat`: that of the first day picked, else today's. */
export function defaultMonth(from: string | null, today: string): string {
  return (from ?? today).slice(0, 7)
}

/**
 * The days picked after a click on `day`, as the calendar picks them with the script (react-day-
 * picker's range mode, `addToRange`, over the selection it is given: one day is a span of one):
 * a day, then a second one makes a span; the one day picked again clears the choice.
 */
export function pickDays(
  from: string | null,
  to: string | null,
  day: string,
): { from: string | null; to: string | null } {
  const clicked = fromDayKey(day)
  const start = fromDayKey(from)
  if (!clicked) return { from, to }
  const range = addToRange(clicked, start ? { from: start, to: fromDayKey(to) ?? start } : undefined)
  const first = range?.from ? dayKey(range.from) : null
  const last = range?.to ? dayKey(range.to) : null
  return { from: first, to: first && last && last !== first ? last : null }
}

/** The page's address for a filter and the month shown (left out where it is the default). */
export function noticesAddress(filter: NoticeFilter, month: string | null, today: string): string {
  const params = new URLSearchParams()
  if (filter.kind) params.set('art', filter.kind)
  if (filter.from) params.set('von', filter.from)
  if (filter.from && filter.to) params.set('bis', filter.to)
  if (month && month !== defaultMonth(filter.from, today)) params.set('monat', month)
  const query = params.toString()
  return query ? `${NOTICES_PATH}?${query}` : NOTICES_PATH
}
