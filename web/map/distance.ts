// Distances between stations and positions, and their wording, shared by the hit cards, the
// station page and the map so that "2,4 km" reads the same everywhere.
import type { Translate } from '../i18n/intl.tsx'

export interface LatLng {
  lat: number
  lng: number
}

/** Mean earth radius in km (IUGG), the one the search service's geo ranking uses. */
const EARTH_RADIUS_KM = 6371.0088

/** Great-circle distance in km (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * "850 m" below one kilometre (to 10 m: positions are not more precise), "2,4 km" below 10 km,
 * "37 km" and "1.234 km" beyond, where a decimal adds nothing. The messages separate number and
 * unit by a no-break space, so that they never wrap apart.
 */
export function formatDistance(km: number, t: Translate): string {
  if (!Number.isFinite(km) || km < 0) return ''
  const m = Math.round((km * 1000) / 10) * 10
  if (m < 1000) return t('distance.metres', { metres: m })
  if (km < 9.95) return t('distance.kmOneDecimal', { km })
  return t('distance.km', { km })
}
