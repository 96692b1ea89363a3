import { useLeafletContext } from '@react-leaflet/core'
import { type CircleMarker, circleMarker, type LayerGroup } from 'leaflet'
import { memo, useEffect } from 'react'
import type { MapPoint } from './all-points.ts'

/** The symbol: a small green dot with a white rim, clear of the beige land and the blue markers. */
const STEP_FREE_STYLE = {
  color: '#ffffff',
  weight: 1,
  fillColor: '#0f7a3c',
  fillOpacity: 1,
  interactive: false,
}

/** Small at the country's scale, where thousands share the map; larger once few are in view. */
function radiusAt(zoom: number): number {
  if (zoom <= 6) return 2
  if (zoom <= 8) return 3
  if (zoom <= 11) return 4
  return 5.5
}

/**
 * "Stufenfrei erreichbar": a small green dot on every matching station with step-free access, drawn
 * on the canvas (thousands of them cost no DOM), below the place names and every marker, so that
 * the map stays readable. Their names are in the list and the popups.
 */
export const StepFreeLayer = memo(function StepFreeLayer({ points }: { points: readonly MapPoint[] }) {
  const context = useLeafletContext()
  const group = context.layerContainer as LayerGroup
  const map = context.map
  useEffect(() => {
    let dots: CircleMarker[] = []
    let radius = radiusAt(map.getZoom())
    // Drawn only while the overlay is shown (off by default): thousands of dots cost time to build.
    const fill = () => {
      radius = radiusAt(map.getZoom())
      dots = points.flatMap((point) =>
        point.stepFree ? [circleMarker([point.lat, point.lng], { ...STEP_FREE_STYLE, radius })] : [],
      )
      for (const dot of dots) group.addLayer(dot)
    }
    const resize = () => {
      const next = radiusAt(map.getZoom())
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
  }, [map, group, points])
  return null
})
