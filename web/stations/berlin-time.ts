// The wall clock in Europe/Berlin, whatever time zone the browser runs in: opening hours are
// Berlin times, and a traveller abroad planning a trip must see the station's "now".

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

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
})

export function berlinTime(instant: Date): BerlinTime {
  const field: Record<string, number> = {}
  for (const part of parts.formatToParts(instant)) {
    if (part.type !== 'literal') field[part.type] = Number(part.value)
  }
  const date = { year: field.year ?? 0, month: field.month ?? 1, day: field.day ?? 1 }
  return { ...date, weekday: weekdayOf(date), minutes: (field.hour ?? 0) * 60 + (field.minute ?? 0) }
}

/** 0 = Monday … 6 = Sunday; calendar arithmetic in UTC, so no time zone can shift the day. */
export function weekdayOf({ year, month, day }: CalendarDate): number {
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7
}

export function addDays({ year, month, day }: CalendarDate, days: number): CalendarDate {
  const date = new Date(Date.UTC(year, month - 1, day + days))
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
}
