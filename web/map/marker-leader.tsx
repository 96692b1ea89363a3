import { type Map as LeafletMap, type Renderer, svg } from 'leaflet'
import { useMemo } from 'react'
import { CircleMarker, Polyline, useMap } from 'react-leaflet'
import type { MarkerPlace } from './marker-layout.ts'

/**
 * Leaders are drawn as SVG, one renderer per map: the map's canvas renderer asks for a redraw when
 * a path goes, also when React removes the path after the map itself (leaving the page), and that
 * redraw then throws in the next frame for want of a canvas.
 */
const leaderRenderers = new WeakMap<LeafletMap, Renderer>()

function leaderRenderer(map: LeafletMap): Renderer {
  let renderer = leaderRenderers.get(map)
  if (!renderer) {
    renderer = svg()
    leaderRenderers.set(map, renderer)
  }
  return renderer
}

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
  const renderer = leaderRenderer(useMap())
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
