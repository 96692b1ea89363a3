import { useMemo } from 'react'
import { CircleMarker, Polyline } from 'react-leaflet'
import type { MarkerPlace } from './marker-layout.ts'

const LEADER = { color: '#0b3a66', weight: 1.5, opacity: 0.8, interactive: false }
const STATION_DOT = {
  radius: 3,
  color: '#ffffff',
  weight: 1,
  fillColor: '#0b3a66',
  fillOpacity: 1,
  interactive: false,
}

/** A marker moved off its station (see marker-layout.ts): a line from the station to it, and a dot on the station. */
export function Leader({ place }: { place: MarkerPlace }) {
  const line = useMemo(
    () =>
      [
        [place.station.lat, place.station.lng],
        [place.drawn.lat, place.drawn.lng],
      ] as [number, number][],
    [place],
  )
  return (
    <>
      <Polyline positions={line} pathOptions={LEADER} />
      <CircleMarker center={[place.station.lat, place.station.lng]} pathOptions={STATION_DOT} />
    </>
  )
}
