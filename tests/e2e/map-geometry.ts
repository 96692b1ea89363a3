// What a map shows where, measured from outside as a traveller would: the boxes of markers and names
// on the screen and the coordinates of their stations and towns give the map's scale and offset (Web
// Mercator), and from those its bounds and how far each marker is drawn from its station.
import type { Locator } from '@playwright/test'

export interface LatLng {
  lat: number
  lng: number
}

export interface Point {
  x: number
  y: number
}

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** A position in Web Mercator pixels at zoom 0 (a 256-pixel world). */
function mercator({ lat, lng }: LatLng): Point {
  const sin = Math.sin((lat * Math.PI) / 180)
  return {
    x: ((lng + 180) / 360) * 256,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * 256,
  }
}

function fromMercator({ x, y }: Point): LatLng {
  const n = Math.PI - (2 * Math.PI * y) / 256
  return { lat: (180 / Math.PI) * Math.atan(Math.sinh(n)), lng: (x / 256) * 360 - 180 }
}

/** Where a map draws positions on the screen: screen = offset + scale × mercator(position). */
export interface MapView {
  scale: number
  offset: Point
  /** The zoom level, from the scale. */
  zoom: number
}

export const onScreen = (view: MapView, position: LatLng): Point => {
  const p = mercator(position)
  return { x: view.offset.x + view.scale * p.x, y: view.offset.y + view.scale * p.y }
}

export const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)

/** Leaflet draws markers on whole pixels: a marker on its station is this close to its projection. */
const AT_PLACE_PX = 1.5

/**
 * The view under which the most things drawn sit at their places (markers on their stations, the
 * basemap's names on their towns): each pair of them, taken as at their places, proposes a scale
 * and an offset, and the one that puts the most at their places is the map's.
 */
export function viewFrom(drawn: ReadonlyArray<{ centre: Point; position: LatLng }>): MapView {
  const projected = drawn.map(({ position }) => mercator(position))
  let best: { view: MapView; atPlace: number } | null = null
  for (const [i, a] of drawn.entries()) {
    for (let j = i + 1; j < drawn.length; j++) {
      const b = drawn[j]!
      const apart = distance(projected[i]!, projected[j]!)
      if (apart === 0) continue
      const scale = distance(a.centre, b.centre) / apart
      const view = {
        scale,
        offset: { x: a.centre.x - scale * projected[i]!.x, y: a.centre.y - scale * projected[i]!.y },
        zoom: Math.log2(scale),
      }
      if (distance(onScreen(view, b.position), b.centre) >= AT_PLACE_PX) continue
      let atPlace = 0
      for (const item of drawn)
        if (distance(onScreen(view, item.position), item.centre) < AT_PLACE_PX) atPlace++
      if (!best || atPlace > best.atPlace) best = { view, atPlace }
    }
  }
  if (!best || best.atPlace < 4) throw new Error('fewer than four things drawn sit at their places')
  return best.view
}

/** The geographic box a screen box shows under a view. */
export function boundsOf(
  view: MapView,
  box: Box,
): { north: number; south: number; west: number; east: number } {
  const at = (x: number, y: number) =>
    fromMercator({ x: (x - view.offset.x) / view.scale, y: (y - view.offset.y) / view.scale })
  const northWest = at(box.x, box.y)
  const southEast = at(box.x + box.width, box.y + box.height)
  return { north: northWest.lat, west: northWest.lng, south: southEast.lat, east: southEast.lng }
}

/** Great-circle distance in km. */
function km(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h))
}

/** Width (west–east, at the box's middle latitude) and height of a geographic box, in km. */
export function spanKm(box: { north: number; south: number; west: number; east: number }) {
  const middle = (box.north + box.south) / 2
  return {
    width: km({ lat: middle, lng: box.west }, { lat: middle, lng: box.east }),
    height: km({ lat: box.north, lng: box.west }, { lat: box.south, lng: box.west }),
  }
}

export function boxAround(positions: readonly LatLng[]) {
  return {
    north: Math.max(...positions.map((p) => p.lat)),
    south: Math.min(...positions.map((p) => p.lat)),
    west: Math.min(...positions.map((p) => p.lng)),
    east: Math.max(...positions.map((p) => p.lng)),
  }
}

/** How far inside each other a box and a marker (the disc within its box) are; 0 if apart. */
export function overlap(box: Box, marker: Box): number {
  const radius = Math.min(marker.width, marker.height) / 2
  const cx = marker.x + marker.width / 2
  const cy = marker.y + marker.height / 2
  const dx = Math.max(box.x - cx, 0, cx - (box.x + box.width))
  const dy = Math.max(box.y - cy, 0, cy - (box.y + box.height))
  return Math.max(0, radius - Math.hypot(dx, dy))
}

/** The boxes and accessible names of elements, as drawn now. */
export function boxesOf(elements: Locator): Promise<Array<{ name: string; box: Box }>> {
  return elements.evaluateAll((found) =>
    found.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect()
      return {
        name: element.getAttribute('aria-label') ?? element.textContent ?? '',
        box: { x, y, width, height },
      }
    }),
  )
}
