import { divIcon, type LatLngBoundsExpression, type LeafletEventHandlerFnMap } from 'leaflet'
import { useEffect, useMemo } from 'react'
import { LayerGroup, LayersControl, Marker, Tooltip, useMap } from 'react-leaflet'
import { useNavigate } from 'react-router'
import { BaseMap } from '../map/base-map.tsx'
import { formatDistance, type LatLng } from '../map/distance.ts'
import type { Neighbour } from './fetch-nearby-stations.ts'

/** A neighbour's marker shows its number in the list below the map (nearest first). */
const neighbourIcon = (number: number) =>
  divIcon({
    className: 'nearby-marker',
    html: `<span>${number}</span>`,
    iconSize: [24, 24],
    iconAnchor: [12, 12],
  })
/** Stacking: the nearer station on top (Leaflet adds the marker's y in pixels, so steps of 10,000 outweigh it). */
const stackOffset = (number: number) => (1000 - number) * 10_000
const STATION_ICON = divIcon({
  className: 'nearby-marker nearby-marker--station',
  iconSize: [26, 26],
  iconAnchor: [13, 13],
})

/** Half the 10 km radius' span in degrees, for a station without neighbours. */
const EMPTY_SPAN = { lat: 0.09, lng: 0.14 }

/**
 * A view centred on the station that holds every neighbour: the largest offset in each direction,
 * mirrored. Markers near the edge keep a margin through the map's padding.
 */
function centredBounds(center: LatLng, neighbours: Neighbour[]): LatLngBoundsExpression {
  let dLat = neighbours.length ? 0.005 : EMPTY_SPAN.lat
  let dLng = neighbours.length ? 0.008 : EMPTY_SPAN.lng
  for (const { position } of neighbours) {
    dLat = Math.max(dLat, Math.abs(position.lat - center.lat))
    dLng = Math.max(dLng, Math.abs(position.lng - center.lng))
  }
  dLat *= 1.1
  dLng *= 1.1
  return [
    [center.lat - dLat, center.lng - dLng],
    [center.lat + dLat, center.lng + dLng],
  ]
}

interface NearbyMapProps {
  station: { objectID: string; name: string; position: LatLng }
  neighbours: Neighbour[]
}

function NeighbourMarker({ neighbour, number }: { neighbour: Neighbour; number: number }) {
  const navigate = useNavigate()
  const label = `${neighbour.name}, ${formatDistance(neighbour.distance)}`
  const to = `/bahnhof/${encodeURIComponent(neighbour.objectID)}`
  const icon = useMemo(() => neighbourIcon(number), [number])
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
    <Marker
      position={neighbour.position}
      icon={icon}
      title={label}
      eventHandlers={handlers}
      zIndexOffset={stackOffset(number)}
    >
      <Tooltip direction="top" offset={[0, -8]}>
        {label}
      </Tooltip>
    </Marker>
  )
}

/** Follows the view when the neighbours arrive after the map (a programmatic move, no animation). */
function FitView({ bounds }: { bounds: LatLngBoundsExpression }) {
  const map = useMap()
  useEffect(() => {
    // Quarter zoom steps: whole ones would often leave the 10 km circle at half the map's size.
    map.options.zoomSnap = 0.25
    map.fitBounds(bounds, { animate: false })
  }, [map, bounds])
  return null
}

/** The station (highlighted) and its neighbours within 10 km, numbered as in the list below, each a link to its page. */
export function NearbyMap({ station, neighbours }: NearbyMapProps) {
  const bounds = useMemo(() => centredBounds(station.position, neighbours), [station.position, neighbours])
  return (
    <BaseMap
      aria-label={`Karte: ${station.name} und die Bahnhöfe im Umkreis von 10 km`}
      className="nearby-map"
      bounds={bounds}
    >
      <FitView bounds={bounds} />
      <LayersControl.Overlay checked name="Bahnhöfe in der Nähe">
        <LayerGroup>
          {neighbours.map((neighbour, index) => (
            <NeighbourMarker key={neighbour.objectID} neighbour={neighbour} number={index + 1} />
          ))}
        </LayerGroup>
      </LayersControl.Overlay>
      <LayersControl.Overlay checked name="Dieser Bahnhof">
        <Marker position={station.position} icon={STATION_ICON} keyboard={false} interactive={false}>
          <Tooltip permanent direction="top" offset={[0, -14]} className="nearby-station-label">
            {station.name}
          </Tooltip>
        </Marker>
      </LayersControl.Overlay>
    </BaseMap>
  )
}
