import { useState } from 'react'
import { Link } from 'react-router'
import { berlinMidnight } from '../shared/dates.ts'
import { ContentSkeleton } from '../ui/content-skeleton.tsx'
import { ContentError } from './content-error.tsx'
import type { NoticeSummary } from './content-types.ts'
import { NoticeCard } from './notice-card.tsx'
import { CURRENT_NOTICES_QUERY, type NoticeListResult } from './queries.ts'
import { useContent } from './use-content.ts'
import { withContent } from './with-content.tsx'

const SHOWN = 4
/** Notices starting within this many days count as current ("ab morgen"). */
const AHEAD_DAYS = 7

/** The start page's current notices: begun or beginning within a week, not ended. */
function HomeNoticesView() {
  const [now] = useState(() => new Date())
  const [variables] = useState(() => ({
    today: berlinMidnight(now),
    until: berlinMidnight(now, AHEAD_DAYS + 1),
    limit: SHOWN,
  }))
  const [state, retry] = useContent<NoticeListResult>(CURRENT_NOTICES_QUERY, variables)
  if (state.status === 'loading') return <ContentSkeleton lines={4} label="Meldungen werden geladen …" />
  if (state.status === 'error') {
    return <ContentError title="Die Meldungen konnten nicht geladen werden" onRetry={retry} />
  }
  const collection = state.data.noticeCollection
  const items = (collection?.items ?? []).filter((item): item is NoticeSummary => item !== null)
  if (items.length === 0) {
    return (
      <p>
        Zurzeit gibt es keine Meldungen. <Link to="/meldungen">Alle Meldungen</Link>
      </p>
    )
  }
  const total = collection?.total ?? items.length
  return (
    <>
      <ul className="notice-items notice-items--grid">
        {items.map((notice) => (
          <li key={notice.sys.id}>
            <NoticeCard notice={notice} now={now} />
          </li>
        ))}
      </ul>
      <p className="notices-more">
        <Link to="/meldungen">
          {total > items.length ? `Alle Meldungen (${total} aktuell)` : 'Alle Meldungen'}
        </Link>
      </p>
    </>
  )
}

export const HomeNotices = withContent(HomeNoticesView)
