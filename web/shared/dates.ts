// Every date the app shows goes through this module: German (date-fns `de`, weeks from Monday) and
// in Europe/Berlin whatever zone the browser runs in, because notices, opening hours and the CMS's
// dates are Berlin dates; a traveller abroad must see the same day as one in Germany.
import { TZDate } from '@date-fns/tz'
import {
  addDays as addCalendarDays,
  differenceInCalendarDays,
  endOfMonth,
  endOfWeek,
  format,
  formatDistanceStrict,
  isSameMonth,
  isSameYear,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns'
import { de } from 'date-fns/locale'

export const TIME_ZONE = 'Europe/Berlin'
/** Monday, as in date-fns' `de` locale; set explicitly so that it is visible and tested. */
export const WEEK_STARTS_ON = 1

const options = { locale: de, weekStartsOn: WEEK_STARTS_ON } as const

export type DateInput = Date | string | number

/** The instant as a Date whose fields (getDate, getHours, …) read Berlin's wall clock. */
function inBerlin(date: DateInput): TZDate {
  const time = typeof date === 'string' ? Date.parse(date) : typeof date === 'number' ? date : date.getTime()
  return new TZDate(time, TIME_ZONE)
}

/** "21. November 2026" */
export function formatLongDate(date: DateInput): string {
  return format(inBerlin(date), 'd. MMMM yyyy', options)
}

/**
 * A data set's date as its source gives it: "2020-03" is "März 2020", "2020" stays "2020"; anything
 * else is shown as it is.
 */
export function formatStand(stand: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(stand)
  if (!month) return stand
  return format(new TZDate(Number(month[1]), Number(month[2]) - 1, 1, TIME_ZONE), 'MMMM yyyy', options)
}

/** "24. November 2026, 14:05 Uhr": an instant, such as when an answer was received. */
export function formatDateTime(date: DateInput): string {
  return format(inBerlin(date), "d. MMMM yyyy, H:mm 'Uhr'", options)
}

/** "Sa., 21.11.2026" */
export function formatShortDate(date: DateInput): string {
  return format(inBerlin(date), 'EEE, dd.MM.yyyy', options)
}

/** "Montag, 23. November 2026" (a calendar day's name for screen readers) */
export function formatFullDate(date: DateInput): string {
  return format(inBerlin(date), 'EEEE, d. MMMM yyyy', options)
}

/** "2026-11-21": the Berlin calendar day, for keys and comparisons. */
export function dayKey(date: DateInput): string {
  return format(inBerlin(date), 'yyyy-MM-dd')
}

/** Berlin midnight of a "2026-11-21" day key; null for anything else. */
export function fromDayKey(key: string | null | undefined): TZDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key ?? '')
  if (!match) return null
  const date = new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), TIME_ZONE)
  return dayKey(date) === key ? date : null
}

/**
 * A span of days, as short as German typesetting allows: "23.–27. November 2026",
 * "30. November – 4. Dezember 2026", "28. Dezember 2026 – 3. Januar 2027"; one day is just that day,
 * an open end reads "ab 23. November 2026".
 */
export function formatDateRange(from: DateInput, until?: DateInput | null): string {
  const start = inBerlin(from)
  if (until === undefined || until === null) return `ab ${formatLongDate(start)}`
  const end = inBerlin(until)
  if (differenceInCalendarDays(end, start) <= 0) return formatLongDate(start)
  if (isSameMonth(start, end)) return `${format(start, 'd.', options)}–${formatLongDate(end)}`
  if (isSameYear(start, end)) return `${format(start, 'd. MMMM', options)} – ${formatLongDate(end)}`
  return `${formatLongDate(start)} – ${formatLongDate(end)}`
}

/** Calendar days from `now` to `date` in Berlin: 0 today, 1 tomorrow, -1 yesterday. */
function daysFrom(now: DateInput, date: DateInput): number {
  return differenceInCalendarDays(inBerlin(date), inBerlin(now))
}

