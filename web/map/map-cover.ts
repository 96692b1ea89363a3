// What lies over a map and would hide a marker beneath it: the map's controls (zoom, layers, the
// credits) and the page's own elements laid over it, marked `data-over-map` (on a phone the search
// map's legend and its switch). A fit keeps the markers it brings into view clear of them, and the
// clustered layer moves its bubbles off them.
import type { Map as LeafletMap } from 'leaflet'

/** A box in the map container's pixels. */
interface Rect {
  left: number
  top: number
  right: number
  bottom: number
}

/** Room kept free around what a fit brings into view, in pixels: [left, top] and [right, bottom]. */
export interface FitPadding {
  topLeft: readonly [number, number]
  bottomRight: readonly [number, number]
}

/** Pixels between a marker and what covers the map. */
const MARGIN = 6

/** The boxes over the map that are shown, in its container's pixels. */
function coveringBoxes(map: LeafletMap): Rect[] {
  const container = map.getContainer()
  const origin = container.getBoundingClientRect()
  const elements = [
    ...container.querySelectorAll<HTMLElement>('.leaflet-control'),
    ...(container.parentElement?.querySelectorAll<HTMLElement>('[data-over-map]') ?? []),
  ]
  const boxes: Rect[] = []
  for (const element of elements) {
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) continue
    const rect = {
      left: box.left - origin.left,
      top: box.top - origin.top,
      right: box.right - origin.left,
      bottom: box.bottom - origin.top,
    }
    if (rect.right <= 0 || rect.bottom <= 0 || rect.left >= origin.width || rect.top >= origin.height)
      continue
    boxes.push(rect)
  }
  return boxes
}

/**
 * `base`, widened where something covers the map beyond it. Each box sits in a corner; the fit
 * keeps free either the band across the map's top or bottom as high as the box, or the band down
 * its side as wide as the box, whichever takes the smaller share of the map.
 */
export function fitPaddingClearOf(map: LeafletMap, base: FitPadding): FitPadding {
  const { x: width, y: height } = map.getSize()
  let [left, top] = base.topLeft
  let [right, bottom] = base.bottomRight
  for (const box of coveringBoxes(map)) {
    const atTop = box.top + box.bottom < height
    const atLeft = box.left + box.right < width
    const band = atTop ? box.bottom + MARGIN : height - box.top + MARGIN
    const side = atLeft ? box.right + MARGIN : width - box.left + MARGIN
    if (band / height <= side / width) {
      if (atTop) top = Math.max(top, band)
      else bottom = Math.max(bottom, band)
    } else if (atLeft) left = Math.max(left, side)
    else right = Math.max(right, side)
  }
  return { topLeft: [left, top], bottomRight: [right, bottom] }
}

/**
 * Whether a marker at a point (projected pixels at the map's zoom, the view as it is now) would lie
 * under something that covers the map.
 */
export function coveredAt(map: LeafletMap): (x: number, y: number, radius: number) => boolean {
  const origin = map.getPixelOrigin()
  const offset = map.containerPointToLayerPoint([0, 0]).add(origin)
  const boxes = coveringBoxes(map).map((box) => ({
    left: box.left + offset.x - MARGIN,
    top: box.top + offset.y - MARGIN,
    right: box.right + offset.x + MARGIN,
    bottom: box.bottom + offset.y + MARGIN,
  }))
  return (x, y, radius) =>
    boxes.some((box) => {
      const dx = Math.max(box.left - x, 0, x - box.right)
      const dy = Math.max(box.top - y, 0, y - box.bottom)
      return dx * dx + dy * dy < radius * radius
    })
}
