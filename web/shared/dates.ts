// Every date the app shows goes through this module, in the page's language: date-fns' `de` or
// `enGB` locale with weeks from Monday in both (it is Germany's calendar), 24-hour times, and in
// Europe/Berlin whatever zone the browser runs in, because notices, opening hours and the CMS's
// dates are Berlin dates; a traveller abroad must see the same day as one in Germany.
import { TZDate } from '@date-fns/tz'
import {
  addDays as addCalendarDays,
  type Locale as DateFnsLocale,
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
import { de, enGB } from 'date-fns/locale'
import type { Locale } from '../i18n/locale.ts'

export const TIME_ZONE = 'Europe/Berlin'
/** Monday, as in date-fns' `de` locale, in every language; set explicitly so that it is visible and tested. */
export const WEEK_STARTS_ON = 1

type Pattern = 'long' | 'monthYear' | 'dateTime' | 'short' | 'full' | 'rangeStartInMonth' | 'rangeStartInYear'

/**
 * How a language writes dates: date-fns patterns and the few words around them. They live here,
 * not in the message catalogs, because a date's words go with its patterns ("ab Do., 26.11.2026",
 * "from Thu 26 Nov 2026") and the functions stay plain, for code outside components and for tests.
 */
interface DateStyle {
  locale: DateFnsLocale
  /** `rangeStartInMonth` and `rangeStartInYear`: a span's start ("23." of "23.–27. November"). */
  patterns: Record<Pattern, string>
  today: string
  tomorrow: string
  yesterday: string
  from: (when: string) => string
  until: (when: string) => string
  ended: (when: string) => string
  /** Valid since a day so many days ago (0 today, 1 yesterday). */
  since: (days: number) => string
}

const STYLES: Record<Locale, DateStyle> = {
  de: {
    locale: de,
    patterns: {
      long: 'd. MMMM yyyy',
      monthYear: 'MMMM yyyy',
      dateTime: "d. MMMM yyyy, H:mm 'Uhr'",
      short: 'EEE, dd.MM.yyyy',
      full: 'EEEE, d. MMMM yyyy',
      rangeStartInMonth: 'd.',
      rangeStartInYear: 'd. MMMM',
    },
    today: 'heute',
    tomorrow: 'morgen',
    yesterday: 'gestern',
    from: (when) => `ab ${when}`,
    until: (when) => `bis ${when}`,
    ended: (when) => `beendet ${when}`,
    since: (days) => (days === 0 ? 'seit heute' : days === 1 ? 'seit gestern' : `seit ${days} Tagen`),
  },
  // British usage: the day before the month, no comma after the weekday, times on the 24-hour clock.
  en: {
    locale: enGB,
    patterns: {
      long: 'd MMMM yyyy',
      monthYear: 'MMMM yyyy',
      dateTime: 'd MMMM yyyy, HH:mm',
      short: 'EEE d MMM yyyy',
      full: 'EEEE d MMMM yyyy',
      rangeStartInMonth: 'd',
      rangeStartInYear: 'd MMMM',
    },
    today: 'today',
    tomorrow: 'tomorrow',
    yesterday: 'yesterday',
    from: (when) => `from ${when}`,
    until: (when) => `until ${when}`,
    ended: (when) => `ended ${when}`,
    since: (days) =>
      days === 0 ? 'started today' : days === 1 ? 'started yesterday' : `started ${days} days ago`,
  },
}

/** date-fns' options for a language: its words, and weeks from Monday in every language. */
function optionsFor(locale: Locale) {
  return { locale: STYLES[locale].locale, weekStartsOn: WEEK_STARTS_ON } as const
}

export type DateInput = Date | string | number

/** The instant as a Date whose fields (getDate, getHours, …) read Berlin's wall clock. */
function inBerlin(date: DateInput): TZDate {
  const time = typeof date === 'string' ? Date.parse(date) : typeof date === 'number' ? date : date.getTime()
  return new TZDate(time, TIME_ZONE)
}

/** A Berlin date in one of the language's patterns. */
function formatIn(date: Date, pattern: Pattern, locale: Locale): string {
  return format(date, STYLES[locale].patterns[pattern], optionsFor(locale))
}

/** "21. November 2026", "21 November 2026" */
function formatLongDate(date: DateInput, locale: Locale): string {
  return formatIn(inBerlin(date), 'long', locale)
}

/**
 * A data set's date as its source gives it: "2020-03" is "März 2020" ("March 2020"), "2020" stays
 * "2020"; anything else is shown as it is.
 */
function formatStand(stand: string, locale: Locale): string {
  const month = /^(\d{4})-(\d{2})$/.exec(stand)
  if (!month) return stand
  return formatIn(new TZDate(Number(month[1]), Number(month[2]) - 1, 1, TIME_ZONE), 'monthYear', locale)
}

/** "24. November 2026, 14:05 Uhr", "24 November 2026, 14:05": an instant, such as when an answer was received. */
function formatDateTime(date: DateInput, locale: Locale): string {
  return formatIn(inBerlin(date), 'dateTime', locale)
}

/** "Sa., 21.11.2026", "Sat 21 Nov 2026" */
function formatShortDate(date: DateInput, locale: Locale): string {
  return formatIn(inBerlin(date), 'short', locale)
}

/** "Montag, 23. November 2026", "Monday 23 November 2026" (a calendar day's name for screen readers) */
function formatFullDate(date: DateInput, locale: Locale): string {
  return formatIn(inBerlin(date), 'full', locale)
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
 * A span of days, as short as the language's typesetting allows: "23.–27. November 2026",
 * "30. November – 4. Dezember 2026", "28. Dezember 2026 – 3. Januar 2027" ("23–27 November 2026"…);
 * one day is just that day, an open end reads "ab 23. November 2026" ("from 23 November 2026").
 */
function formatDateRange(from: DateInput, until: DateInput | null | undefined, locale: Locale): string {
  const start = inBerlin(from)
  if (until === undefined || until === null) return STYLES[locale].from(formatLongDate(start, locale))
  const end = inBerlin(until)
  if (differenceInCalendarDays(end, start) <= 0) return formatLongDate(start, locale)
  const last = formatLongDate(end, locale)
  if (isSameMonth(start, end)) return `${formatIn(start, 'rangeStartInMonth', locale)}–${last}`
  if (isSameYear(start, end)) return `${formatIn(start, 'rangeStartInYear', locale)} – ${last}`
  return `${formatLongDate(start, locale)} – ${last}`
}

/** Calendar days from `now` to `date` in Berlin: 0 today, 1 tomorrow, -1 yesterday. */
function daysFrom(now: DateInput, date: DateInput): number {
  return differenceInCalendarDays(inBerlin(date), inBerlin(now))
}

/**
 * "heute", "morgen", "gestern", "in 3 Tagen", "vor 3 Tagen" ("today", "in 3 days", "3 days ago"):
 * Berlin calendar days.
 */
function formatRelativeDay(date: DateInput, locale: Locale, now: DateInput = Date.now()): string {
  const days = daysFrom(now, date)
  const style = STYLES[locale]
  if (days === 0) return style.today
  if (days === 1) return style.tomorrow
  if (days === -1) return style.yesterday
  // Midnight to midnight, so that a 23- or 25-hour day at a DST change still counts as one day.
  const today = startOfDay(inBerlin(now))
  return formatDistanceStrict(addCalendarDays(today, days), today, {
    ...optionsFor(locale),
    addSuffix: true,
    unit: 'day',
  })
}

/**
 * Where a notice stands today: "ab morgen", "ab Do., 26.11.2026", "bis Fr., 27.11.2026",
 * "bis heute", "seit 3 Tagen", "beendet heute" (ended earlier today), "beendet vor 3 Tagen"; in
 * English "from tomorrow", "until Fri 27 Nov 2026", "started 3 days ago", "ended today".
 */
function formatValidity(
  from: DateInput,
  until: DateInput | null | undefined,
  locale: Locale,
  now: DateInput = Date.now(),
): string {
  const style = STYLES[locale]
  const startsIn = daysFrom(now, from)
  if (startsIn === 0 && inBerlin(from).getTime() > inBerlin(now).getTime()) return style.from(style.today)
  if (startsIn === 1) return style.from(style.tomorrow)
  if (startsIn > 1) return style.from(formatShortDate(from, locale))
  if (until !== undefined && until !== null) {
    const endsIn = daysFrom(now, until)
    // Ended earlier today: "beendet heute", as noticeStatus files it under "Beendet".
    if (endsIn < 0 || inBerlin(until).getTime() < inBerlin(now).getTime()) {
      return style.ended(formatRelativeDay(until, locale, now))
    }
    if (endsIn <= 1) return style.until(formatRelativeDay(until, locale, now))
    return style.until(formatShortDate(until, locale))
  }
  return style.since(-startsIn)
}

/** The first and last day a month calendar shows (whole weeks from Monday), as day keys. */
export function calendarSpan(month: DateInput): { first: string; last: string } {
  const day = inBerlin(month)
  return {
    first: dayKey(startOfWeek(startOfMonth(day), optionsFor('de'))),
    last: dayKey(endOfWeek(endOfMonth(day), optionsFor('de'))),
  }
}

/**
 * The date functions of one language: a component takes its page's (`useDates`), other code asks
 * for a language's (`datesIn`).
 */
export interface Dates {
  formatLongDate: (date: DateInput) => string
  formatStand: (stand: string) => string
  formatDateTime: (date: DateInput) => string
  formatShortDate: (date: DateInput) => string
  formatFullDate: (date: DateInput) => string
  formatDateRange: (from: DateInput, until?: DateInput | null) => string
  formatRelativeDay: (date: DateInput, now?: DateInput) => string
  formatValidity: (from: DateInput, until: DateInput | null | undefined, now?: DateInput) => string
}

function makeDates(locale: Locale): Dates {
  return {
    formatLongDate: (date) => formatLongDate(date, locale),
    formatStand: (stand) => formatStand(stand, locale),
    formatDateTime: (date) => formatDateTime(date, locale),
    formatShortDate: (date) => formatShortDate(date, locale),
    formatFullDate: (date) => formatFullDate(date, locale),
    formatDateRange: (from, until) => formatDateRange(from, until, locale),
    formatRelativeDay: (date, now) => formatRelativeDay(date, locale, now),
    formatValidity: (from, until, now) => formatValidity(from, until, locale, now),
  }
}

/** One object per language, so that a component's memos and effects may depend on it. */
const DATES: Record<Locale, Dates> = { de: makeDates('de'), en: makeDates('en') }

/** The date functions of a language. */
export function datesIn(locale: Locale): Dates {
  return DATES[locale]
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