/** "heute", "morgen", "gestern", "in 3 Tagen", "vor 3 Tagen" (Berlin calendar days). */
export function formatRelativeDay(date: DateInput, now: DateInput = Date.now()): string {
  const days = daysFrom(now, date)
  if (days === 0) return 'heute'
  if (days === 1) return 'morgen'
  if (days === -1) return 'gestern'
  // Midnight to midnight, so that a 23- or 25-hour day at a DST change still counts as one day.
  const today = startOfDay(inBerlin(now))
  return formatDistanceStrict(addCalendarDays(today, days), today, {
    ...options,
    addSuffix: true,
    unit: 'day',
  })
}

/**
 * Where a notice stands today: "ab morgen", "ab Do., 26.11.2026", "bis Fr., 27.11.2026",
 * "bis heute", "seit 3 Tagen", "beendet heute" (ended earlier today), "beendet vor 3 Tagen".
 */
export function formatValidity(
  from: DateInput,
  until: DateInput | null | undefined,
  now: DateInput = Date.now(),
): string {
  const startsIn = daysFrom(now, from)
  if (startsIn === 0 && inBerlin(from).getTime() > inBerlin(now).getTime()) return 'ab heute'
  if (startsIn === 1) return 'ab morgen'
  if (startsIn > 1) return `ab ${formatShortDate(from)}`
  if (until !== undefined && until !== null) {
    const endsIn = daysFrom(now, until)
    // Ended earlier today: "beendet heute", as noticeStatus files it under "Beendet".
    if (endsIn < 0 || inBerlin(until).getTime() < inBerlin(now).getTime()) {
      return `beendet ${formatRelativeDay(until, now)}`
    }
    if (endsIn <= 1) return `bis ${formatRelativeDay(until, now)}`
    return `bis ${formatShortDate(until)}`
  }
  if (startsIn === 0) return 'seit heute'
  if (startsIn === -1) return 'seit gestern'
  return `seit ${-startsIn} Tagen`
}

/** The first and last day a month calendar shows (whole weeks from Monday), as day keys. */
export function calendarSpan(month: DateInput): { first: string; last: string } {
  const day = inBerlin(month)
  return {
    first: dayKey(startOfWeek(startOfMonth(day), options)),
    last: dayKey(endOfWeek(endOfMonth(day), options)),
  }
}

/** Berlin midnight `days` days after `date`'s day, as an ISO string with offset (for queries). */
export function berlinMidnight(date: DateInput, days = 0): string {
  return addCalendarDays(startOfDay(inBerlin(date)), days).toISOString()
}

// Wall-clock helpers for opening hours (they work on calendar fields, not instants).

export interface CalendarDate {
  year: number
  /** 1–12 */
  month: number
  day: number
}

export interface BerlinTime extends CalendarDate {
  /** 0 = Monday … 6 = Sunday (German weeks start on Monday). */
  weekday: number
  /** Minutes since local midnight, 0–1439. */
  minutes: number
}

const berlinClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
})

/**
 * The wall clock in Berlin at this instant. Read through Intl rather than a TZDate: a Date subclass
 * loses its methods where `Date` is replaced (Playwright's clock returns plain Dates from `new`), and
 * then reads the browser's zone; the end-to-end tests set the clock in New York too.
 */
export function berlinTime(instant: Date): BerlinTime {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {}
  for (const part of berlinClock.formatToParts(instant)) parts[part.type] = Number(part.value)
  const date = { year: parts.year ?? 0, month: parts.month ?? 1, day: parts.day ?? 1 }
  return { ...date, weekday: weekdayOf(date), minutes: (parts.hour ?? 0) * 60 + (parts.minute ?? 0) }
}

/** 0 = Monday … 6 = Sunday; calendar arithmetic in UTC, so no time zone can shift the day. */
export function weekdayOf({ year, month, day }: CalendarDate): number {
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 7 - WEEK_STARTS_ON) % 7
}

export function addDays({ year, month, day }: CalendarDate, days: number): CalendarDate {
  const date = new Date(Date.UTC(year, month - 1, day + days))
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
}
