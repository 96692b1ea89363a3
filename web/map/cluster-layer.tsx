import { useLeafletContext } from '@react-leaflet/core'
import { divIcon, type LayerGroup, type Marker, marker } from 'leaflet'
import { memo, useEffect, useRef } from 'react'
import type { ClusterPoint, DrawnFeature } from './cluster-protocol.ts'
import { ClusterWorker } from './cluster-worker-client.ts'
import { coveredAt } from './map-cover.ts'
import { setMarkerDiscs } from './marker-discs.ts'
import { labelMarker } from './marker-label.ts'
import type { MarkerSizes } from './marker-size.ts'
import { type Disc, spreadMarkers } from './spread-markers.ts'

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

const number = new Intl.NumberFormat('de-DE')

/** How far a bubble or station moves aside, in its sizes: farther, it would mark another place. */
const REACH_IN_SIZES = 2

/** Size class and diameter in pixels: larger clusters draw larger, none smaller than `smallest`. */
function clusterSize(count: number, smallest: number): [string, number] {
  if (count >= 1000) return ['xl', Math.max(smallest, 52)]
  if (count >= 100) return ['l', Math.max(smallest, 46)]
  if (count >= 10) return ['m', Math.max(smallest, 38)]
  return ['s', smallest]
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
    const pointIcon = divIcon({
      className: 'cluster-point',
      html: '<span></span>',
      iconSize: [sizes.point, sizes.point],
    })

    const clusterMarker = (feature: Extract<DrawnFeature, { kind: 'cluster' }>) => {
      const { lat, lng, count, expansionZoom } = feature
      const [size, diameter] = clusterSize(count, sizes.cluster)
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
      const created = marker([lat, lng], { icon: pointIcon, keyboard: true })
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
      const zoom = map.getZoom()
      // Bigger clusters first: they keep their places, smaller ones and single stations move aside.
      const ordered = [...features].sort(
        (a, b) => (b.kind === 'cluster' ? b.count : 1) - (a.kind === 'cluster' ? a.count : 1),
      )
      const discs = ordered.map((feature) => {
        const { x, y } = map.project([feature.lat, feature.lng], zoom)
        const diameter =
          feature.kind === 'cluster' ? clusterSize(feature.count, sizes.cluster)[1] : sizes.point
        return { x, y, radius: diameter / 2 }
      })
      const reach = REACH_IN_SIZES * Math.max(sizes.point, sizes.cluster)
      const places = spreadMarkers(discs, reserved?.(zoom) ?? [], { reach, blocked: coveredAt(map) })
      const drawnDiscs = places.map(({ x, y }, n) => ({ x, y, radius: discs[n]!.radius }))
      setMarkerDiscs(map, group, (at) => (at === zoom ? drawnDiscs : []))
      ordered.forEach((feature, n) => {
        const place = places[n]!
        const at = map.unproject([place.x, place.y], zoom)
        let key: string
        let layer: Marker | undefined
        if (feature.kind === 'cluster') {
          key = `c${feature.count}@${feature.lat},${feature.lng}/${feature.expansionZoom}`
          layer = before.get(key) ?? clusterMarker(feature)
        } else {
          const point = points[feature.index]
          if (!point) return
          key = `p${point.id}`
          layer = before.get(key) ?? pointMarker(feature.lat, feature.lng, point)
        }
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
  }, [map, group, points, href, onNavigate, sizes, reserved])

  return null
})
