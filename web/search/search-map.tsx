import type { LatLngBoundsExpression, Map as LeafletMap } from 'leaflet'
import { memo, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useInstantSearch } from 'react-instantsearch'
import { CircleMarker, LayerGroup, LayersControl, Pane, Tooltip, useMap } from 'react-leaflet'
import { useNavigate } from 'react-router'
import { Message, type Translate, useMessages, usePathInLocale } from '../i18n/intl.tsx'
import { withoutLocale } from '../i18n/locale.ts'
import { BaseMap } from '../map/base-map.tsx'
import { ClusterLayer } from '../map/cluster-layer.tsx'
import { storedOverlay } from '../map/layer-choice.ts'
import type { FitPadding } from '../map/map-cover.ts'
import { MarkerLayout } from '../map/marker-layout.ts'
import { markerSizes, prefersTouchTargets } from '../map/marker-size.ts'
import { StatesOverlay } from '../map/states-overlay.tsx'
import { HitMarkers, usePageHits } from './hit-markers.tsx'
import { MapLegend } from './map-legend.tsx'
import { currentBox } from './map-move-events.ts'
import { MapMoves } from './map-moves.tsx'
import type { GeoSearch, MapSearchControl } from './map-search-control.ts'
import { useNearMe } from './near-me-state.ts'
import { LONG_DISTANCE_RINGS, PointDotsLayer, STEP_FREE_DOTS } from './point-dots-layer.tsx'
import { overlayNames } from './search-map-overlays.ts'
import { useAllPoints } from './use-all-points.ts'
import { useSettled } from './use-settled.ts'

const SEARCH_MAP_LAYERS_KEY = 'bahnhofsfinder.suchkarte.ebenen'

/** The map follows the results once they have rested this long (see use-settled.ts). */
const MAP_SETTLE_MS = 200

/** "Ihr Standort" while the hits are sorted by distance to it. */
const POSITION_STYLE = { color: '#ffffff', weight: 3, fillColor: '#0b57d0', fillOpacity: 1 }

/**
 * A margin around a fitted view. The fit keeps the markers clear of the controls by measuring them
 * (map/map-cover.ts): zoom buttons top left beside the list; on touch screens the legend top left
 * and the credits top right, the layers and zoom buttons bottom right and the map's switch at the
 * bottom, within a thumb's reach.
 */
const FIT_PADDING: FitPadding = { topLeft: [8, 8], bottomRight: [8, 8] }

function initialBounds(geo: GeoSearch): LatLngBoundsExpression | undefined {
  const box = geo.currentRefinement
  if (!box) return undefined
  return [
    [box.southWest.lat, box.southWest.lng],
    [box.northEast.lat, box.northEast.lng],
  ]
}

type Results = ReturnType<typeof useInstantSearch>['results']

/** Reports the overlays shown as the user toggles them in the layers control. */
function OverlaysShown({ onChange }: { onChange: (name: string, shown: boolean) => void }) {
  const map = useMap()
  useEffect(() => {
    const add = (event: { name: string }) => onChange(event.name, true)
    const remove = (event: { name: string }) => onChange(event.name, false)
    map.on('overlayadd', add)
    map.on('overlayremove', remove)
    return () => {
      map.off('overlayadd', add)
      map.off('overlayremove', remove)
    }
  }, [map, onChange])
  return null
}

const checked = (name: string, fallback: boolean) => storedOverlay(SEARCH_MAP_LAYERS_KEY, name, fallback)

/** Each overlay and whether it is shown unless the user chose otherwise. */
function defaultOverlays(t: Translate): ReadonlyArray<readonly [string, boolean]> {
  const OVERLAYS = overlayNames(t)
  return [
    [OVERLAYS.pageHits, true],
    [OVERLAYS.allHits, true],
    [OVERLAYS.states, true],
    [OVERLAYS.stepFree, false],
    [OVERLAYS.longDistance, false],
  ]
}

