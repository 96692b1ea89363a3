import { useQueryRules } from 'react-instantsearch'
import { Link } from 'react-router'
import { useMessages } from '../i18n/intl.tsx'

/** A notice a query rule attaches to a search (its userData), e.g. for a closed station. */
interface RuleNotice {
  kind: 'notice'
  title: string
  text: string
  stationId?: string
  stationName?: string
}

function isNotice(item: unknown): item is RuleNotice {
  const candidate = item as Partial<RuleNotice> | null
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    candidate.kind === 'notice' &&
    typeof candidate.title === 'string' &&
    typeof candidate.text === 'string'
  )
}

/** Notices from the search service's query rules, above the hits (the rule decides when). */
export function RuleNotices() {
  const { items } = useQueryRules()
  const notices = items.filter(isNotice)
  const t = useMessages()
  if (notices.length === 0) return null
  return (
    <div className="rule-notices">
      {notices.map((notice) => (
        <aside
          key={notice.title}
          className="rule-notice"
          aria-label={t('ruleNotice.label', { title: notice.title })}
        >
          <h3>{notice.title}</h3>
          <p>{notice.text}</p>
          {notice.stationId && notice.stationName && (
            <p>
              <Link to={`/bahnhof/${encodeURIComponent(notice.stationId)}`}>
                {t('ruleNotice.toStation', { name: notice.stationName })}
              </Link>
            </p>
          )}
        </aside>
      ))}
    </div>
  )
}
