import { Link } from 'react-router'
import { useMessages } from '../i18n/intl.tsx'
import { useDates } from '../shared/use-dates.ts'
import { useTextLanguage } from './content-language.tsx'
import type { NoticeSummary } from './content-types.ts'
import { NoticeKindBadge } from './notice-kind.tsx'
import { noticeStationsText } from './notice-stations.ts'

interface NoticeCardProps {
  notice: NoticeSummary
  now: Date
  /** The card's heading level in its page's outline. */
  level?: 2 | 3
  /** Names of the stations notices are tied to; absent on a station's own page, which names it. */
  stationNames?: ReadonlyMap<string, string>
}

/** One notice in a list: kind, its stations with the title (the link), when, and what. */
export function NoticeCard({ notice, now, level = 3, stationNames }: NoticeCardProps) {
  const Heading = level === 2 ? 'h2' : 'h3'
  const titleId = `meldung-${notice.sys.id}`
  const t = useMessages()
  const { formatDateRange, formatValidity } = useDates()
  const lang = useTextLanguage(notice)
  const stations = stationNames ? noticeStationsText(t, notice.stationIds, stationNames) : null
  return (
    <article className="notice-card" aria-labelledby={titleId}>
      <p className="notice-meta">
        <NoticeKindBadge kind={notice.kind} />
        {notice.validFrom && (
          <span className="notice-validity">{formatValidity(notice.validFrom, notice.validUntil, now)}</span>
        )}
        {lang && <span className="notice-language">{t('content.onlyGerman.short')}</span>}
      </p>
      <Heading className="notice-title" id={titleId}>
        {stations && <NoticeStations text={stations} />}
        {notice.slug ? (
          <Link to={`/meldungen/${encodeURIComponent(notice.slug)}`} lang={lang}>
            {notice.title}
          </Link>
        ) : (
          <span lang={lang}>{notice.title}</span>
        )}
      </Heading>
      {notice.validFrom && (
        <p className="notice-dates">{formatDateRange(notice.validFrom, notice.validUntil)}</p>
      )}
      {notice.summary && (
        <p className="notice-summary" lang={lang}>
          {notice.summary}
        </p>
      )}
    </article>
  )
}

/** The stations above a notice's title, inside its heading: "Frankfurt (Main) Hbf: Aufzug zu …". */
export function NoticeStations({ text }: { text: string }) {
  return (
    <span className="notice-station">
      {text}
      <span className="notice-station-colon">: </span>
    </span>
  )
}
