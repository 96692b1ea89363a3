import { useLeafletContext } from '@react-leaflet/core'
import { divIcon, type LayerGroup, type Marker, marker } from 'leaflet'
import { memo, useEffect, useRef } from 'react'
import type { ClusterPoint, DrawnFeature } from './cluster-protocol.ts'
import { ClusterWorker } from './cluster-worker-client.ts'
import { labelMarker } from './marker-label.ts'

export type { ClusterPoint } from './cluster-protocol.ts'

interface ClusterLayerProps {
  points: readonly ClusterPoint[]
  /** Where a single point's popup links to, e.g. its station page. */
  href: (id: string) => string
  /** Follows the link inside the app (no page reload). */
  onNavigate: (href: string) => void
}

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
 * Every point, clustered with supercluster in a worker (indexing thousands of points takes longer
 * than a frame): counts on the clusters (they add up to the number of points), a click zooms in.
 * Only what is in view (plus a margin) is drawn, and only after a move ends, so panning across
 * thousands of points stays smooth. Rendered inside a LayerGroup.
 */
export const ClusterLayer = memo(function ClusterLayer({ points, href, onNavigate }: ClusterLayerProps) {
  const context = useLeafletContext()
  const group = context.layerContainer as LayerGroup
  const map = context.map
  const worker = useRef<ClusterWorker | null>(null)
  // Drawn markers by what they show: a cluster or point that is the same for new points (another
  // refinement) or still in view after a move stays as it is, and keeps the keyboard focus.
  const shown = useRef(new Map<string, Marker>())

  useEffect(
    () => () => {
      worker.current?.dispose()
      worker.current = null
      group.clearLayers()
      shown.current = new Map()
    },
    [group],
  )

  useEffect(() => {
    worker.current ??= new ClusterWorker()
    const clustering = worker.current
    const postStart = performance.now()
    const indexed = clustering.load(points)
    const postMs = performance.now() - postStart
    let latest = 0
    let first = true

    const clusterMarker = (feature: Extract<DrawnFeature, { kind: 'cluster' }>) => {
      const { lat, lng, count, expansionZoom } = feature
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
      created.on('click', () => map.setView([lat, lng], Math.min(expansionZoom, 17)))
      return created
    }
    const pointMarker = (lat: number, lng: number, point: ClusterPoint) => {
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
    const draw = async () => {
      latest += 1
      const request = latest
      const bounds = map.getBounds().pad(0.25)
      const features = await clustering.query(
        [
          Math.max(-180, bounds.getWest()),
          Math.max(-85, bounds.getSouth()),
          Math.min(180, bounds.getEast()),
          Math.min(85, bounds.getNorth()),
        ],
        Math.round(map.getZoom()),
      )
      // A later move or newer points asked again: their answer draws.
      if (!features || request !== latest) return
      const start = performance.now()
      const next = new Map<string, Marker>()
      const before = shown.current
      for (const feature of features) {
        if (feature.kind === 'cluster') {
          const key = `c${feature.count}@${feature.lat},${feature.lng}/${feature.expansionZoom}`
          next.set(key, before.get(key) ?? clusterMarker(feature))
        } else {
          const point = points[feature.index]
          if (!point) continue
          const key = `p${point.id}`
          next.set(key, before.get(key) ?? pointMarker(feature.lat, feature.lng, point))
        }
      }
      for (const [key, layer] of before) if (!next.has(key)) group.removeLayer(layer)
      for (const [key, layer] of next) if (!before.has(key)) group.addLayer(layer)
      shown.current = next
      // For the benchmark: the main thread's share of new points (handing them to the worker and
      // the first draw), the worker's indexing time, and each redraw.
      const end = performance.now()
      if (first) {
        first = false
        performance.measure('cluster-update', { start: start - postMs, end })
        const indexMs = await indexed
        if (Number.isFinite(indexMs)) performance.measure('cluster-index', { start: 0, duration: indexMs })
      }
      performance.measure('cluster-draw', { start, end })
    }
    const redraw = () => void draw()
    redraw()
    map.on('moveend', redraw)
    return () => {
      latest += 1
      map.off('moveend', redraw)
    }
  }, [map, group, points, href, onNavigate])

  return null
})
