import { type ButtonHTMLAttributes, createContext, use } from 'react'
import {
  type CustomComponents,
  type DateRange,
  type DayButtonProps,
  DayPicker,
  type Modifiers,
  useDayPicker,
} from 'react-day-picker'
import { de, enGB } from 'react-day-picker/locale'
import { type Translate, useLocale, useMessages } from '../i18n/intl.tsx'
import type { Locale } from '../i18n/locale.ts'
import { type Dates, dayKey, fromDayKey, TIME_ZONE, WEEK_STARTS_ON } from '../shared/dates.ts'
import { useDates } from '../shared/use-dates.ts'
import 'react-day-picker/style.css'
import { monthKey, pickDays } from './notices-address.ts'

/** What the calendar's links lead to without JavaScript: the page's address for days and month. */
type LinkTo = (choice: { from: string | null; to: string | null; month: string }) => string

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
  linkTo: LinkTo
}

/** "Montag, 23. November 2026, 1 Meldung beginnt, 6 gültige Meldungen" */
function dayLabel(
  t: Translate,
  { formatFullDate }: Dates,
  date: Date,
  modifiers: Modifiers,
  counts: ReadonlyMap<string, number> | undefined,
  starts: ReadonlyMap<string, number>,
): string {
  const key = dayKey(date)
  const beginning = starts.get(key) ?? 0
  const parts = [formatFullDate(date)]
  if (modifiers.today) parts.unshift(t('notices.calendarToday'))
  if (beginning > 0) parts.push(t('notices.calendarBeginning', { count: beginning }))
  // Without the notices (loading, failed) nothing is counted: "keine Meldungen" would not be true.
  if (counts) {
    parts.push(t('notices.calendarValid', { count: counts.get(key) ?? 0 }))
  }
  if (modifiers.selected) parts.push(t('notices.calendarSelected'))
  return parts.join(', ')
}

/**
 * The calendar's month and day names in the page's language (with its own labels for the month
 * arrows); weeks start on Monday in every language, as WEEK_STARTS_ON sets below.
 */
const DAY_PICKER_LOCALES: Record<Locale, typeof de> = { de, en: enGB }

/** The calendar without JavaScript: the days picked and the month shown, to build each link's address. */
const LinkContext = createContext<{ from: string | null; to: string | null; linkTo: LinkTo } | null>(null)

/** A day as a link to the list for the days a click on it picks (the script's choice, pickDays). */
function DayLink({ day, className, style, children, 'aria-label': label }: DayButtonProps) {
  const links = use(LinkContext)
  const { months } = useDayPicker()
  if (!links) return <>{children}</>
  const shown = months[0] ? monthKey(months[0].date) : monthKey(day.date)
  const picked = pickDays(links.from, links.to, dayKey(day.date))
  return (
    <a
      className={className}
      style={style}
      aria-label={label}
      href={links.linkTo({ ...picked, month: shown })}
    >
      {children}
    </a>
  )
}

type NavButtonProps = ButtonHTMLAttributes<HTMLButtonElement>

/** A month arrow as a link to the page showing that month, the days picked kept. */
function MonthLink({
  to,
  className,
  style,
  children,
  'aria-label': label,
}: { to: Date | undefined } & NavButtonProps) {
  const links = use(LinkContext)
  if (!links || !to) return <>{children}</>
  return (
    <a
      className={className}
      style={style}
      aria-label={label}
      href={links.linkTo({ from: links.from, to: links.to, month: monthKey(to) })}
    >
      {children}
    </a>
  )
}

function PreviousMonthLink(props: NavButtonProps) {
  return <MonthLink to={useDayPicker().previousMonth} {...props} />
}

function NextMonthLink(props: NavButtonProps) {
  return <MonthLink to={useDayPicker().nextMonth} {...props} />
}

const LINKS: Partial<CustomComponents> = {
  DayButton: DayLink,
  PreviousMonthButton: PreviousMonthLink,
  NextMonthButton: NextMonthLink,
}

/**
 * A month calendar in Berlin days, weeks from Monday: the days on which notices begin are marked
 * (long notices make almost every day one with a notice, which says nothing); each day's label also
 * counts the notices valid then. One click picks a day, a second one a span (react-day-picker's range
 * mode); the list then shows the notices valid on those days. Without JavaScript the days and the
 * month arrows are links to the page for that choice (a second calendar inside `<noscript>`, which
 * the server writes and the browser's React leaves alone); the script's calendar steps aside
 * (no-script.css).
 */
export function NoticeCalendar({
  counts,
  starts,
  from,
  to,
  month,
  onMonthChange,
  onSelect,
  linkTo,
}: NoticeCalendarProps) {
  const t = useMessages()
  const dates = useDates()
  const locale = useLocale()
  const start = fromDayKey(from)
  const end = fromDayKey(to) ?? start
  const shared = {
    className: 'notice-calendar',
    mode: 'range',
    locale: DAY_PICKER_LOCALES[locale],
    weekStartsOn: WEEK_STARTS_ON,
    timeZone: TIME_ZONE,
    showOutsideDays: true,
    month,
    selected: start ? { from: start, to: end ?? start } : undefined,
    modifiers: { starts: (date: Date) => starts.has(dayKey(date)) },
    modifiersClassNames: { starts: 'calendar-day--starts' },
    labels: {
      labelDayButton: (date: Date, modifiers: Modifiers) =>
        dayLabel(t, dates, date, modifiers, counts, starts),
    },
  } as const
  return (
    <>
      <div className="script-only">
        <DayPicker
          {...shared}
          onMonthChange={onMonthChange}
          onSelect={(range: DateRange | undefined) => {
            const first = range?.from ? dayKey(range.from) : null
            const last = range?.to ? dayKey(range.to) : null
            onSelect(first, last && last !== first ? last : null)
          }}
        />
      </div>
      <noscript>
        <LinkContext value={{ from, to, linkTo }}>
          <DayPicker {...shared} components={LINKS} />
        </LinkContext>
      </noscript>
    </>
  )
}
