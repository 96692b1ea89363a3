// Opening hours of a station's DB Information and service staff: the week in groups and the
// "Jetzt geöffnet" status, both in Europe/Berlin wall-clock time. Pure: the clock and the words
// (`t`) are parameters.
import type { MessageId, Translate } from '../i18n/intl.tsx'
import { addDays, berlinTime, type CalendarDate, weekdayOf } from '../shared/dates.ts'
import { isNationwideHoliday } from './public-holidays.ts'
import type { OpeningDay, WeeklyHours } from './station.ts'

const DAY_MINUTES = 24 * 60

const WEEKDAYS: readonly Weekday[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
]

type Weekday = Exclude<OpeningDay, 'holiday'>

const DAY_NAMES: Readonly<Record<Weekday, MessageId>> = {
  monday: 'day.monday',
  tuesday: 'day.tuesday',
  wednesday: 'day.wednesday',
  thursday: 'day.thursday',
  friday: 'day.friday',
  saturday: 'day.saturday',
  sunday: 'day.sunday',
}

/** "Mo–Fr", "Sa, So": the short names of opening signs. */
const SHORT_DAY_NAMES: Readonly<Record<Weekday, MessageId>> = {
  monday: 'dayShort.monday',
  tuesday: 'dayShort.tuesday',
  wednesday: 'dayShort.wednesday',
  thursday: 'dayShort.thursday',
  friday: 'dayShort.friday',
  saturday: 'dayShort.saturday',
  sunday: 'dayShort.sunday',
}

/** One day's hours in minutes since midnight; `to` is at most 1440 (24:00). */
export type DayHours = { kind: 'open'; from: number; to: number } | { kind: 'closed' } | { kind: 'unclear' }

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return hours * 60 + minutes
}

/**
 * How the source's odd values read: "24:00", "23:59" and a closing "00:00" all mean midnight at the
 * end of the day; "00:00–00:00" and "08:00–08:00" could mean round the clock or closed, so they are
 * shown as unclear rather than guessed. A missing day is closed.
 */
function dayHours(hours: WeeklyHours, day: OpeningDay): DayHours {
  const entry = hours[day]
  if (!entry) return { kind: 'closed' }
  const from = minutesOf(entry.from)
  let to = minutesOf(entry.to)
  if (to === DAY_MINUTES - 1 || (to === 0 && from > 0)) to = DAY_MINUTES
  if (to <= from || to > DAY_MINUTES) return { kind: 'unclear' }
  return { kind: 'open', from, to }
}

