import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Message, type Translate, useMessages, usePathInLocale } from '../i18n/intl.tsx'
import { calendarSpan, type Dates, dayKey, fromDayKey } from '../shared/dates.ts'
import { useRenderTime } from '../shared/render-context.tsx'
import { useDates } from '../shared/use-dates.ts'
import { ContentSkeleton } from '../ui/content-skeleton.tsx'
import { ContentError } from './content-error.tsx'
import type { NoticeSummary } from './content-types.ts'
import { KeptAnswerNote } from './kept-answer-note.tsx'
import { NoticeCalendar } from './notice-calendar.tsx'
import { NoticeCard } from './notice-card.tsx'
import {
  filterNotices,
  type NoticeStatus,
  noticeStartsPerDay,
  noticeStatus,
  noticesPerDay,
  sortByStart,
} from './notice-filter.ts'
import { NoticeKindFilter } from './notice-kind-filter.tsx'
import { defaultMonth, monthKey, noticesAddress, readFilter, readMonth } from './notices-address.ts'
import { NOTICE_LIST_LIMIT, NOTICE_LIST_QUERY, type NoticeListResult } from './queries.ts'
import { useContent } from './use-content.ts'
import { useStationNames } from './use-station-names.ts'
import { withContent } from './with-content.tsx'

const GROUPS: readonly NoticeStatus[] = ['aktuell', 'demnaechst', 'beendet']

const EMPTY: NoticeSummary[] = []

/** "am Mo., 23.11.2026" or "vom 23.–27. November 2026" */
function selectionText(
  t: Translate,
  { formatDateRange, formatShortDate }: Dates,
  from: string | null,
  to: string | null,
): string {
  const first = fromDayKey(from)
  if (!first) return ''
  const last = fromDayKey(to)
  return ` ${last ? t('notices.onDays', { range: formatDateRange(first, last) }) : t('notices.onDay', { day: formatShortDate(first) })}`
}

/**
 * `/meldungen`: every notice, grouped into current, upcoming and ended, filtered by kind and by the
 * days picked in the calendar. The filters live in the address (`art`, `von`, `bis`).
 */
