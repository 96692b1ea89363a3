import { useLeafletContext } from '@react-leaflet/core'
import {
  divIcon,
  type LatLngBounds,
  type LeafletEventHandlerFnMap,
  type LayerGroup as LeafletLayerGroup,
  type Map as LeafletMap,
  latLngBounds,
} from 'leaflet'
import { useCallback, useEffect, useMemo } from 'react'
import { LayerGroup, LayersControl, Marker, Tooltip, useMap } from 'react-leaflet'
import { useNavigate } from 'react-router'
import { useMessages, usePathInLocale } from '../i18n/intl.tsx'
import { withoutLocale } from '../i18n/locale.ts'
import { BaseMap } from '../map/base-map.tsx'
import { ClusterLayer, type ClusterPoint } from '../map/cluster-layer.tsx'
import { formatDistance, type LatLng } from '../map/distance.ts'
import type { FitPadding } from '../map/map-cover.ts'
import { fitMarkers } from '../map/map-fit.ts'
import { setMarkerDiscs } from '../map/marker-discs.ts'
import { MarkerLayout, type MarkerPlace } from '../map/marker-layout.ts'
import { Leader } from '../map/marker-leader.tsx'
import { markerSizes } from '../map/marker-size.ts'
import { numberedIcon } from '../map/numbered-icon.ts'
import type { Disc } from '../map/spread-markers.ts'
import { useMapZoom } from '../map/use-map-zoom.ts'
import type { Neighbour } from './fetch-nearby-stations.ts'
import { LIFT_ICON, type SitePoint, SitePoints, STOP_ICON } from './site-points.tsx'

const NUMBERED_SIZE = 24
const STATION_SIZE = 26
/** The clusters of the neighbours beyond the list: small, they leave the numbered markers the map. */
const CLUSTER_SIZES = markerSizes(false)
/** A margin around the fitted view; the controls are measured (map/map-cover.ts). */
const FIT_PADDING: FitPadding = { topLeft: [8, 8], bottomRight: [8, 8] }
/** Closer than this the map would show a station's platforms, not its neighbourhood. */
const FIT_MAX_ZOOM = 15

/** Stacking: the nearer station on top (Leaflet adds the marker's y in pixels, so steps of 10,000 outweigh it). */
const stackOffset = (number: number) => (1000 - number) * 10_000
const STATION_ICON = divIcon({
  className: 'nearby-marker nearby-marker--station',
  iconSize: [STATION_SIZE, STATION_SIZE],
  iconAnchor: [STATION_SIZE / 2, STATION_SIZE / 2],
})
/** The station's name above it: its tooltip's offset, and its line's height with padding and arrow. */
const NAME_OFFSET = 14
const NAME_HEIGHT = 36

/** Half the 10 km radius' span in degrees, for a station without neighbours. */
const EMPTY_SPAN = { lat: 0.09, lng: 0.14 }

/**
 * A view centred on the station that holds the numbered neighbours: the largest offset in each
 * direction, mirrored.
 */
function centredBounds(center: LatLng, neighbours: readonly Neighbour[]): LatLngBounds {
  let dLat = neighbours.length ? 0.005 : EMPTY_SPAN.lat
  let dLng = neighbours.length ? 0.008 : EMPTY_SPAN.lng
  for (const { position } of neighbours) {
    dLat = Math.max(dLat, Math.abs(position.lat - center.lat))
    dLng = Math.max(dLng, Math.abs(position.lng - center.lng))
  }
  return latLngBounds([center.lat - dLat, center.lng - dLng], [center.lat + dLat, center.lng + dLng])
}

/**
 * The station's marker and its name above it as discs at a zoom (the name's box roughly covered by
 * discs its height across), for the other markers to keep clear of.
 */
