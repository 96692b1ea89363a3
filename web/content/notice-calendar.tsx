import { DayPicker, type Modifiers } from 'react-day-picker'
import { de } from 'react-day-picker/locale'
import { dayKey, formatFullDate, fromDayKey, TIME_ZONE, WEEK_STARTS_ON } from '../shared/dates.ts'
import 'react-day-picker/style.css'

interface NoticeCalendarProps {
  /** Notices valid per Berlin day ("2026-11-23" → 6) for the days shown; undefined without the notices. */
  counts: ReadonlyMap<string, number> | undefined
  /** Notices beginning per Berlin day ("2026-11-23" → 1): the days marked. */
  starts: ReadonlyMap<string, number>
  from: string | null
  to: string | null
  month: Date
  onMonthChange: (month: Date) => void
  onSelect: (from: string | null, to: string | null) => void
}

/** "Montag, 23. November 2026, 1 Meldung beginnt, 6 gültige Meldungen" */
function dayLabel(
  date: Date,
  modifiers: Modifiers,
  counts: ReadonlyMap<string, number> | undefined,
  starts: ReadonlyMap<string, number>,
): string {
  const key = dayKey(date)
  const beginning = starts.get(key) ?? 0
  const parts = [formatFullDate(date)]
  if (modifiers.today) parts.unshift('Heute')
  if (beginning > 0) parts.push(beginning === 1 ? '1 Meldung beginnt' : `${beginning} Meldungen beginnen`)
  // Without the notices (loading, failed) nothing is counted: "keine Meldungen" would not be true.
  if (counts) {
    const count = counts.get(key) ?? 0
    parts.push(
      count === 0 ? 'keine Meldungen' : count === 1 ? '1 gültige Meldung' : `${count} gültige Meldungen`,
    )
  }
  if (modifiers.selected) parts.push('ausgewählt')
  return parts.join(', ')
}

/**
 * A month calendar in Berlin days, weeks from Monday: the days on which notices begin are marked
 * (long notices make almost every day one with a notice, which says nothing); each day's label also
 * counts the notices valid then. One click picks a day, a second one a span (react-day-picker's range
 * mode); the list then shows the notices valid on those days.
 */
export function NoticeCalendar({
  counts,
  starts,
  from,
  to,
  month,
  onMonthChange,
  onSelect,
}: NoticeCalendarProps) {
  const start = fromDayKey(from)
  const end = fromDayKey(to) ?? start
  return (
    <DayPicker
      className="notice-calendar"
      mode="range"
      locale={de}
      weekStartsOn={WEEK_STARTS_ON}
      timeZone={TIME_ZONE}
      showOutsideDays
      month={month}
      onMonthChange={onMonthChange}
      selected={start ? { from: start, to: end ?? start } : undefined}
      onSelect={(range) => {
        const first = range?.from ? dayKey(range.from) : null
        const last = range?.to ? dayKey(range.to) : null
        onSelect(first, last && last !== first ? last : null)
      }}
      modifiers={{ starts: (date: Date) => starts.has(dayKey(date)) }}
      modifiersClassNames={{ starts: 'calendar-day--starts' }}
      labels={{ labelDayButton: (date, modifiers) => dayLabel(date, modifiers, counts, starts) }}
    />
  )
}
