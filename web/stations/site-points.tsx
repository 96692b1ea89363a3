// The station's own points on its map (its lifts, its linked stops): small markers with a tooltip,
// each kind a layer of the map in nearby-map.tsx.
import { divIcon } from 'leaflet'
import { Marker, Tooltip } from 'react-leaflet'
import type { LatLng } from '../map/distance.ts'

/** A point of the station itself drawn on its map: a lift, a linked stop. */
export interface SitePoint {
  id: string
  /** What its tooltip says ("Aufzug zu Gleis 2/3"). */
  label: string
  position: LatLng
}

const LIFT_SIZE = 14
export const LIFT_ICON = divIcon({
  className: 'site-marker site-marker--lift',
  iconSize: [LIFT_SIZE, LIFT_SIZE],
  iconAnchor: [LIFT_SIZE / 2, LIFT_SIZE / 2],
})

const STOP_SIZE = 14
export const STOP_ICON = divIcon({
  className: 'site-marker site-marker--stop',
  iconSize: [STOP_SIZE, STOP_SIZE],
  iconAnchor: [STOP_SIZE / 2, STOP_SIZE / 2],
})

/**
 * The station's own points as small markers with a tooltip, under their own layer: not tab stops,
 * since the page lists each of them with more words than a tooltip holds.
 */
export function SitePoints({
  points,
  icon,
}: {
  points: readonly SitePoint[]
  icon: ReturnType<typeof divIcon>
}) {
  return (
    <>
      {points.map((point) => (
        <Marker key={point.id} position={point.position} icon={icon} keyboard={false} title={point.label}>
          <Tooltip direction="top" offset={[0, -6]}>
            {point.label}
          </Tooltip>
        </Marker>
      ))}
    </>
  )
}