function stationDiscs(station: NearbyMapProps['station']) {
  const halfWidth = (station.name.length * 9 + 14) / 2
  const radius = NAME_HEIGHT / 2
  return (map: LeafletMap, zoom: number): Disc[] => {
    const { x, y } = map.project([station.position.lat, station.position.lng], zoom)
    const discs: Disc[] = [{ x, y, radius: STATION_SIZE / 2 }]
    const nameY = y - NAME_OFFSET - radius
    for (let dx = -halfWidth + radius; dx < halfWidth; dx += radius)
      discs.push({ x: x + dx, y: nameY, radius })
    discs.push({ x: x + halfWidth - radius, y: nameY, radius })
    return discs
  }
}

interface NearbyMapProps {
  station: { objectID: string; name: string; position: LatLng }
  /** The station's lifts with a position (DB's lift data, 2020). */
  lifts?: readonly SitePoint[]
  /** The local stops linked to the station (db-hafas-stations). */
  stops?: readonly SitePoint[]
  neighbours: Neighbour[]
  /** How many neighbours the list below shows (the nearest first): those are numbered, the rest clustered. */
  numbered: number
}

function NeighbourMarker({
  neighbour,
  number,
  place,
}: {
  neighbour: Neighbour
  number: number
  place: MarkerPlace
}) {
  const navigate = useNavigate()
  const t = useMessages()
  const label = `${neighbour.name}, ${formatDistance(neighbour.distance, t)}`
  const to = `/bahnhof/${encodeURIComponent(neighbour.objectID)}`
  // Its number in the list below the map (nearest first).
  const icon = useMemo(() => numberedIcon('nearby-marker', number, NUMBERED_SIZE), [number])
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      // Leaflet makes keyboard-operable markers buttons; this one leads to a page, so it is a link.
      add: (event) => {
        const element = (event.target as { getElement(): HTMLElement | undefined }).getElement()
        element?.setAttribute('role', 'link')
        element?.setAttribute('aria-label', label)
      },
      click: () => navigate(to),
      keypress: (event) => {
        if ((event.originalEvent as KeyboardEvent).key === 'Enter') navigate(to)
      },
    }),
    [label, navigate, to],
  )
  return (
    <>
      {place.moved && <Leader place={place} />}
      <Marker
        position={place.drawn}
        icon={icon}
        title={label}
        eventHandlers={handlers}
        zIndexOffset={stackOffset(number)}
      >
        <Tooltip direction="top" offset={[0, -8]}>
          {label}
        </Tooltip>
      </Marker>
    </>
  )
}

/** Tells the basemap's names where this layer's markers lie, so that they keep clear of them. */
function MarkerDiscs({ discs }: { discs: (map: LeafletMap, zoom: number) => readonly Disc[] }) {
  const { map, layerContainer } = useLeafletContext()
  useEffect(() => {
    const group = layerContainer as LeafletLayerGroup
    setMarkerDiscs(map, group, (zoom) => discs(map, zoom))
    return () => setMarkerDiscs(map, group, null)
  }, [map, layerContainer, discs])
  return null
}

/** The numbered neighbours where they are drawn (spread apart where they crowd, see map/marker-layout.ts). */
function NumberedNeighbours({ listed, layout }: { listed: readonly Neighbour[]; layout: MarkerLayout }) {
  const map = useMap()
  const zoom = useMapZoom()
  const { places } = layout.at(map, zoom)
  const discs = useCallback((on: LeafletMap, at: number) => layout.at(on, at).discs, [layout])
  return (
    <>
      <MarkerDiscs discs={discs} />
      {listed.map((neighbour, index) => {
        const place = places.get(neighbour.objectID)
        if (!place) return null
        return (
          <NeighbourMarker key={neighbour.objectID} neighbour={neighbour} number={index + 1} place={place} />
        )
      })}
    </>
  )
}

/** Follows the view when the neighbours arrive after the map, or the list shows more (a programmatic move, no animation). */
function FitView({ bounds, layout }: { bounds: LatLngBounds; layout: MarkerLayout }) {
  const map = useMap()
  useEffect(() => {
    fitMarkers(map, bounds, layout, FIT_PADDING, FIT_MAX_ZOOM)
  }, [map, bounds, layout])
  return null
}

/**
 * The station (highlighted) and its neighbours within 10 km: those the list below shows numbered
 * as there, each a link to its page, and framed by the first view; the others clustered around
 * them, a zoom out away.
 */
