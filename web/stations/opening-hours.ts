// Opening hours of a station's DB Information and service staff: the week table and the
// "Jetzt geöffnet" status, both in Europe/Berlin wall-clock time. Pure: the clock is a parameter.
import { addDays, berlinTime, type CalendarDate, weekdayOf } from '../shared/dates.ts'
import { isNationwideHoliday } from './public-holidays.ts'
import type { OpeningDay, WeeklyHours } from './station.ts'

const DAY_MINUTES = 24 * 60

export const WEEKDAYS: readonly OpeningDay[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
]

export const DAY_NAMES: Readonly<Record<OpeningDay, string>> = {
  monday: 'Montag',
  tuesday: 'Dienstag',
  wednesday: 'Mittwoch',
  thursday: 'Donnerstag',
  friday: 'Freitag',
  saturday: 'Samstag',
  sunday: 'Sonntag',
  holiday: 'Feiertage',
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
export function dayHours(hours: WeeklyHours, day: OpeningDay): DayHours {
  const entry = hours[day]
  if (!entry) return { kind: 'closed' }
  const from = minutesOf(entry.from)
  let to = minutesOf(entry.to)
  if (to === DAY_MINUTES - 1 || (to === 0 && from > 0)) to = DAY_MINUTES
  if (to <= from || to > DAY_MINUTES) return { kind: 'unclear' }
  return { kind: 'open', from, to }
}

/** 360 → "6:00", 1440 → "24:00". */
export function formatTime(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`
}

export function dayHoursText(hours: DayHours): string {
  if (hours.kind === 'closed') return 'geschlossen'
  if (hours.kind === 'unclear') return 'keine Angabe'
  if (hours.from === 0 && hours.to === DAY_MINUTES) return 'rund um die Uhr'
  return `${formatTime(hours.from)}–${formatTime(hours.to)}`
}

/** The rows of the week table: Monday first, then the holiday row when the source has one. */
export function tableDays(hours: WeeklyHours): OpeningDay[] {
  return hours.holiday ? [...WEEKDAYS, 'holiday'] : [...WEEKDAYS]
}

/** The row that applies on a date: the holiday row on a nationwide holiday, else the weekday's. */
export function applicableDay(hours: WeeklyHours, date: CalendarDate): OpeningDay {
  if (hours.holiday && isNationwideHoliday(date)) return 'holiday'
  return WEEKDAYS[weekdayOf(date)] ?? 'monday'
}

/** A point in the coming week: whole days from today, and the wall-clock minute of that day. */
export interface WeekMoment {
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

function dayPhrase(moment: WeekMoment, now: Date): string {
  if (moment.days === 0) return ''
  if (moment.days === 1) return 'morgen '
  const weekday = WEEKDAYS[weekdayOf(addDays(berlinTime(now), moment.days))] ?? 'monday'
  return `${moment.days >= 7 ? 'nächsten ' : ''}${DAY_NAMES[weekday]} `
}

export interface StatusText {
  open: boolean
  /** "Jetzt geöffnet" / "Jetzt geschlossen" */
  label: string
  /** "bis 22:30", "Öffnet morgen um 6:00", … */
  detail: string
}

export function statusText(status: OpeningStatus, now: Date): StatusText {
  if (status.open) {
    const detail = status.until
      ? `bis ${dayPhrase(status.until, now)}${formatTime(status.until.minutes)}`
      : 'rund um die Uhr'
    return { open: true, label: 'Jetzt geöffnet', detail }
  }
  const detail = status.next
    ? `Öffnet ${dayPhrase(status.next, now)}um ${formatTime(status.next.minutes)}`
    : 'In den nächsten Tagen nicht geöffnet'
  return { open: false, label: 'Jetzt geschlossen', detail }
}