/** The overlays shown at first: as the user left them, or the defaults. */
const initialOverlays = (t: Translate) =>
  new Set(
    defaultOverlays(t)
      .filter(([name, fallback]) => checked(name, fallback))
      .map(([name]) => name),
  )

/**
 * The map of /suche: the page's hits, all matches clustered, the Bundesländer, step-free stations,
 * long-distance stops.
 * This component re-renders with every state of every search (each keystroke); the Leaflet part
 * below it only when the settled results or the map box change, so typing costs the map nothing.
 */
export function SearchMap({ control }: { control: MapSearchControl }) {
  const { geo } = control
  const mapRef = useRef<LeafletMap>(null)
  const controlRef = useRef(control)
  controlRef.current = control
  const results = useSettled(useInstantSearch().results, MAP_SETTLE_MS)
  const [touch] = useState(prefersTouchTargets)
  const t = useMessages()
  const OVERLAYS = overlayNames(t)
  const [shown, setShown] = useState(() => initialOverlays(t))
  const onOverlayChange = useCallback(
    (name: string, on: boolean) =>
      setShown((previous) => {
        const next = new Set(previous)
        if (on) next.add(name)
        else next.delete(name)
        return next
      }),
    [],
  )
  const { position } = useNearMe()

  return (
    <div className="search-map">
      {/* Laid over the map on phones: the fit and the clusters keep clear of it (map/map-cover.ts). */}
      <div className="search-map-toolbar" data-over-map>
        <label className="search-map-toggle">
          <input
            type="checkbox"
            checked={control.moveSearch}
            onChange={(event) => control.setMoveSearch(event.target.checked)}
          />
          <Message id="searchMap.moveSearch" />
        </label>
        {!control.moveSearch && control.moved && (
          <button
            type="button"
            className="button-secondary search-map-here"
            onClick={() => {
              if (!mapRef.current) return
              geo.refine(currentBox(mapRef.current))
              control.setMoved(false)
            }}
          >
            <Message id="searchMap.searchHere" />
          </button>
        )}
      </div>
      <MapCanvas
        results={results}
        controlRef={controlRef}
        refined={geo.isRefinedWithMap()}
        mapRef={mapRef}
        touch={touch}
        hitsShown={shown.has(OVERLAYS.pageHits)}
        onOverlayChange={onOverlayChange}
      />
      <MapLegend shown={shown} position={Boolean(position)} open={!touch} />
    </div>
  )
}

interface MapCanvasProps {
  results: Results
  controlRef: RefObject<MapSearchControl>
  /** Whether the search is refined with a map box: when that ends, the map follows the hits again. */
  refined: boolean
  mapRef: RefObject<LeafletMap | null>
  /** Touch screen or phone: large targets, controls at the bottom. */
  touch: boolean
  /** The page's hits have their numbered markers (the clusters then hold the other matches). */
  hitsShown: boolean
  onOverlayChange: (name: string, shown: boolean) => void
}

