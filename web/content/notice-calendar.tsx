import { DayPicker, type Modifiers } from 'react-day-picker'
import { de } from 'react-day-picker/locale'
import { dayKey, formatFullDate, fromDayKey, TIME_ZONE, WEEK_STARTS_ON } from '../shared/dates.ts'
import 'react-day-picker/style.css'

interface NoticeCalendarProps {
  /** Notices per Berlin day ("2026-11-23" → 2) for the days shown. */
  counts: ReadonlyMap<string, number>
  from: string | null
  to: string | null
  month: Date
  onMonthChange: (month: Date) => void
  onSelect: (from: string | null, to: string | null) => void
}

function dayLabel(date: Date, modifiers: Modifiers, counts: ReadonlyMap<string, number>): string {
  const count = counts.get(dayKey(date)) ?? 0
  const parts = [formatFullDate(date)]
  if (modifiers.today) parts.unshift('Heute')
  parts.push(count === 0 ? 'keine Meldungen' : count === 1 ? '1 Meldung' : `${count} Meldungen`)
  if (modifiers.selected) parts.push('ausgewählt')
  return parts.join(', ')
}

/**
 * A month calendar in Berlin days, weeks from Monday: days with notices are marked; one click picks a
 * day, a second one a span (react-day-picker's range mode).
 */
export function NoticeCalendar({ counts, from, to, month, onMonthChange, onSelect }: NoticeCalendarProps) {
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
      modifiers={{ notice: (date: Date) => counts.has(dayKey(date)) }}
      modifiersClassNames={{ notice: 'calendar-day--notice' }}
      labels={{ labelDayButton: (date, modifiers) => dayLabel(date, modifiers, counts) }}
    />
  )
}
