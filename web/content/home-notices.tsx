import { useMemo } from 'react'
import { Link } from 'react-router'
import { Message, type Translate, useMessages } from '../i18n/intl.tsx'
import { berlinMidnight } from '../shared/dates.ts'
import { useRenderTime } from '../shared/render-context.tsx'
import { ContentSkeleton } from '../ui/content-skeleton.tsx'
import { ContentError } from './content-error.tsx'
import type { NoticeSummary } from './content-types.ts'
import { KeptAnswerNote } from './kept-answer-note.tsx'
import { NoticeCard } from './notice-card.tsx'
import { noticeStatus, sortByStart } from './notice-filter.ts'
import { NOTICE_LIST_LIMIT, type NoticeListResult, OPEN_NOTICES_QUERY } from './queries.ts'
import { useContent } from './use-content.ts'
import { useStationNames } from './use-station-names.ts'
import { withContent } from './with-content.tsx'

const SHOWN = 4

/** "Alle Meldungen (6 aktuell, 3 demnächst)": the counts of /meldungen's "Aktuell" and "Demnächst". */
function moreText(t: Translate, current: number, upcoming: number, shown: number): string {
  if (current <= shown && upcoming === 0) return t('notices.all')
  return t('notices.allWithCounts', { current, upcoming })
}

/**
 * The start page's current notices, the first four of what /meldungen lists under "Aktuell" (the
 * same `noticeStatus`, the same order), and how many there are there.
 */
function HomeNoticesView() {
  const now = useRenderTime()
  const t = useMessages()
  // The same day, the same variables (urql asks again only when the day changes: a page rendered by
  // the server at another time than the browser's clock says is asked for the browser's day).
  const today = berlinMidnight(now)
  const variables = useMemo(() => ({ today, limit: NOTICE_LIST_LIMIT }), [today])
  const [state, retry] = useContent<NoticeListResult>(OPEN_NOTICES_QUERY, variables)
  const items =
    state.status === 'ready'
      ? sortByStart(
          (state.data.noticeCollection?.items ?? []).filter((item): item is NoticeSummary => item !== null),
        )
      : []
  const current = items.filter((notice) => noticeStatus(notice, now) === 'aktuell')
  const upcoming = items.filter((notice) => noticeStatus(notice, now) === 'demnaechst').length
  const shown = current.slice(0, SHOWN)
  const names = useStationNames(shown.flatMap((notice) => notice.stationIds ?? []))
  if (state.status === 'loading') return <ContentSkeleton lines={4} label={t('notices.loading')} />
  if (state.status === 'error') {
    return <ContentError title={t('notices.failed')} onRetry={retry} />
  }
  const kept = state.keptFrom && <KeptAnswerNote receivedAt={state.keptFrom} />
  if (shown.length === 0) {
    return (
      <>
        {kept}
        <p>
          <Message id="notices.noneCurrent" /> <Link to="/meldungen">{moreText(t, 0, upcoming, 0)}</Link>
        </p>
      </>
    )
  }
  return (
    <>
      {kept}
      <ul className="notice-items notice-items--grid">
        {shown.map((notice) => (
          <li key={notice.sys.id}>
            <NoticeCard notice={notice} now={now} stationNames={names} />
          </li>
        ))}
      </ul>
      <p className="notices-more">
        <Link to="/meldungen">{moreText(t, current.length, upcoming, shown.length)}</Link>
      </p>
    </>
  )
}

export const HomeNotices = withContent(HomeNoticesView)
