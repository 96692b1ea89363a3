import { Link } from 'react-router'
import { formatValidity } from '../shared/dates.ts'
import { useRenderTime } from '../shared/render-context.tsx'
import { noticeNamesLift } from '../stations/lift-tracks.ts'
import type { NoticeSummary } from './content-types.ts'
import { useStationNotices } from './station-notices-query.ts'
import { withContent } from './with-content.tsx'

/**
 * Lift notices beside the step-free access facts: a broken lift makes a step-free station not
 * step-free, so a wheelchair user must read it where they look for access.
 */
function StationLiftNoticesView({ stationId }: { stationId: string }) {
  const now = useRenderTime()
  const [state] = useStationNotices(stationId)
  if (state.status !== 'ready') return null
  const lifts = state.data.filter((notice) => notice.kind === 'Aufzug')
  if (lifts.length === 0) return null
  return (
    <ul className="lift-notices" aria-label="Meldungen zu Aufzügen">
      {lifts.map((notice) => (
        <li key={notice.sys.id} className="lift-notice">
          <strong>Aufzug:</strong>{' '}
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

export const StationLiftNotices = withContent(StationLiftNoticesView)

/**
 * The lift notices that name one lift's tracks ("Aufzug zu Gleis 4/5 …" beside "zu Gleis 4/5"), in
 * the station page's list of lifts; a notice no lift matches stays under Barrierefreiheit alone.
 */
function LiftNoticesView({ stationId, lift }: { stationId: string; lift: string | null }) {
  const now = useRenderTime()
  const [state] = useStationNotices(stationId)
  if (state.status !== 'ready') return null
  // By the title alone: a notice's text may name other tracks (the way round, say).
  const named = state.data.filter(
    (notice: NoticeSummary) => notice.kind === 'Aufzug' && noticeNamesLift(notice.title ?? '', lift),
  )
  if (named.length === 0) return null
  return (
    <ul className="lift-notices lift-notices--beside" aria-label="Meldungen zu diesem Aufzug">
      {named.map((notice) => (
        <li key={notice.sys.id} className="lift-notice">
          <strong>Meldung:</strong>{' '}
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

export const LiftNotices = withContent(LiftNoticesView)