const MapCanvas = memo(function MapCanvas({
  results,
  controlRef,
  refined,
  mapRef,
  touch,
  hitsShown,
  onOverlayChange,
}: MapCanvasProps) {
  const navigate = useNavigate()
  const t = useMessages()
  const OVERLAYS = overlayNames(t)
  const pageHits = usePageHits(results)
  const hits = useMemo(() => pageHits.map(({ hit }) => hit), [pageHits])
  const points = useAllPoints(results)
  // The box from the URL, once: afterwards the map's own moves decide.
  const [bounds] = useState(() => initialBounds(controlRef.current.geo))
  const inLocale = usePathInLocale()
  // The marker links' addresses carry the language's prefix; the router adds it itself.
  const stationHref = useCallback((id: string) => inLocale(`/bahnhof/${encodeURIComponent(id)}`), [inLocale])
  const onNavigate = useCallback((href: string) => navigate(withoutLocale(href)), [navigate])
  const { position } = useNearMe()
  const sizes = useMemo(() => markerSizes(touch), [touch])
  const layout = useMemo(
    () =>
      new MarkerLayout(
        hits.map((hit) => ({ id: hit.objectID, position: hit._geoloc! })),
        sizes.hit,
      ),
    [hits, sizes],
  )
  // While the page's hits have numbered markers, the clusters hold the other matches and keep
  // clear of those markers: a station is drawn once, and every marker can be clicked.
  const clusterPoints = useMemo(() => {
    if (!points || !hitsShown) return points
    const onPage = new Set(hits.map((hit) => hit.objectID))
    return points.filter((point) => !onPage.has(point.id))
  }, [points, hits, hitsShown])
  const reserved = useCallback(
    (zoom: number) => (hitsShown && mapRef.current ? layout.at(mapRef.current, zoom).discs : []),
    [layout, hitsShown, mapRef],
  )

  return (
    <BaseMap
      ref={mapRef}
      aria-label={t('searchMap.label')}
      className="search-map-canvas"
      layersKey={SEARCH_MAP_LAYERS_KEY}
      bounds={bounds}
      zoomSnap={0.25}
      zoomPosition={touch ? 'bottomright' : 'topleft'}
      layersPosition={touch ? 'bottomright' : 'topright'}
      // On touch screens the credits leave the bottom right to the buttons: between them, their
      // lines (three fifths of a phone's width, three lines high) lay over the markers the fit
      // brings to the bottom of the map, where a tap opened the credits' links instead.
      attributionPosition={touch ? 'topright' : 'bottomright'}
      afterControls={
        <MapMoves
          controlRef={controlRef}
          refined={refined}
          query={results?.query ?? ''}
          hits={hits}
          layout={layout}
          padding={FIT_PADDING}
          position={position}
        />
      }
    >
      <OverlaysShown onChange={onOverlayChange} />
      {/* Below the markers: the position and its label never cover a pin. */}
      <Pane name="position" style={{ zIndex: 450, pointerEvents: 'none' }}>
        {position && (
          <CircleMarker
            center={[position.lat, position.lng]}
            radius={8}
            pathOptions={POSITION_STYLE}
            interactive={false}
          >
            <Tooltip permanent direction="top" offset={[0, -10]} pane="position">
              <Message id="searchMap.position" />
            </Tooltip>
          </CircleMarker>
        )}
      </Pane>
      <LayersControl.Overlay name={OVERLAYS.states} checked={checked(OVERLAYS.states, true)}>
        <StatesOverlay />
      </LayersControl.Overlay>
      <LayersControl.Overlay name={OVERLAYS.stepFree} checked={checked(OVERLAYS.stepFree, false)}>
        <LayerGroup>{points && <PointDotsLayer points={points} dots={STEP_FREE_DOTS} />}</LayerGroup>
      </LayersControl.Overlay>
      <LayersControl.Overlay name={OVERLAYS.longDistance} checked={checked(OVERLAYS.longDistance, false)}>
        <LayerGroup>{points && <PointDotsLayer points={points} dots={LONG_DISTANCE_RINGS} />}</LayerGroup>
      </LayersControl.Overlay>
      <LayersControl.Overlay name={OVERLAYS.allHits} checked={checked(OVERLAYS.allHits, true)}>
        <LayerGroup>
          {clusterPoints && (
            <ClusterLayer
              points={clusterPoints}
              href={stationHref}
              onNavigate={onNavigate}
              sizes={sizes}
              reserved={reserved}
            />
          )}
        </LayerGroup>
      </LayersControl.Overlay>
      <LayersControl.Overlay name={OVERLAYS.pageHits} checked={checked(OVERLAYS.pageHits, true)}>
        <LayerGroup>
          <HitMarkers hits={pageHits} layout={layout} size={sizes.hit} />
        </LayerGroup>
      </LayersControl.Overlay>
    </BaseMap>
  )
})
