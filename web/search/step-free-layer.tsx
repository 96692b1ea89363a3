import { useLeafletContext } from '@react-leaflet/core'
import { circleMarker, type LayerGroup } from 'leaflet'
import { memo, useEffect } from 'react'
import type { MapPoint } from './all-points.ts'

/**
 * "Stufenfrei erreichbar": a green ring on every matching station with step-free access, drawn
 * on the canvas (hundreds of them cost no DOM). Their names are in the list and the popups.
 */
export const StepFreeLayer = memo(function StepFreeLayer({ points }: { points: readonly MapPoint[] }) {
  const context = useLeafletContext()
  const group = context.layerContainer as LayerGroup
  useEffect(() => {
    for (const point of points) {
      if (!point.stepFree) continue
      group.addLayer(
        circleMarker([point.lat, point.lng], {
          radius: 6,
          color: '#1d6b35',
          weight: 2.5,
          fillColor: '#ffffff',
          fillOpacity: 0.6,
          interactive: false,
        }),
      )
    }
    return () => {
      group.clearLayers()
    }
  }, [group, points])
  return null
})
