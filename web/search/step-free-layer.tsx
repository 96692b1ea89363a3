import { useLeafletContext } from '@react-leaflet/core'
import { circleMarker, type LayerGroup } from 'leaflet'
import { memo, useEffect } from 'react'
import type { MapPoint } from './all-points.ts'

const RING = {
  radius: 6,
  color: '#1d6b35',
  weight: 2.5,
  fillColor: '#ffffff',
  fillOpacity: 0.6,
  interactive: false,
}

/**
 * "Stufenfrei erreichbar": a green ring on every matching station with step-free access, drawn
 * on the canvas (hundreds of them cost no DOM). Their names are in the list and the popups.
 */
export const StepFreeLayer = memo(function StepFreeLayer({ points }: { points: readonly MapPoint[] }) {
  const context = useLeafletContext()
  const group = context.layerContainer as LayerGroup
  useEffect(() => {
    // Drawn only while the overlay is shown (off by default): thousands of rings cost time to build.
    const fill = () => {
      for (const point of points) {
        if (!point.stepFree) continue
        group.addLayer(circleMarker([point.lat, point.lng], RING))
      }
    }
    const empty = () => group.clearLayers()
    if (context.map.hasLayer(group)) fill()
    group.on('add', fill)
    group.on('remove', empty)
    return () => {
      group.off('add', fill)
      group.off('remove', empty)
      empty()
    }
  }, [context.map, group, points])
  return null
})
