// The markers ClusterLayer draws: a cluster's bubble with its count (a click zooms in), a single
// station's point with its name (a click opens a popup linking to it), and where each goes so that
// none covers another.
import { type DivIcon, divIcon, type Map as LeafletMap, type Marker, marker } from 'leaflet'
import type { Translate } from '../i18n/intl.tsx'
import type { ClusterPoint, DrawnFeature } from './cluster-protocol.ts'
import { coveredAt } from './map-cover.ts'
import { labelMarker } from './marker-label.ts'
import type { MarkerSizes } from './marker-size.ts'
import { type Disc, spreadMarkers } from './spread-markers.ts'

/** How far a bubble or station moves aside, in its sizes: farther, it would mark another place. */
const REACH_IN_SIZES = 2

type ClusterFeature = Extract<DrawnFeature, { kind: 'cluster' }>

/** Size class and diameter in pixels: larger clusters draw larger, none smaller than `smallest`. */
function clusterSize(count: number, smallest: number): [string, number] {
  if (count >= 1000) return ['xl', Math.max(smallest, 52)]
  if (count >= 100) return ['l', Math.max(smallest, 46)]
  if (count >= 10) return ['m', Math.max(smallest, 38)]
  return ['s', smallest]
}

export function clusterMarker(
  map: LeafletMap,
  feature: ClusterFeature,
  sizes: MarkerSizes,
  t: Translate,
): Marker {
  const { lat, lng, count, expansionZoom } = feature
  const [size, diameter] = clusterSize(count, sizes.cluster)
  const created = marker([lat, lng], {
    icon: divIcon({
      html: `<span>${t('map.clusterCount', { count })}</span>`,
      className: `cluster-marker cluster-marker--${size}`,
      iconSize: [diameter, diameter],
    }),
    keyboard: true,
  })
  labelMarker(created, t('map.clusterLabel', { count }), t)
  created.on('click', () => map.setView([lat, lng], Math.min(expansionZoom, 17)))
  return created
}

export interface PointLinks {
  /** Where a single point's popup links to, e.g. its station page. */
  href: (id: string) => string
  /** Follows the link inside the app (no page reload). */
  onNavigate: (href: string) => void
}

/** The icon every single station's point shares. */
export function pointIcon(sizes: MarkerSizes): DivIcon {
  return divIcon({ className: 'cluster-point', html: '<span></span>', iconSize: [sizes.point, sizes.point] })
}

export function pointMarker(
  lat: number,
  lng: number,
  point: ClusterPoint,
  icon: DivIcon,
  links: PointLinks,
  t: Translate,
): Marker {
  const created = marker([lat, lng], { icon, keyboard: true })
  labelMarker(created, point.name, t)
  const link = document.createElement('a')
  link.href = links.href(point.id)
  link.textContent = point.name
  link.addEventListener('click', (event) => {
    event.preventDefault()
    links.onNavigate(links.href(point.id))
  })
  created.bindPopup(link)
  return created
}

/** The key a drawn feature keeps across redraws: a marker for the same feature is reused. */
export function featureKey(feature: DrawnFeature, points: readonly ClusterPoint[]): string | undefined {
  if (feature.kind === 'cluster')
    return `c${feature.count}@${feature.lat},${feature.lng}/${feature.expansionZoom}`
  const point = points[feature.index]
  return point && `p${point.id}`
}

/**
 * The features in drawing order (bigger clusters first: they keep their places, smaller ones and
 * single stations move aside) with the projected place each is drawn at: at most REACH_IN_SIZES
 * of its size from where it belongs, clear of the reserved markers and of what lies over the map.
 */
export function placeFeatures(
  map: LeafletMap,
  features: readonly DrawnFeature[],
  zoom: number,
  sizes: MarkerSizes,
  reserved: readonly Disc[],
): { ordered: DrawnFeature[]; drawn: Disc[] } {
  const ordered = [...features].sort(
    (a, b) => (b.kind === 'cluster' ? b.count : 1) - (a.kind === 'cluster' ? a.count : 1),
  )
  const discs = ordered.map((feature) => {
    const { x, y } = map.project([feature.lat, feature.lng], zoom)
    const diameter = feature.kind === 'cluster' ? clusterSize(feature.count, sizes.cluster)[1] : sizes.point
    return { x, y, radius: diameter / 2 }
  })
  const reach = REACH_IN_SIZES * Math.max(sizes.point, sizes.cluster)
  const places = spreadMarkers(discs, reserved, { reach, blocked: coveredAt(map) })
  return { ordered, drawn: places.map(({ x, y }, n) => ({ x, y, radius: discs[n]!.radius })) }
}
