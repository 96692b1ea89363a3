import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { calendarSpan, dayKey, formatDateRange, formatShortDate, fromDayKey } from '../shared/dates.ts'
import { useRenderTime } from '../shared/render-context.tsx'
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

const GROUPS: Array<{ id: NoticeStatus; title: string }> = [
  { id: 'aktuell', title: 'Aktuell' },
  { id: 'demnaechst', title: 'Demnächst' },
  { id: 'beendet', title: 'Beendet' },
]

const EMPTY: NoticeSummary[] = []

function plural(count: number): string {
  return count === 1 ? '1 Meldung' : `${count} Meldungen`
}

/** "am Mo., 23.11.2026" or "vom 23.–27. November 2026" */
function selectionText(from: string | null, to: string | null): string {
  const first = fromDayKey(from)
  if (!first) return ''
  const last = fromDayKey(to)
  return last ? ` vom ${formatDateRange(first, last)}` : ` am ${formatShortDate(first)}`
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
      <title>Meldungen – Bahnhofsfinder</title>
      <h1>Meldungen</h1>
      {state.status === 'ready' && state.keptFrom && <KeptAnswerNote receivedAt={state.keptFrom} />}
      <p className="content-summary">
        Bauarbeiten, Aufzugsstörungen und Hinweise zu Bahnhöfen. Wählen Sie im Kalender einen Tag oder mit
        einem zweiten Klick einen Zeitraum, um nur die Meldungen dieser Tage zu sehen.
      </p>
      <div className="notices-layout">
        <aside className="notices-calendar" aria-label="Kalender">
          <NoticeCalendar
            counts={ready ? dayCounts : undefined}
            starts={dayStarts}
            from={from}
            to={to}
            month={month}
            onMonthChange={setMonth}
            onSelect={(first, last) => update({ von: first, bis: last })}
            linkTo={(choice) => noticesAddress({ kind, ...choice }, choice.month, today)}
          />
          <p className="calendar-legend">
            <span className="calendar-legend-mark" aria-hidden="true" /> Tage, an denen Meldungen beginnen
          </p>
          {from && (
            <>
              <button
                type="button"
                className="button-secondary script-only"
                onClick={() => update({ von: null, bis: null })}
              >
                Alle Tage zeigen
              </button>
              <noscript>
                <a
                  className="button-secondary"
                  href={noticesAddress({ kind, from: null, to: null }, monthKey(month), today)}
                >
                  Alle Tage zeigen
                </a>
              </noscript>
            </>
          )}
        </aside>
        <section className="notices-list" aria-labelledby="meldungsliste">
          <h2 id="meldungsliste" className="visually-hidden">
            Liste der Meldungen
          </h2>
          <NoticeKindFilter
            value={kind}
            counts={ready ? { perKind: kindCounts, total: inDays.length } : undefined}
            onChange={(next) => update({ art: next })}
            keep={{ von: from, bis: to, monat: monthParam }}
          />
          {state.status === 'loading' && <ContentSkeleton lines={6} label="Meldungen werden geladen …" />}
          {state.status === 'error' && (
            <ContentError title="Die Meldungen konnten nicht geladen werden" onRetry={retry} />
          )}
          {state.status === 'ready' && (
            <>
              <p className="notices-count" role="status">
                {plural(shown.length)}
                {selectionText(from, to)}
                {kind && ` · ${kind}`}
              </p>
              {GROUPS.map((group) => {
                const items = byStart.filter((notice) => noticeStatus(notice, now) === group.id)
                if (group.id === 'beendet') items.reverse()
                if (items.length === 0) return null
                return (
                  <section key={group.id} className="notice-group" aria-labelledby={`gruppe-${group.id}`}>
                    <h2 id={`gruppe-${group.id}`}>{group.title}</h2>
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
