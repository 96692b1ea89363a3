// Map boxes as the search service takes them: latitudes within ±90°, longitudes wrapped into
// [-180, 180], and a box spanning the whole world clamped to it instead of wrapping around.

interface LatLng {
  lat: number
  lng: number
}

export interface Box {
  northEast: LatLng
  southWest: LatLng
}

const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat))
const wrapLng = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180
/** Five decimals are about a metre: enough for a map box, and the URL stays readable. */
const round = (value: number) => Math.round(value * 1e5) / 1e5

export function normalizeBox({ northEast, southWest }: Box): Box {
  const wholeWorld = northEast.lng - southWest.lng >= 360
  const east = wholeWorld ? 180 : northEast.lng === 180 ? 180 : wrapLng(northEast.lng)
  const west = wholeWorld ? -180 : wrapLng(southWest.lng)
  return {
    northEast: { lat: round(clampLat(northEast.lat)), lng: round(east) },
    southWest: { lat: round(clampLat(southWest.lat)), lng: round(west) },
  }
}

/** `insideBoundingBox` in any of its forms ("a,b,c,d", [a,b,c,d], [[a,b,c,d]]): its first box. */
export function parseBoundingBox(value: unknown): [number, number, number, number] | null {
  let numbers: unknown = value
  if (typeof value === 'string') {
    const text = value.trim()
    numbers = text.startsWith('[') ? JSON.parse(text) : text.split(',').map(Number)
  }
  if (Array.isArray(numbers) && Array.isArray(numbers[0])) numbers = numbers[0]
  if (!Array.isArray(numbers) || numbers.length !== 4) return null
  const box = numbers.map(Number)
  return box.every(Number.isFinite) ? (box as [number, number, number, number]) : null
}
