import { Link, useParams } from 'react-router'
import { Message, useMessages } from '../i18n/intl.tsx'
import { useRenderTime } from '../shared/render-context.tsx'
import { useDates } from '../shared/use-dates.ts'
import { ContentSkeleton } from '../ui/content-skeleton.tsx'
import { NotFoundPage } from '../ui/not-found-page.tsx'
import { ContentError } from './content-error.tsx'
import { OnlyInGermanNote, useTextLanguage } from './content-language.tsx'
import type { RichTextField } from './content-types.ts'
import { KeptAnswerNote } from './kept-answer-note.tsx'
import { NoticeStations } from './notice-card.tsx'
import { NoticeKindBadge } from './notice-kind.tsx'
import { noticeStationsText } from './notice-stations.ts'
import { NOTICE_QUERY, type NoticeQueryResult } from './queries.ts'
import { RichText } from './rich-text.tsx'
import { StationTeaserCard } from './station-teaser-card.tsx'
import { useContent } from './use-content.ts'
import { useStationNames } from './use-station-names.ts'
import { withContent } from './with-content.tsx'

/** The stations whose card the text itself shows (a station embedded as a block). */
function stationsShownIn(body: RichTextField | null | undefined): Set<string> {
  const shown = new Set<string>()
  for (const entry of body?.links?.entries.block ?? []) {
    if (entry?.__typename === 'StationTeaser' && 'stationId' in entry && entry.stationId)
      shown.add(entry.stationId)
  }
  return shown
}

/** `/meldungen/:slug`: one notice with its text and the stations it concerns, live from the search. */
function NoticePageView() {
  const now = useRenderTime()
  const { slug = '' } = useParams()
  const [state, retry] = useContent<NoticeQueryResult>(NOTICE_QUERY, { slug })
  const loaded = state.status === 'ready' ? state.data.noticeCollection?.items[0] : undefined
  const names = useStationNames(loaded?.stationIds ?? [])
  const t = useMessages()
  const { formatDateRange, formatRelativeDay, formatValidity } = useDates()
  const lang = useTextLanguage(loaded ?? {})
  if (state.status === 'loading') {
    return (
      <div className="content-page">
        <ContentSkeleton lines={8} label={t('notice.loading')} />
      </div>
    )
  }
  if (state.status === 'error') {
    return (
      <div className="content-page">
        <ContentError heading title={t('notice.failed')} onRetry={retry} />
      </div>
    )
  }
  const notice = state.data.noticeCollection?.items[0]
  if (!notice) return <NotFoundPage />
  const stationIds = notice.stationIds ?? []
  const stations = noticeStationsText(t, stationIds, names)
  // Each station's card once: those the text already shows are not listed again below it.
  const inText = stationsShownIn(notice.body)
  const listed = [...new Set(stationIds)].filter((id) => !inText.has(id))
  return (
    <article className="content-page" aria-labelledby="meldungstitel">
      <title>
        {t('site.pageTitle', {
          title: `${stations ? `${stations}: ` : ''}${notice.title ?? t('notice.titleFallback')}`,
        })}
      </title>
      <p className="back-link">
        <Link to="/meldungen">
          <span aria-hidden="true">← </span>
          <Message id="notices.all" />
        </Link>
      </p>
      <p className="notice-meta">
        <NoticeKindBadge kind={notice.kind} />
        {notice.validFrom && (
          <span className="notice-validity">{formatValidity(notice.validFrom, notice.validUntil, now)}</span>
        )}
      </p>
      <h1 id="meldungstitel">
        {stations && <NoticeStations text={stations} />}
        <span lang={lang}>{notice.title}</span>
      </h1>
      {lang && <OnlyInGermanNote of="notice" />}
      {state.keptFrom && <KeptAnswerNote receivedAt={state.keptFrom} />}
      {notice.validFrom && (
        <p className="notice-dates">
          <Message
            id="notice.period"
            values={{
              b: (chunks) => <strong>{chunks}</strong>,
              range: formatDateRange(notice.validFrom, notice.validUntil),
            }}
          />
        </p>
      )}
      {notice.summary && (
        <p className="content-summary" lang={lang}>
          {notice.summary}
        </p>
      )}
      {notice.body && <RichText field={notice.body} lang={lang} />}
      {listed.length > 0 && (
        <section className="notice-stations" aria-labelledby="betroffene-bahnhoefe">
          <h2 id="betroffene-bahnhoefe">
            <Message id="notice.stationsHeading" values={{ count: stationIds.length }} />
          </h2>
          <div className="notice-station-cards">
            {listed.map((id) => (
              <StationTeaserCard key={id} stationId={id} />
            ))}
          </div>
        </section>
      )}
      {notice.sys.publishedAt && (
        <p className="content-updated">
          <Message id="notice.published" values={{ when: formatRelativeDay(notice.sys.publishedAt, now) }} />
        </p>
      )}
    </article>
  )
}

export const NoticePage = withContent(NoticePageView)
