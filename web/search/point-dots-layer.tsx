import { useLeafletContext } from '@react-leaflet/core'
import { type CircleMarker, type CircleMarkerOptions, circleMarker, type LayerGroup } from 'leaflet'
import { memo, useEffect } from 'react'
import { svgRenderer } from '../map/svg-renderer.ts'
import type { MapPoint } from './all-points.ts'

/** Small at the country's scale, where thousands share the map; larger once few are in view. */
function radiusAt(zoom: number): number {
  if (zoom <= 6) return 2
  if (zoom <= 8) return 3
  if (zoom <= 11) return 4
  return 5.5
}

/** A kind of point the search map can mark: which matches, how they look, how large they grow. */
export interface PointDots {
  marks(point: MapPoint): boolean
  style: CircleMarkerOptions
  /** Added to the radius at every zoom (a ring around a step-free dot stays visible). */
  grow: number
  /** Drawn as SVG elements rather than on the map's canvas (few enough to be elements). */
  svg: boolean
}

/**
 * "Stufenfrei erreichbar": a small green dot with a white rim on every matching station with
 * step-free access, clear of the beige land and the blue markers. Thousands of them: drawn on the
 * map's canvas, where they cost no DOM.
 */
export const STEP_FREE_DOTS: PointDots = {
  marks: (point) => point.stepFree,
  style: { color: '#ffffff', weight: 1, fillColor: '#0f7a3c', fillOpacity: 1, interactive: false },
  grow: 0,
  svg: false,
}

/**
 * "Fernverkehrshalte": a dark red ring around every matching station where ICE or IC/EC trains
 * stop, large enough to ring a step-free dot. A few hundred: drawn as SVG (each ring an element of
 * class `long-distance-stop`), above the canvas and so never hidden by a dot.
 */
export const LONG_DISTANCE_RINGS: PointDots = {
  marks: (point) => point.longDistance,
  style: {
    color: '#a4001d',
    weight: 2,
    fill: false,
    interactive: false,
    className: 'long-distance-stop',
  },
  grow: 2.5,
  svg: true,
}

/**
 * Marks every matching station of one kind on the map, below the place names and every marker, so
 * that the map stays readable; their names are in the list and the popups. Drawn only while the
 * overlay is shown: thousands of marks cost time to build.
 */
export const PointDotsLayer = memo(function PointDotsLayer({
  points,
  dots: kind,
}: {
  points: readonly MapPoint[]
  dots: PointDots
}) {
  const context = useLeafletContext()
  const group = context.layerContainer as LayerGroup
  const map = context.map
  useEffect(() => {
    let dots: CircleMarker[] = []
    const radiusNow = () => radiusAt(map.getZoom()) + kind.grow
    let radius = radiusNow()
    const style = kind.svg ? { ...kind.style, renderer: svgRenderer(map) } : kind.style
    const fill = () => {
      radius = radiusNow()
      dots = points.flatMap((point) =>
        kind.marks(point) ? [circleMarker([point.lat, point.lng], { ...style, radius })] : [],
      )
      for (const dot of dots) group.addLayer(dot)
    }
    const resize = () => {
      const next = radiusNow()
      if (next === radius) return
      radius = next
      for (const dot of dots) dot.setRadius(radius)
    }
    const empty = () => {
      group.clearLayers()
      dots = []
    }
    if (map.hasLayer(group)) fill()
    group.on('add', fill)
    group.on('remove', empty)
    map.on('zoomend', resize)
    return () => {
      group.off('add', fill)
      group.off('remove', empty)
      map.off('zoomend', resize)
      empty()
    }
  }, [map, group, points, kind])
  return null
})
