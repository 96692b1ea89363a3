import { type ComponentType, use } from 'react'
import type { Lift } from '../shared/station-site.ts'
import type { SitePoint } from './site-points.tsx'
import { StationSlotsContext } from './station-slots.ts'
import { SourceNote } from './track-section.tsx'
import type { StationSiteState } from './use-station-site.ts'

/** What the list and the map call a lift: where it goes, or that DB does not say. */
function liftLabel(lift: Lift): string {
  return lift.description ?? 'ohne Angabe, wohin'
}

/** The lifts with a position, as the station's map draws them. */
export function liftPoints(state: StationSiteState): SitePoint[] {
  if (state.status !== 'ready' || !state.site) return []
  return state.site.lifts.flatMap((lift) =>
    lift.position ? [{ id: lift.id, label: `Aufzug ${liftLabel(lift)}`, position: lift.position }] : [],
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
  return (
    <li className="lift">
      <span>{liftLabel(lift)}</span>
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
  const lifts = state.status === 'ready' && state.site ? state.site.lifts : []
  return (
    <section className="station-section lift-section" aria-labelledby="aufzuege">
      <h2 id="aufzuege">Aufzüge</h2>
      {state.status === 'loading' && <p aria-live="polite">Aufzüge werden geladen …</p>}
      {state.status === 'not-kept' && (
        <p>Ihr Gerät ist offline, und die Aufzüge dieses Bahnhofs sind auf ihm nicht gespeichert.</p>
      )}
      {state.status === 'error' && <p role="alert">Die Aufzüge konnten gerade nicht geladen werden.</p>}
      {state.status === 'ready' && lifts.length === 0 && (
        <p>In den Daten der Bahn von 2020 hat dieser Bahnhof keinen Aufzug.</p>
      )}
      {state.status === 'ready' && state.site && lifts.length > 0 && (
        <>
          <p className="fact-note">Ob ein Aufzug gerade fährt, sagen diese Daten nicht.</p>
          <ul className="lift-list" aria-label={`Aufzüge, ${lifts.length}`}>
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
