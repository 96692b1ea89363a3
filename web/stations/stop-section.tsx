import { trainLabel } from '../i18n/data-labels.ts'
import { Message, type Translate, useMessages } from '../i18n/intl.tsx'
import type { LocalStop } from '../shared/station-site.ts'
import type { SitePoint } from './site-points.tsx'
import { SourceNote } from './track-section.tsx'
import { TrainBadges } from './train-badges.tsx'
import type { StationSiteState } from './use-station-site.ts'

/** The linked stops as the station's map draws them. */
export function stopPoints(state: StationSiteState, t: Translate): SitePoint[] {
  if (state.status !== 'ready' || !state.site) return []
  return state.site.stops.map((stop) => ({
    id: stop.id,
    label:
      stop.modes.length > 0
        ? `${stop.name} (${stop.modes.map((mode) => trainLabel(mode, t)).join(', ')})`
        : stop.name,
    position: stop.position,
  }))
}

function StopItem({ stop }: { stop: LocalStop }) {
  const t = useMessages()
  return (
    <li className="stop">
      <span className="stop-name">{stop.name}</span>
      {stop.modes.length > 0 ? (
        <TrainBadges trains={stop.modes} label={t('stops.modesLabel', { name: stop.name })} />
      ) : (
        <span className="fact-note">
          <Message id="stops.noModes" />
        </span>
      )}
    </li>
  )
}

/**
 * "Umsteigen": the local stops linked to the station (bus, tram, U-Bahn stops and the station's other
 * stop points) with what serves them, as db-hafas-stations has them; drawn on the map too.
 */
export function StopSection({ state }: { state: StationSiteState }) {
  const t = useMessages()
  const stops = state.status === 'ready' && state.site ? state.site.stops : []
  return (
    <section className="station-section stop-section" aria-labelledby="umsteigen">
      <h2 id="umsteigen">
        <Message id="stops.heading" />
      </h2>
      {state.status === 'loading' && (
        <p aria-live="polite">
          <Message id="stops.loading" />
        </p>
      )}
      {state.status === 'not-kept' && (
        <p>
          <Message id="stops.notKept" />
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert">
          <Message id="stops.error" />
        </p>
      )}
      {state.status === 'ready' && stops.length === 0 && (
        <p>
          <Message id="stops.none" />
        </p>
      )}
      {state.status === 'ready' && state.site && stops.length > 0 && (
        <>
          <ul className="stop-list" aria-label={t('stops.listLabel', { count: stops.length })}>
            {stops.map((stop) => (
              <StopItem key={stop.id} stop={stop} />
            ))}
          </ul>
          <SourceNote source={state.site.sources.stops} />
        </>
      )}
    </section>
  )
}