export function NearbyMap({ station, neighbours, numbered, lifts = [], stops = [] }: NearbyMapProps) {
  const navigate = useNavigate()
  const t = useMessages()
  // The marker links' addresses carry the language's prefix; the router adds it itself.
  const onNavigate = useCallback((href: string) => navigate(withoutLocale(href)), [navigate])
  const { lat, lng } = station.position
  const listed = useMemo(() => neighbours.slice(0, numbered), [neighbours, numbered])
  const others = useMemo(
    () =>
      neighbours.slice(numbered).map(
        (neighbour): ClusterPoint => ({
          id: neighbour.objectID,
          name: neighbour.name,
          lat: neighbour.position.lat,
          lng: neighbour.position.lng,
        }),
      ),
    [neighbours, numbered],
  )
  const stationMarks = useMemo(
    () => stationDiscs({ objectID: station.objectID, name: station.name, position: { lat, lng } }),
    [station.objectID, station.name, lat, lng],
  )
  const layout = useMemo(
    () =>
      new MarkerLayout(
        listed.map((neighbour) => ({ id: neighbour.objectID, position: neighbour.position })),
        NUMBERED_SIZE,
        stationMarks,
      ),
    [listed, stationMarks],
  )
  const bounds = useMemo(() => centredBounds({ lat, lng }, listed), [lat, lng, listed])
  return (
    <BaseMap
      aria-label={t('nearby.mapLabel', { name: station.name })}
      className="nearby-map"
      bounds={bounds}
      zoomSnap={0.25}
      afterControls={<FitView bounds={bounds} layout={layout} />}
    >
      <LayersControl.Overlay checked name={t('nearby.layerNeighbours')}>
        <LayerGroup>
          <NumberedNeighbours listed={listed} layout={layout} />
          <LayerGroup>
            {others.length > 0 && (
              <NearbyClusters
                points={others}
                onNavigate={onNavigate}
                layout={layout}
                stationMarks={stationMarks}
              />
            )}
          </LayerGroup>
        </LayerGroup>
      </LayersControl.Overlay>
      {lifts.length > 0 && (
        <LayersControl.Overlay checked name={t('lifts.heading')}>
          <LayerGroup>
            <SitePoints points={lifts} icon={LIFT_ICON} />
          </LayerGroup>
        </LayersControl.Overlay>
      )}
      {stops.length > 0 && (
        <LayersControl.Overlay checked name={t('stops.heading')}>
          <LayerGroup>
            <SitePoints points={stops} icon={STOP_ICON} />
          </LayerGroup>
        </LayersControl.Overlay>
      )}
      <LayersControl.Overlay checked name={t('nearby.layerStation')}>
        <LayerGroup>
          <MarkerDiscs discs={stationMarks} />
          <Marker position={station.position} icon={STATION_ICON} keyboard={false} interactive={false}>
            <Tooltip permanent direction="top" offset={[0, -NAME_OFFSET]} className="nearby-station-label">
              {station.name}
            </Tooltip>
          </Marker>
        </LayerGroup>
      </LayersControl.Overlay>
    </BaseMap>
  )
}

/** The neighbours beyond the list, clustered clear of the numbered ones and of the station. */
function NearbyClusters({
  points,
  onNavigate,
  layout,
  stationMarks,
}: {
  points: readonly ClusterPoint[]
  onNavigate: (href: string) => void
  layout: MarkerLayout
  stationMarks: (map: LeafletMap, zoom: number) => readonly Disc[]
}) {
  const map = useMap()
  const inLocale = usePathInLocale()
  const stationHref = useCallback((id: string) => inLocale(`/bahnhof/${encodeURIComponent(id)}`), [inLocale])
  const reserved = useCallback(
    (zoom: number) => [...layout.at(map, zoom).discs, ...stationMarks(map, zoom)],
    [map, layout, stationMarks],
  )
  return (
    <ClusterLayer
      points={points}
      href={stationHref}
      onNavigate={onNavigate}
      sizes={CLUSTER_SIZES}
      reserved={reserved}
    />
  )
}
