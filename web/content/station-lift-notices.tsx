import { Link } from 'react-router'
import { useMessages } from '../i18n/intl.tsx'
import { useRenderTime } from '../shared/render-context.tsx'
import { useDates } from '../shared/use-dates.ts'
import { noticeNamesLift } from '../stations/lift-tracks.ts'
import type { NoticeSummary } from './content-types.ts'
import { useStationNotices } from './station-notices-query.ts'
import { withContent } from './with-content.tsx'

/** The station's lift notices that `keep` keeps, as a list named `label`, each after `lead`. */
function LiftNoticeList({
  stationId,
  keep,
  label,
  lead,
  className,
}: {
  stationId: string
  keep: (notice: NoticeSummary) => boolean
  label: string
  lead: string
  className: string
}) {
  const { formatValidity } = useDates()
  const now = useRenderTime()
  const [state] = useStationNotices(stationId)
  if (state.status !== 'ready') return null
  const notices = state.data.filter((notice) => notice.kind === 'Aufzug' && keep(notice))
  if (notices.length === 0) return null
  return (
    <ul className={className} aria-label={label}>
      {notices.map((notice) => (
        <li key={notice.sys.id} className="lift-notice">
          <strong>{lead}</strong>{' '}
          {notice.slug ? (
            <Link to={`/meldungen/${encodeURIComponent(notice.slug)}`}>{notice.title}</Link>
          ) : (
            notice.title
          )}
          {notice.validFrom && <> ({formatValidity(notice.validFrom, notice.validUntil, now)})</>}
        </li>
      ))}
    </ul>
  )
}

const everyNotice = () => true

/**
 * Lift notices beside the step-free access facts: a broken lift makes a step-free station not
 * step-free, so a wheelchair user must read it where they look for access.
 */
function StationLiftNoticesView({ stationId }: { stationId: string }) {
  const t = useMessages()
  return (
    <LiftNoticeList
      stationId={stationId}
      keep={everyNotice}
      label={t('liftNotices.label')}
      lead={t('liftNotices.lead')}
      className="lift-notices"
    />
  )
}

export const StationLiftNotices = withContent(StationLiftNoticesView)

/**
 * The lift notices that name one lift's tracks ("Aufzug zu Gleis 4/5 …" beside "zu Gleis 4/5"), in
 * the station page's list of lifts; a notice no lift matches stays under Barrierefreiheit alone.
 * By the German title alone, in every language (the lifts' descriptions are German): a notice's
 * text may name other tracks (the way round, say).
 */
function LiftNoticesView({ stationId, lift }: { stationId: string; lift: string | null }) {
  const t = useMessages()
  return (
    <LiftNoticeList
      stationId={stationId}
      keep={(notice) => noticeNamesLift(notice.germanTitle ?? notice.title ?? '', lift)}
      label={t('liftNotices.oneLiftLabel')}
      lead={t('liftNotices.oneLiftLead')}
      className="lift-notices lift-notices--beside"
    />
  )
}

export const LiftNotices = withContent(LiftNoticesView)
