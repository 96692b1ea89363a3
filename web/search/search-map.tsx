import type { LatLngBoundsExpression, Map as LeafletMap } from 'leaflet'
import { memo, type RefObject, useCallback, useMemo, useRef, useState } from 'react'
import { useInstantSearch } from 'react-instantsearch'
import { CircleMarker, LayerGroup, LayersControl, Tooltip } from 'react-leaflet'
import { useNavigate } from 'react-router'
import { BaseMap } from '../map/base-map.tsx'
import { ClusterLayer } from '../map/cluster-layer.tsx'
import { storedOverlay } from '../map/layer-choice.ts'
import { StatesOverlay } from '../map/states-overlay.tsx'
import { HitMarkers, usePageHits } from './hit-markers.tsx'
import { currentBox, MapMoves } from './map-moves.tsx'
import type { GeoSearch, MapSearchControl } from './map-search-control.ts'
import { useNearMe } from './near-me-state.ts'
import { StepFreeLayer } from './step-free-layer.tsx'
import { useAllPoints } from './use-all-points.ts'
import { useSettled } from './use-settled.ts'

const SEARCH_MAP_LAYERS_KEY = 'bahnhofsfinder.suchkarte.ebenen'

/** The map follows the results once they have rested this long (see use-settled.ts). */
const MAP_SETTLE_MS = 200

const OVERLAYS = {
  pageHits: 'Treffer dieser Seite',
  allHits: 'Alle Treffer (gebündelt)',
  states: 'Bundesländer',
  stepFree: 'Stufenfrei erreichbar',
} as const

/** "Ihr Standort" while the hits are sorted by distance to it. */
const POSITION_STYLE = { color: '#ffffff', weight: 3, fillColor: '#0b57d0', fillOpacity: 1 }

const stationHref = (id: string) => `/bahnhof/${encodeURIComponent(id)}`

function initialBounds(geo: GeoSearch): LatLngBoundsExpression | undefined {
  const box = geo.currentRefinement
  if (!box) return undefined
  return [
    [box.southWest.lat, box.southWest.lng],
    [box.northEast.lat, box.northEast.lng],
  ]
}

type Results = ReturnType<typeof useInstantSearch>['results']

/**
 * The map of /suche: the page's hits, all matches clustered, the Bundesländer, step-free stations.
 * This component re-renders with every state of every search (each keystroke); the Leaflet part
 * below it only when the settled results or the map box change, so typing costs the map nothing.
 */
export function SearchMap({ control }: { control: MapSearchControl }) {
  const { geo } = control
  const mapRef = useRef<LeafletMap>(null)
  const controlRef = useRef(control)
  controlRef.current = control
  const results = useSettled(useInstantSearch().results, MAP_SETTLE_MS)

  return (
    <div className="search-map">
      <div className="search-map-toolbar">
        <label className="search-map-toggle">
          <input
            type="checkbox"
            checked={control.moveSearch}
            onChange={(event) => control.setMoveSearch(event.target.checked)}
          />
          Beim Verschieben der Karte suchen
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
            Hier suchen
          </button>
        )}
      </div>
      <MapCanvas results={results} controlRef={controlRef} refined={geo.isRefinedWithMap()} mapRef={mapRef} />
    </div>
  )
}

interface MapCanvasProps {
  results: Results
  controlRef: RefObject<MapSearchControl>
  /** Whether the search is refined with a map box: when that ends, the map follows the hits again. */
  refined: boolean
  mapRef: RefObject<LeafletMap | null>
}

const MapCanvas = memo(function MapCanvas({ results, controlRef, refined, mapRef }: MapCanvasProps) {
  const navigate = useNavigate()
  const pageHits = usePageHits(results)
  const hits = useMemo(() => pageHits.map(({ hit }) => hit), [pageHits])
  const points = useAllPoints(results)
  // The box from the URL, once: afterwards the map's own moves decide.
  const [bounds] = useState(() => initialBounds(controlRef.current.geo))
  const onNavigate = useCallback((href: string) => navigate(href), [navigate])
  const checked = (name: string, fallback: boolean) => storedOverlay(SEARCH_MAP_LAYERS_KEY, name, fallback)
  const { position } = useNearMe()

  return (
    <BaseMap
      ref={mapRef}
      aria-label="Karte der Treffer"
      className="search-map-canvas"
      layersKey={SEARCH_MAP_LAYERS_KEY}
      bounds={bounds}
    >
      <MapMoves controlRef={controlRef} refined={refined} hits={hits} />
      {position && (
        <CircleMarker
          center={[position.lat, position.lng]}
          radius={8}
          pathOptions={POSITION_STYLE}
          interactive={false}
        >
          <Tooltip permanent direction="top" offset={[0, -10]}>
            Ihr Standort
          </Tooltip>
        </CircleMarker>
      )}
      <LayersControl.Overlay name={OVERLAYS.states} checked={checked(OVERLAYS.states, false)}>
        <StatesOverlay />
      </LayersControl.Overlay>
      <LayersControl.Overlay name={OVERLAYS.stepFree} checked={checked(OVERLAYS.stepFree, false)}>
        <LayerGroup>{points && <StepFreeLayer points={points} />}</LayerGroup>
      </LayersControl.Overlay>
      <LayersControl.Overlay name={OVERLAYS.allHits} checked={checked(OVERLAYS.allHits, true)}>
        <LayerGroup>
          {points && <ClusterLayer points={points} href={stationHref} onNavigate={onNavigate} />}
        </LayerGroup>
      </LayersControl.Overlay>
      <LayersControl.Overlay name={OVERLAYS.pageHits} checked={checked(OVERLAYS.pageHits, true)}>
        <LayerGroup>
          <HitMarkers hits={pageHits} />
        </LayerGroup>
      </LayersControl.Overlay>
    </BaseMap>
  )
})
