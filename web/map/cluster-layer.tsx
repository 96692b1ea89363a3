import { useLeafletContext } from '@react-leaflet/core'
import type { LayerGroup, Marker } from 'leaflet'
import { memo, useEffect, useRef } from 'react'
import { useMessages } from '../i18n/intl.tsx'
import { clusterMarker, featureKey, placeFeatures, pointIcon, pointMarker } from './cluster-markers.ts'
import type { ClusterPoint } from './cluster-protocol.ts'
import { ClusterWorker } from './cluster-worker-client.ts'
import { setMarkerDiscs } from './marker-discs.ts'
import type { MarkerSizes } from './marker-size.ts'
import type { Disc } from './spread-markers.ts'

export type { ClusterPoint } from './cluster-protocol.ts'

interface ClusterLayerProps {
  points: readonly ClusterPoint[]
  /** Where a single point's popup links to, e.g. its station page. */
  href: (id: string) => string
  /** Follows the link inside the app (no page reload). */
  onNavigate: (href: string) => void
  sizes: MarkerSizes
  /**
   * Markers of another layer at a zoom, in projected pixels: bubbles and points are placed clear
   * of them, so that neither covers the other.
   */
  reserved?: (zoom: number) => readonly Disc[]
}

/**
 * Every point, clustered with supercluster in a worker (indexing thousands of points takes longer
 * than a frame): counts on the clusters (they add up to the number of points), a click zooms in.
 * Only what is in view (plus a margin) is drawn, and only after a move ends, so panning across
 * thousands of points stays smooth. No bubble or point covers another or a reserved marker: those
 * that would are moved aside (spread-markers.ts), at most twice their size, and never under the
 * map's controls or what else lies over the map (map-cover.ts). Rendered inside a LayerGroup.
 */
export const ClusterLayer = memo(function ClusterLayer({
  points,
  href,
  onNavigate,
  sizes,
  reserved,
}: ClusterLayerProps) {
  const context = useLeafletContext()
  const t = useMessages()
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
      setMarkerDiscs(map, group, null)
    },
    [map, group],
  )

  useEffect(() => {
    worker.current ??= new ClusterWorker()
    const clustering = worker.current
    const postStart = performance.now()
    const indexed = clustering.load(points)
    const postMs = performance.now() - postStart
    let latest = 0
    let first = true
    const icon = pointIcon(sizes)
    const links = { href, onNavigate }
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
      const zoom = map.getZoom()
      const { ordered, drawn } = placeFeatures(map, features, zoom, sizes, reserved?.(zoom) ?? [])
      setMarkerDiscs(map, group, (at) => (at === zoom ? drawn : []))
      ordered.forEach((feature, n) => {
        const key = featureKey(feature, points)
        const point = feature.kind === 'point' ? points[feature.index] : undefined
        if (key === undefined || (feature.kind === 'point' && !point)) return
        const layer =
          before.get(key) ??
          (feature.kind === 'cluster'
            ? clusterMarker(map, feature, sizes, t)
            : pointMarker(feature.lat, feature.lng, point!, icon, links, t))
        const at = map.unproject([drawn[n]!.x, drawn[n]!.y], zoom)
        if (!layer.getLatLng().equals(at)) layer.setLatLng(at)
        next.set(key, layer)
      })
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
  }, [map, group, points, href, onNavigate, sizes, reserved, t])

  return null
})
