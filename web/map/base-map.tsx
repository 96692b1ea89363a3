import 'leaflet/dist/leaflet.css'
import './map.css'
import type { ControlPosition, LatLngBoundsExpression, LatLngExpression, Map as LeafletMap } from 'leaflet'
import { type ReactNode, type Ref, useEffect } from 'react'
import {
  AttributionControl,
  LayersControl,
  MapContainer,
  TileLayer,
  useMap,
  ZoomControl,
} from 'react-leaflet'
import { useMessages } from '../i18n/intl.tsx'
import { useConfig } from '../shared/config-context.tsx'
import { storeBaseLayer, storedBaseLayer, storeOverlay } from './layer-choice.ts'
import { OfflineBasemap } from './offline-basemap.tsx'

const OSM_LAYER = 'OpenStreetMap'

/** Germany with a little margin: the view when a caller gives neither center nor bounds. */
const GERMANY_BOUNDS: LatLngBoundsExpression = [
  [47.2, 5.8],
  [55.1, 15.1],
]

/** The credit's link, put into the message (Leaflet takes the credit as HTML). */
const OSM_COPYRIGHT = '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'

export interface BaseMapProps {
  /** An accessible name for the map region, e.g. "Karte der Treffer". */
  'aria-label': string
  center?: LatLngExpression
  zoom?: number
  /** Used when `center` and `zoom` are not both given; defaults to Germany. */
  bounds?: LatLngBoundsExpression
  className?: string
  /** Overlays (`LayersControl.Overlay`) and other layers. */
  children?: ReactNode
  /**
   * What needs every control in place, such as a fit that keeps the markers clear of them: it
   * comes after the layers control, which is added to the map after its overlays.
   */
  afterControls?: ReactNode
  /**
   * localStorage key under which the chosen layers are kept; without it nothing is stored. Overlays
   * read their stored state with `storedOverlay(layersKey, name, fallback)` for their `checked`.
   */
  layersKey?: string
  /** The Leaflet map, once created. */
  ref?: Ref<LeafletMap>
  /** Where the zoom buttons sit: top left by default; bottom right puts them in a thumb's reach on phones. */
  zoomPosition?: ControlPosition
  /** Where the layers button sits: top right by default. */
  layersPosition?: ControlPosition
  /** Where the credits sit: bottom right by default. */
  attributionPosition?: ControlPosition
  /**
   * The zoom levels a fit may stop at: whole levels by default; quarter levels (0.25) frame what
   * is fitted closely, where whole levels often leave it at half the map's size.
   */
  zoomSnap?: number
}

/** Names the map region for screen readers and keeps the chosen layers (see layer-choice.ts). */
function MapSetup({ label, layersKey }: { label: string; layersKey?: string }) {
  const map = useMap()
  const t = useMessages()
  useEffect(() => {
    const container = map.getContainer()
    container.setAttribute('role', 'region')
    container.setAttribute('aria-label', label)
    container.setAttribute('aria-roledescription', t('map.roleDescription'))
  }, [map, label, t])
  useEffect(() => {
    if (!layersKey) return
    const onBase = (event: { name: string }) => storeBaseLayer(layersKey, event.name)
    const onAdd = (event: { name: string }) => storeOverlay(layersKey, event.name, true)
    const onRemove = (event: { name: string }) => storeOverlay(layersKey, event.name, false)
    map.on('baselayerchange', onBase)
    map.on('overlayadd', onAdd)
    map.on('overlayremove', onRemove)
    return () => {
      map.off('baselayerchange', onBase)
      map.off('overlayadd', onAdd)
      map.off('overlayremove', onRemove)
    }
  }, [map, layersKey])
  return null
}

/** Names for Leaflet's layers button, which has none (its control exists once this runs: it comes later in the tree). */
function ControlLabels() {
  const map = useMap()
  const t = useMessages()
  useEffect(() => {
    const toggle = map.getContainer().querySelector('.leaflet-control-layers-toggle')
    toggle?.setAttribute('title', t('map.layers'))
    toggle?.setAttribute('aria-label', t('map.layers'))
  }, [map, t])
  return null
}

/**
 * The map every page uses: Leaflet with a canvas renderer, the offline basemap ("Karte (offline)"),
 * OpenStreetMap tiles only when /config.json names a tile URL, the data credits, and a layers
 * control into which callers put their overlays as children. Keyboard panning stays on.
 */
export function BaseMap({
  'aria-label': label,
  center,
  zoom,
  bounds,
  className,
  children,
  afterControls,
  layersKey,
  ref,
  zoomPosition = 'topleft',
  layersPosition = 'topright',
  attributionPosition = 'bottomright',
  zoomSnap = 1,
}: BaseMapProps) {
  const { map: mapConfig } = useConfig()
  const t = useMessages()
  const tileUrl = mapConfig.tileUrl
  const offlineLayer = t('map.offlineLayer')
  const base = storedBaseLayer(layersKey, offlineLayer)
  const osmChosen = Boolean(tileUrl) && base === OSM_LAYER
  const view =
    center !== undefined && zoom !== undefined ? { center, zoom } : { bounds: bounds ?? GERMANY_BOUNDS }
  return (
    <MapContainer
      ref={ref}
      {...view}
      className={['base-map', className].filter(Boolean).join(' ')}
      preferCanvas
      keyboard
      minZoom={5}
      maxZoom={17}
      zoomSnap={zoomSnap}
      // Keeps the view near Germany, so map boxes stay within ±180°.
      maxBounds={[
        [35, -20],
        [65, 40],
      ]}
      maxBoundsViscosity={0.8}
      worldCopyJump={false}
      attributionControl={false}
      zoomControl={false}
    >
      <ZoomControl position={zoomPosition} zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
      {/* Leaflet's default prefix carries a flag; the credit line stays plain text and links. */}
      <AttributionControl
        position={attributionPosition}
        prefix='<a href="https://leafletjs.com">Leaflet</a>'
      />
      <MapSetup label={label} layersKey={layersKey} />
      <LayersControl position={layersPosition}>
        <LayersControl.BaseLayer checked={!osmChosen} name={offlineLayer}>
          <OfflineBasemap />
        </LayersControl.BaseLayer>
        {tileUrl && (
          <LayersControl.BaseLayer checked={osmChosen} name={OSM_LAYER}>
            <TileLayer
              url={tileUrl}
              attribution={mapConfig.tileAttribution ?? t('map.osmCredit', { osm: OSM_COPYRIGHT })}
            />
          </LayersControl.BaseLayer>
        )}
        {children}
      </LayersControl>
      <ControlLabels />
      {afterControls}
    </MapContainer>
  )
}
