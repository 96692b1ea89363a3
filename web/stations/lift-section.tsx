import { type ComponentType, use } from 'react'
import { Message, type Translate, useMessages } from '../i18n/intl.tsx'
import type { Lift } from '../shared/station-site.ts'
import type { SitePoint } from './site-points.tsx'
import { StationSlotsContext } from './station-slots.ts'
import { SourceNote } from './track-section.tsx'
import type { StationSiteState } from './use-station-site.ts'

/** What the list and the map call a lift: where it goes, or that DB does not say. */
function liftLabel(lift: Lift, t: Translate): string {
  return lift.description ?? t('lifts.noDestination')
}

/** The lifts with a position, as the station's map draws them. */
export function liftPoints(state: StationSiteState, t: Translate): SitePoint[] {
  if (state.status !== 'ready' || !state.site) return []
  return state.site.lifts.flatMap((lift) =>
    lift.position
      ? [{ id: lift.id, label: t('lifts.pointLabel', { lift: liftLabel(lift, t) }), position: lift.position }]
      : [],
  )
}

function LiftItem({
  lift,
  stationId,
  Notices,
}: {
  lift: Lift
  stationId: string
  Notices: ComponentType<{ stationId: string; lift: string | null }> | undefined
}) {
  const t = useMessages()
  return (
    <li className="lift">
      {/* DB's own words, in German whatever the page's language. */}
      <span lang={lift.description ? 'de' : undefined}>{liftLabel(lift, t)}</span>
      {Notices && <Notices stationId={stationId} lift={lift.description} />}
    </li>
  )
}

/**
 * "Aufzüge": each lift with where it goes, as DB's lift data of 2020 has it (never its state now:
 * a broken lift shows as a notice beside it, where a notice names its tracks).
 */
export function LiftSection({ stationId, state }: { stationId: string; state: StationSiteState }) {
  const { liftNotices: Notices } = use(StationSlotsContext)
  const t = useMessages()
  const lifts = state.status === 'ready' && state.site ? state.site.lifts : []
  return (
    <section className="station-section lift-section" aria-labelledby="aufzuege">
      <h2 id="aufzuege">
        <Message id="lifts.heading" />
      </h2>
      {state.status === 'loading' && (
        <p aria-live="polite">
          <Message id="lifts.loading" />
        </p>
      )}
      {state.status === 'not-kept' && (
        <p>
          <Message id="lifts.notKept" />
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert">
          <Message id="lifts.error" />
        </p>
      )}
      {state.status === 'ready' && lifts.length === 0 && (
        <p>
          <Message id="lifts.none" />
        </p>
      )}
      {state.status === 'ready' && state.site && lifts.length > 0 && (
        <>
          <p className="fact-note">
            <Message id="lifts.stateUnknown" />
          </p>
          <ul className="lift-list" aria-label={t('lifts.listLabel', { count: lifts.length })}>
            {lifts.map((lift) => (
              <LiftItem key={lift.id} lift={lift} stationId={stationId} Notices={Notices} />
            ))}
          </ul>
          <SourceNote source={state.site.sources.lifts} />
        </>
      )}
    </section>
  )
}
