import { useLeafletContext } from '@react-leaflet/core'
import { divIcon, type LayerGroup, marker } from 'leaflet'
import { memo, useEffect, useMemo } from 'react'
import Supercluster, { type ClusterProperties } from 'supercluster'
import { labelMarker } from './marker-label.ts'

export interface ClusterPoint {
  id: string
  name: string
  lat: number
  lng: number
}

interface ClusterLayerProps {
  points: readonly ClusterPoint[]
  /** Where a single point's popup links to, e.g. its station page. */
  href: (id: string) => string
  /** Follows the link inside the app (no page reload). */
  onNavigate: (href: string) => void
}

type PointProps = { id: string; name: string }

const number = new Intl.NumberFormat('de-DE')

/** Size class and diameter in pixels: larger clusters draw larger. */
function clusterSize(count: number): [string, number] {
  if (count >= 1000) return ['xl', 52]
  if (count >= 100) return ['l', 46]
  if (count >= 10) return ['m', 38]
  return ['s', 32]
}

/**
 * Every point, clustered with supercluster: counts on the clusters (they add up to the number of
 * points), a click zooms in. Only what is in view (plus a margin) is drawn, and only after a move
 * ends, so panning across thousands of points stays smooth. Rendered inside a LayerGroup.
 */
export const ClusterLayer = memo(function ClusterLayer({ points, href, onNavigate }: ClusterLayerProps) {
  const context = useLeafletContext()
  const group = context.layerContainer as LayerGroup
  const map = context.map

  const index = useMemo(() => {
    performance.mark('cluster-index-start')
    const clusters = new Supercluster<PointProps>({ radius: 60, maxZoom: 16 })
    clusters.load(
      points.map((point) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [point.lng, point.lat] },
        properties: { id: point.id, name: point.name },
      })),
    )
    return clusters
  }, [points])

  useEffect(() => {
    const draw = (afterNewPoints: boolean) => {
      performance.mark('cluster-draw-start')
      const bounds = map.getBounds().pad(0.25)
      const zoom = Math.round(map.getZoom())
      const features = index.getClusters(
        [
          Math.max(-180, bounds.getWest()),
          Math.max(-85, bounds.getSouth()),
          Math.min(180, bounds.getEast()),
          Math.min(85, bounds.getNorth()),
        ],
        zoom,
      )
      group.clearLayers()
      for (const feature of features) {
        const [lng, lat] = feature.geometry.coordinates as [number, number]
        const properties = feature.properties as PointProps | ClusterProperties
        if ('cluster' in properties && properties.cluster) {
          const count = properties.point_count
          const [size, diameter] = clusterSize(count)
          const clusterMarker = marker([lat, lng], {
            icon: divIcon({
              html: `<span>${number.format(count)}</span>`,
              className: `cluster-marker cluster-marker--${size}`,
              iconSize: [diameter, diameter],
            }),
            keyboard: true,
          })
          labelMarker(clusterMarker, `${number.format(count)} Bahnhöfe – heranzoomen`)
          clusterMarker.on('click', () => {
            map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(properties.cluster_id), 17))
          })
          group.addLayer(clusterMarker)
        } else {
          const point = properties as PointProps
          const pointMarker = marker([lat, lng], {
            icon: divIcon({ className: 'cluster-point', iconSize: [14, 14] }),
            keyboard: true,
          })
          labelMarker(pointMarker, point.name)
          const link = document.createElement('a')
          link.href = href(point.id)
          link.textContent = point.name
          link.addEventListener('click', (event) => {
            event.preventDefault()
            onNavigate(href(point.id))
          })
          pointMarker.bindPopup(link)
          group.addLayer(pointMarker)
        }
      }
      // For the benchmark: new points → clusters on screen, and each redraw.
      if (afterNewPoints) performance.measure('cluster-update', 'cluster-index-start')
      performance.measure('cluster-draw', 'cluster-draw-start')
    }
    const redraw = () => draw(false)
    draw(true)
    map.on('moveend', redraw)
    return () => {
      map.off('moveend', redraw)
      group.clearLayers()
    }
  }, [map, group, index, href, onNavigate])

  return null
})
