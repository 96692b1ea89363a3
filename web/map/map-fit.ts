import { type LatLngBounds, type Map as LeafletMap, latLngBounds, point } from 'leaflet'
import { type FitPadding, fitPaddingClearOf } from './map-cover.ts'
import type { MarkerLayout } from './marker-layout.ts'

/**
 * Fits what `bounds` holds and the markers as drawn around it (spread apart, they may reach past
 * their stations), whole, clear of the controls and whatever else lies over the map, and never
 * closer than `maxZoom`: the markers' pixel offsets are fixed at a zoom, so the zoom that holds
 * both is found in a few steps. No animation: the map is where it should be at once.
 */
export function fitMarkers(
  map: LeafletMap,
  bounds: LatLngBounds,
  layout: MarkerLayout,
  minPadding: FitPadding,
  maxZoom: number,
): void {
  const padding = fitPaddingClearOf(map, minPadding)
  const [left, top] = padding.topLeft
  const [right, bottom] = padding.bottomRight
  const room = point(left + right, top + bottom)
  let zoom = Math.min(maxZoom, map.getBoundsZoom(bounds, false, room))
  let view = bounds
  for (let step = 0; step < 4; step++) {
    view = latLngBounds(bounds.getSouthWest(), bounds.getNorthEast())
    for (const { x, y, radius } of layout.at(map, zoom).discs) {
      view.extend(map.unproject([x - radius, y - radius], zoom))
      view.extend(map.unproject([x + radius, y + radius], zoom))
    }
    const fits = Math.min(maxZoom, map.getBoundsZoom(view, false, room))
    if (fits >= zoom || zoom <= map.getMinZoom()) break
    zoom = fits
  }
  // The padding is uneven (the controls sit in corners): centre the view within it.
  const topLeft = map.project(view.getNorthWest(), zoom)
  const bottomRight = map.project(view.getSouthEast(), zoom)
  const center = point(
    (topLeft.x + bottomRight.x + right - left) / 2,
    (topLeft.y + bottomRight.y + bottom - top) / 2,
  )
  map.setView(map.unproject(center, zoom), zoom, { animate: false })
}
