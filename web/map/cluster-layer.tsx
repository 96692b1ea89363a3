import { useLeafletContext } from '@react-leaflet/core'
import { divIcon, type LayerGroup, type Marker, marker } from 'leaflet'
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
const POINT_ICON = divIcon({ className: 'cluster-point', iconSize: [14, 14] })

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
    const start = performance.now()
    const clusters = new Supercluster<PointProps>({ radius: 60, maxZoom: 14 })
    clusters.load(
      points.map((point) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [point.lng, point.lat] },
        properties: { id: point.id, name: point.name },
      })),
    )
    return { clusters, loadMs: performance.now() - start }
  }, [points])

  useEffect(() => {
    let shown = new Map<string, Marker>()
    const clusterMarker = (lat: number, lng: number, properties: ClusterProperties) => {
      const count = properties.point_count
      const [size, diameter] = clusterSize(count)
      const created = marker([lat, lng], {
        icon: divIcon({
          html: `<span>${number.format(count)}</span>`,
          className: `cluster-marker cluster-marker--${size}`,
          iconSize: [diameter, diameter],
        }),
        keyboard: true,
      })
      labelMarker(created, `${number.format(count)} Bahnhöfe – heranzoomen`)
      created.on('click', () => {
        map.setView([lat, lng], Math.min(index.clusters.getClusterExpansionZoom(properties.cluster_id), 17))
      })
      return created
    }
    const pointMarker = (lat: number, lng: number, point: PointProps) => {
      const created = marker([lat, lng], { icon: POINT_ICON, keyboard: true })
      labelMarker(created, point.name)
      const link = document.createElement('a')
      link.href = href(point.id)
      link.textContent = point.name
      link.addEventListener('click', (event) => {
        event.preventDefault()
        onNavigate(href(point.id))
      })
      created.bindPopup(link)
      return created
    }
    const draw = (afterNewPoints: boolean) => {
      const start = performance.now()
      const bounds = map.getBounds().pad(0.25)
      const zoom = Math.round(map.getZoom())
      const features = index.clusters.getClusters(
        [
          Math.max(-180, bounds.getWest()),
          Math.max(-85, bounds.getSouth()),
          Math.min(180, bounds.getEast()),
          Math.min(85, bounds.getNorth()),
        ],
        zoom,
      )
      // Markers still in view stay as they are (and keep the focus): a pan adds and removes only
      // what enters and leaves the view.
      const next = new Map<string, Marker>()
      for (const feature of features) {
        const [lng, lat] = feature.geometry.coordinates as [number, number]
        const properties = feature.properties as PointProps | ClusterProperties
        const isCluster = 'cluster' in properties && properties.cluster
        const key = isCluster ? `c${properties.cluster_id}` : `p${(properties as PointProps).id}`
        next.set(
          key,
          shown.get(key) ??
            (isCluster
              ? clusterMarker(lat, lng, properties)
              : pointMarker(lat, lng, properties as PointProps)),
        )
      }
      for (const [key, layer] of shown) if (!next.has(key)) group.removeLayer(layer)
      for (const [key, layer] of next) if (!shown.has(key)) group.addLayer(layer)
      shown = next
      // For the benchmark: the main-thread work of new points (index + first draw), and each redraw.
      const end = performance.now()
      if (afterNewPoints) performance.measure('cluster-update', { start: start - index.loadMs, end })
      performance.measure('cluster-draw', { start, end })
    }
    const redraw = () => draw(false)
    draw(true)
    map.on('moveend', redraw)
    return () => {
      map.off('moveend', redraw)
      group.clearLayers()
      shown = new Map()
    }
  }, [map, group, index, href, onNavigate])

  return null
})
