import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Message, useMessages } from '../i18n/intl.tsx'
import { formatDistance, type LatLng } from '../map/distance.ts'
import { useConfig } from '../shared/config-context.tsx'
import { usePreloaded, useRenderEnvironment } from '../shared/render-context.tsx'
import { ClientOnly } from '../ui/client-only.tsx'
import { RetryablePart, useRetryableLazy } from '../ui/retryable-lazy.tsx'
import { SkipLink } from '../ui/skip-link.tsx'
import { fetchNearbyStations, NEARBY_RADIUS_M, type Neighbour } from './fetch-nearby-stations.ts'
import type { SitePoint } from './site-points.tsx'
import './nearby-stations.css'

// Leaflet and the basemap are a chunk of their own: the page and this list never wait for them.
const loadNearbyMap = () => import('./nearby-map.tsx').then((module) => module.NearbyMap)

/** Shown at once; the rest behind "Alle … anzeigen", so that a city station's list stays short. */
const LIST_FIRST = 10

type NearbyState = { status: 'loading' } | { status: 'done'; neighbours: Neighbour[] } | { status: 'error' }

const RADIUS_KM = NEARBY_RADIUS_M / 1000
const NONE: Neighbour[] = []
const LIST_INTRO_ID = 'in-der-naehe-liste'
// Said on the server too: without JavaScript the map never comes, the list below it is there.
const MAP_PLACEHOLDER = (
  <p className="nearby-map nearby-map-placeholder">
    <Message id="nearby.mapLoading" />
  </p>
)

/**
 * "In der Nähe": a map centred on the station with every station within 10 km, each linking to its
 * page, and the same stations as a text list with their distances, nearest first. The map numbers
 * the stations the list shows, and clusters the rest.
 */
export function NearbyStations({
  station,
  lifts,
  stops,
}: {
  station: { objectID: string; name: string; position: LatLng }
  /** The station's lifts, drawn on the map as a layer of their own. */
  lifts?: readonly SitePoint[]
  /** The local stops linked to the station, a layer of their own. */
  stops?: readonly SitePoint[]
}) {
  const { search } = useConfig()
  const environment = useRenderEnvironment()
  const t = useMessages()
  const { objectID, name } = station
  const { lat, lng } = station.position
  // Rendered on the server with the page (a list of links works without JavaScript too).
  const preloaded = usePreloaded(`nearby:${objectID}`, () =>
    fetchNearbyStations(search, { objectID, position: { lat, lng } }, undefined, environment.fetch).catch(
      () => undefined,
    ),
  )
  const [state, setState] = useState<NearbyState>(() =>
    preloaded ? { status: 'done', neighbours: preloaded } : { status: 'loading' },
  )
  const answered = useRef(preloaded !== undefined)
  const [expanded, setExpanded] = useState(false)
  const { Part: NearbyMap, attempt, retry } = useRetryableLazy(loadNearbyMap)

  useEffect(() => {
    if (answered.current) {
      answered.current = false
      return undefined
    }
    const controller = new AbortController()
    setState({ status: 'loading' })
    setExpanded(false)
    fetchNearbyStations(
      search,
      { objectID, position: { lat, lng } },
      controller.signal,
      environment.fetch,
    ).then(
      (neighbours) => setState({ status: 'done', neighbours }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        console.error(error)
        setState({ status: 'error' })
      },
    )
    return () => controller.abort()
  }, [search, objectID, lat, lng, environment])

  const neighbours = state.status === 'done' ? state.neighbours : NONE
  return (
    <section className="station-section nearby-stations" aria-labelledby="in-der-naehe">
      <h2 id="in-der-naehe">
        <Message id="nearby.heading" />
      </h2>
      {/* Every neighbour is a tab stop on the map (Berlin's centre has about 90): the list has them all too. */}
      <SkipLink className="nearby-skip-link" targetId={LIST_INTRO_ID}>
        <Message id="nearby.skipMap" />
      </SkipLink>
      <ClientOnly fallback={MAP_PLACEHOLDER}>
        <RetryablePart
          attempt={attempt}
          retry={retry}
          loading={MAP_PLACEHOLDER}
          failedText={t('nearby.mapFailed')}
          className="nearby-map nearby-map-placeholder nearby-map-failed"
        >
          <NearbyMap
            station={{ objectID, name, position: { lat, lng } }}
            neighbours={neighbours}
            numbered={expanded ? neighbours.length : Math.min(LIST_FIRST, neighbours.length)}
            {...(lifts ? { lifts } : {})}
            {...(stops ? { stops } : {})}
          />
        </RetryablePart>
      </ClientOnly>
      {state.status === 'loading' && (
        <p aria-live="polite">
          <Message id="nearby.loading" />
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert">
          <Message id="nearby.error" />
        </p>
      )}
      {state.status === 'done' && neighbours.length === 0 && (
        <p>
          <Message id="nearby.none" values={{ radius: RADIUS_KM }} />
        </p>
      )}
      {neighbours.length > 0 && (
        <>
          <p id={LIST_INTRO_ID} tabIndex={-1}>
            {t('nearby.listIntro', { count: neighbours.length, radius: RADIUS_KM })}
          </p>
          <ol className="nearby-list" aria-labelledby={`in-der-naehe ${LIST_INTRO_ID}`}>
            {/* All of them, those past the first ten hidden until "Alle … anzeigen": without
                JavaScript the button cannot work, and the whole list shows (no-script.css). */}
            {neighbours.map((neighbour, index) => (
              <li
                key={neighbour.objectID}
                className={!expanded && index >= LIST_FIRST ? 'held-back' : undefined}
                hidden={(!expanded && index >= LIST_FIRST) || undefined}
              >
                <Link to={`/bahnhof/${encodeURIComponent(neighbour.objectID)}`}>{neighbour.name}</Link>,{' '}
                <span className="nearby-distance">{formatDistance(neighbour.distance, t)}</span>
              </li>
            ))}
          </ol>
          {neighbours.length > LIST_FIRST && (
            <button
              type="button"
              className="button-secondary nearby-more script-only"
              aria-expanded={expanded}
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? t('nearby.showFewer') : t('nearby.showAll', { count: neighbours.length })}
            </button>
          )}
        </>
      )}
    </section>
  )
}
