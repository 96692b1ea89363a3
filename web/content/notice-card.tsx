import { Link } from 'react-router'
import { formatDateRange, formatValidity } from '../shared/dates.ts'
import type { NoticeSummary } from './content-types.ts'
import { NoticeKindBadge } from './notice-kind.tsx'

interface NoticeCardProps {
  notice: NoticeSummary
  now: Date
  /** The card's heading level in its page's outline. */
  level?: 2 | 3
}

/** One notice in a list: kind, title (the link), when, and what. */
export function NoticeCard({ notice, now, level = 3 }: NoticeCardProps) {
  const Heading = level === 2 ? 'h2' : 'h3'
  const titleId = `meldung-${notice.sys.id}`
  return (
    <article className="notice-card" aria-labelledby={titleId}>
      <p className="notice-meta">
        <NoticeKindBadge kind={notice.kind} />
        {notice.validFrom && (
          <span className="notice-validity">{formatValidity(notice.validFrom, notice.validUntil, now)}</span>
        )}
      </p>
      <Heading className="notice-title" id={titleId}>
        {notice.slug ? (
          <Link to={`/meldungen/${encodeURIComponent(notice.slug)}`}>{notice.title}</Link>
        ) : (
          notice.title
        )}
      </Heading>
      {notice.validFrom && (
        <p className="notice-dates">{formatDateRange(notice.validFrom, notice.validUntil)}</p>
      )}
      {notice.summary && <p className="notice-summary">{notice.summary}</p>}
    </article>
  )
}