function NoticesPageView() {
  const [params, setParams] = useSearchParams()
  // The filter answers a click at once; the address follows (the router updates it in a transition,
  // which would otherwise leave a controlled radio button unchecked for a moment).
  const [filter, setFilter] = useState(() => readFilter(params))
  const query = params.toString()
  useEffect(() => setFilter(readFilter(new URLSearchParams(query))), [query])
  const { kind, from, to } = filter
  const now = useRenderTime()
  const t = useMessages()
  const inLocale = usePathInLocale()
  const dates = useDates()
  const today = dayKey(now)
  const monthParam = readMonth(params)
  const [month, setMonth] = useState<Date>(
    () => fromDayKey(`${monthParam ?? defaultMonth(from, today)}-01`) ?? now,
  )
  const [state, retry] = useContent<NoticeListResult>(NOTICE_LIST_QUERY, { limit: NOTICE_LIST_LIMIT })

  const notices = useMemo(
    () =>
      state.status === 'ready'
        ? (state.data.noticeCollection?.items ?? []).filter((item): item is NoticeSummary => item !== null)
        : EMPTY,
    [state],
  )
  const names = useStationNames(notices.flatMap((notice) => notice.stationIds ?? []))
  const span = calendarSpan(month)
  const ofKind = useMemo(() => (kind ? notices.filter((n) => n.kind === kind) : notices), [notices, kind])
  const dayCounts = useMemo(
    () => noticesPerDay(ofKind, span.first, span.last),
    [ofKind, span.first, span.last],
  )
  const dayStarts = useMemo(
    () => noticeStartsPerDay(ofKind, span.first, span.last),
    [ofKind, span.first, span.last],
  )
  const inDays = filterNotices(notices, { kind: null, from, to })
  const kindCounts = new Map<string, number>()
  for (const notice of inDays) kindCounts.set(notice.kind ?? '', (kindCounts.get(notice.kind ?? '') ?? 0) + 1)
  // Counted only once the notices are there: before, or when they could not be loaded, "(0)" would
  // say that there are none.
  const ready = state.status === 'ready'
  const shown = kind ? inDays.filter((notice) => notice.kind === kind) : inDays
  // Within a group, the nearest first: current and upcoming by start, ended by most recent end.
  const byStart = sortByStart(shown)

  function update(changes: Record<string, string | null>) {
    const next = new URLSearchParams(params)
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value)
      else next.delete(name)
    }
    setFilter(readFilter(next))
    setParams(next, { replace: true, preventScrollReset: true })
  }

  return (
    <div className="notices-page">
      <title>{t('notices.pageTitle')}</title>
      <h1>
        <Message id="notices.heading" />
      </h1>
      {state.status === 'ready' && state.keptFrom && <KeptAnswerNote receivedAt={state.keptFrom} />}
      <p className="content-summary">
        <Message id="notices.summary" />
      </p>
      <div className="notices-layout">
        <aside className="notices-calendar" aria-label={t('notices.calendarLabel')}>
          <NoticeCalendar
            counts={ready ? dayCounts : undefined}
            starts={dayStarts}
            from={from}
            to={to}
            month={month}
            onMonthChange={setMonth}
            onSelect={(first, last) => update({ von: first, bis: last })}
            linkTo={(choice) => inLocale(noticesAddress({ kind, ...choice }, choice.month, today))}
          />
          <p className="calendar-legend">
            <span className="calendar-legend-mark" aria-hidden="true" />{' '}
            <Message id="notices.calendarLegend" />
          </p>
          {from && (
            <>
              <button
                type="button"
                className="button-secondary script-only"
                onClick={() => update({ von: null, bis: null })}
              >
                <Message id="notices.allDays" />
              </button>
              <noscript>
                <a
                  className="button-secondary"
                  href={inLocale(noticesAddress({ kind, from: null, to: null }, monthKey(month), today))}
                >
                  <Message id="notices.allDays" />
                </a>
              </noscript>
            </>
          )}
        </aside>
        <section className="notices-list" aria-labelledby="meldungsliste">
          <h2 id="meldungsliste" className="visually-hidden">
            <Message id="notices.listHeading" />
          </h2>
          <NoticeKindFilter
            value={kind}
            counts={ready ? { perKind: kindCounts, total: inDays.length } : undefined}
            onChange={(next) => update({ art: next })}
            keep={{ von: from, bis: to, monat: monthParam }}
          />
          {state.status === 'loading' && <ContentSkeleton lines={6} label={t('notices.loading')} />}
          {state.status === 'error' && <ContentError title={t('notices.failed')} onRetry={retry} />}
          {state.status === 'ready' && (
            <>
              <p className="notices-count" role="status">
                {t('notices.count', { count: shown.length })}
                {selectionText(t, dates, from, to)}
                {kind && ` · ${t(`notice.kind.${kind}`)}`}
              </p>
              {GROUPS.map((group) => {
                const items = byStart.filter((notice) => noticeStatus(notice, now) === group)
                if (group === 'beendet') items.reverse()
                if (items.length === 0) return null
                return (
                  <section key={group} className="notice-group" aria-labelledby={`gruppe-${group}`}>
                    <h2 id={`gruppe-${group}`}>{t(`notices.group.${group}`)}</h2>
                    <ul className="notice-items">
                      {items.map((notice) => (
                        <li key={notice.sys.id}>
                          <NoticeCard notice={notice} now={now} stationNames={names} />
                        </li>
                      ))}
                    </ul>
                  </section>
                )
              })}
            </>
          )}
        </section>
      </div>
    </div>
  )
}

export const NoticesPage = withContent(NoticesPageView)
