// The public holidays observed in every Bundesland; on these days a station's holiday hours apply.
// Holidays of single states (Fronleichnam, Reformationstag, …) are left out: a wrong "geöffnet" in
// one state is worse than the weekday hours, which the table shows beside the holiday row anyway.
import { addDays, type CalendarDate } from '../shared/dates.ts'

/** Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm). */
function easterSunday(year: number): CalendarDate {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return { year, month, day }
}

const FIXED = ['1-1', '5-1', '10-3', '12-25', '12-26']
/** Karfreitag, Ostermontag, Christi Himmelfahrt, Pfingstmontag: days after Easter Sunday. */
const AFTER_EASTER = [-2, 1, 39, 50]

export function isNationwideHoliday(date: CalendarDate): boolean {
  if (FIXED.includes(`${date.month}-${date.day}`)) return true
  const easter = easterSunday(date.year)
  return AFTER_EASTER.some((offset) => {
    const holiday = addDays(easter, offset)
    return holiday.month === date.month && holiday.day === date.day
  })
}
