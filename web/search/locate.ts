// The browser's position for "In meiner Nähe", as a promise with reasons for failure (each said to
// the traveller by locateMessage).
import type { Translate } from '../i18n/intl.tsx'
import type { LatLng } from '../map/distance.ts'

/** How long the browser may take for a position once allowed (the geolocation API's `timeout`). */
const LOCATE_TIMEOUT_MS = 10_000

/** A position up to a minute old is good enough for "nearest stations" and answers at once. */
const MAXIMUM_AGE_MS = 60_000

export type LocateFailure = 'denied' | 'timeout' | 'unavailable' | 'unsupported'

export class LocateError extends Error {
  override name = 'LocateError'
  readonly reason: LocateFailure

  constructor(reason: LocateFailure) {
    super(`position not found: ${reason}`)
    this.reason = reason
  }
}

const REASONS: Record<number, LocateFailure> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' }

/**
 * Three decimals (about 110 m × 70 m in Germany): enough to rank stations, and the search service
 * never learns the exact spot.
 */
function coarsen({ lat, lng }: LatLng): LatLng {
  return { lat: Math.round(lat * 1000) / 1000, lng: Math.round(lng * 1000) / 1000 }
}

export function locate(geolocation: Geolocation | undefined = navigator.geolocation): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new LocateError('unsupported'))
      return
    }
    geolocation.getCurrentPosition(
      (position) => resolve(coarsen({ lat: position.coords.latitude, lng: position.coords.longitude })),
      (error) => reject(new LocateError(REASONS[error.code] ?? 'unavailable')),
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: MAXIMUM_AGE_MS },
    )
  })
}

export function locateMessage(t: Translate, reason: LocateFailure): string {
  switch (reason) {
    case 'denied':
      return t('locate.denied')
    case 'timeout':
      return t('locate.timeout', { seconds: LOCATE_TIMEOUT_MS / 1000 })
    case 'unavailable':
      return t('locate.unavailable')
    case 'unsupported':
      return t('locate.unsupported')
  }
}
