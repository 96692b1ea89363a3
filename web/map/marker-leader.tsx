import { useMemo } from 'react'
import { CircleMarker, Polyline, useMap } from 'react-leaflet'
import type { MarkerPlace } from './marker-layout.ts'
import { svgRenderer } from './svg-renderer.ts'

/** Leaders are drawn as SVG (svg-renderer.ts says why). */
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
  const renderer = svgRenderer(useMap())
  const leader = useMemo(() => ({ ...LEADER, renderer }), [renderer])
  const dot = useMemo(() => ({ ...STATION_DOT, renderer }), [renderer])
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
      <Polyline positions={line} pathOptions={leader} />
      <CircleMarker center={[place.station.lat, place.station.lng]} pathOptions={dot} />
    </>
  )
}