/** 360 → "6:00", 1440 → "24:00". */
function formatTime(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`
}

export function dayHoursText(hours: DayHours, t: Translate): string {
  if (hours.kind === 'closed') return t('openingHours.closed')
  if (hours.kind === 'unclear') return t('openingHours.unclear')
  if (hours.from === 0 && hours.to === DAY_MINUTES) return t('openingHours.roundTheClock')
  return `${formatTime(hours.from)}–${formatTime(hours.to)}`
}

function sameHours(a: DayHours, b: DayHours): boolean {
  if (a.kind !== 'open' || b.kind !== 'open') return a.kind === b.kind
  return a.from === b.from && a.to === b.to
}

/** Days with the same hours: a run of consecutive weekdays, and the holidays when they share them. */
export interface HoursGroup {
  /** Weekdays in order from Monday, then `holiday` when the holidays have these hours too. */
  days: OpeningDay[]
  hours: DayHours
}

/**
 * The week as a sign states it: consecutive days with equal hours in one group ("Mo–Fr", "Sa, So"),
 * all seven as one ("täglich"). The source's holiday hours join the group that ends on Sunday when
 * they are the same ("So und Feiertage"), else they stand on their own; without them the holidays
 * follow their weekday and are not named. Equal days apart (Monday and Friday) stay apart.
 */
export function weekGroups(hours: WeeklyHours): HoursGroup[] {
  const groups: HoursGroup[] = []
  for (const day of WEEKDAYS) {
    const today = dayHours(hours, day)
    const last = groups.at(-1)
    if (last && sameHours(last.hours, today)) last.days.push(day)
    else groups.push({ days: [day], hours: today })
  }
  if (hours.holiday) {
    const holiday = dayHours(hours, 'holiday')
    const last = groups.at(-1)
    if (last && sameHours(last.hours, holiday)) last.days.push('holiday')
    else groups.push({ days: ['holiday'], hours: holiday })
  }
  return groups
}

/** Whether a group covers every day of the week ("täglich"). */
export function isEveryDay(group: HoursGroup): boolean {
  return WEEKDAYS.every((day) => group.days.includes(day))
}

/**
 * A group's days, `short` as on a sign ("Mo–Fr", "Sa, So und Feiertage", "täglich") or `long` for
 * screen readers ("Montag bis Freitag", "Samstag, Sonntag und Feiertage").
 */
export function groupDaysText(group: HoursGroup, style: 'short' | 'long', t: Translate): string {
  if (isEveryDay(group)) return t('openingHours.daily')
  const names = style === 'short' ? SHORT_DAY_NAMES : DAY_NAMES
  const weekdays = group.days.filter((day) => day !== 'holiday').map((day) => t(names[day]))
  const first = weekdays[0] ?? ''
  const last = weekdays.at(-1) ?? ''
  let text: string
  if (weekdays.length >= 3)
    text = style === 'short' ? `${first}–${last}` : t('openingHours.dayRange', { first, last })
  else if (weekdays.length === 2 && group.days.includes('holiday')) text = `${first}, ${last}`
  else if (weekdays.length === 2)
    text = style === 'short' ? `${first}, ${last}` : t('openingHours.twoDays', { first, last })
  else text = first
  if (!group.days.includes('holiday')) return text
  return text ? t('openingHours.daysAndHolidays', { days: text }) : t('openingHours.holidays')
}

/** The row that applies on a date: the holiday row on a nationwide holiday, else the weekday's. */
export function applicableDay(hours: WeeklyHours, date: CalendarDate): OpeningDay {
  if (hours.holiday && isNationwideHoliday(date)) return 'holiday'
  return WEEKDAYS[weekdayOf(date)] ?? 'monday'
}

/** A point in the coming week: whole days from today, and the wall-clock minute of that day. */
interface WeekMoment {
  days: number
  minutes: number
}

export type OpeningStatus =
  | { open: true /** null: open round the clock */; until: WeekMoment | null }
  | { open: false /** null: not open in the coming week */; next: WeekMoment | null }

/** Open or closed at `now`, until when or from when; null when the data cannot tell. */
export function openingStatus(hours: WeeklyHours, now: Date): OpeningStatus | null {
  const clock = berlinTime(now)
  const horizon = 8
  const spans: Array<{ start: number; end: number }> = []
  let unclearFrom: number | null = null
  for (let days = 0; days < horizon; days++) {
    const today = dayHours(hours, applicableDay(hours, addDays(clock, days)))
    if (today.kind === 'unclear') {
      unclearFrom = days * DAY_MINUTES
      break
    }
    if (today.kind === 'closed') continue
    const start = days * DAY_MINUTES + today.from
    const end = days * DAY_MINUTES + today.to
    const last = spans.at(-1)
    // "until 24:00" followed by "from 0:00" is one opening, not a closing at midnight.
    if (last && last.end === start) last.end = end
    else spans.push({ start, end })
  }
  const minute = clock.minutes
  const current = spans.find((span) => span.start <= minute && minute < span.end)
  if (current) {
    if (current.end === horizon * DAY_MINUTES) return { open: true, until: null }
    return { open: true, until: closingMoment(current.end) }
  }
  const next = spans.find((span) => span.start > minute)
  if (next)
    return {
      open: false,
      next: { days: Math.floor(next.start / DAY_MINUTES), minutes: next.start % DAY_MINUTES },
    }
  return unclearFrom === null ? { open: false, next: null } : null
}

/** A closing at midnight reads "bis 24:00" of that day, not "bis morgen 0:00". */
function closingMoment(end: number): WeekMoment {
  if (end % DAY_MINUTES === 0) return { days: end / DAY_MINUTES - 1, minutes: DAY_MINUTES }
  return { days: Math.floor(end / DAY_MINUTES), minutes: end % DAY_MINUTES }
}

/** A moment's day and time for the messages: `when` picks the wording ("morgen", "nächsten Montag"). */
function momentValues(moment: WeekMoment, now: Date, t: Translate) {
  const weekday = WEEKDAYS[weekdayOf(addDays(berlinTime(now), moment.days))] ?? 'monday'
  const when =
    moment.days === 0 ? 'today' : moment.days === 1 ? 'tomorrow' : moment.days >= 7 ? 'nextWeek' : 'thisWeek'
  return { when, weekday: t(DAY_NAMES[weekday]), time: formatTime(moment.minutes) }
}

export interface StatusText {
  open: boolean
  /** "Jetzt geöffnet" / "Jetzt geschlossen" */
  label: string
  /** "bis 22:30", "Öffnet morgen um 6:00", … */
  detail: string
}

export function statusText(status: OpeningStatus, now: Date, t: Translate): StatusText {
  if (status.open) {
    const detail = status.until
      ? t('openingHours.until', momentValues(status.until, now, t))
      : t('openingHours.roundTheClock')
    return { open: true, label: t('openingHours.openNow'), detail }
  }
  const detail = status.next
    ? t('openingHours.opens', momentValues(status.next, now, t))
    : t('openingHours.notOpenSoon')
  return { open: false, label: t('openingHours.closedNow'), detail }
}
