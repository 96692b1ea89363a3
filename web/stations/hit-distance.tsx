import { useMessages } from '../i18n/intl.tsx'
import { formatDistance } from '../map/distance.ts'
import type { StationHit } from './station.ts'

/**
 * "2,4 km entfernt" when the search ranked by distance (`aroundLatLng` with `getRankingInfo`): the
 * service's own distance, so that the figure and the order agree. `matchedGeoLocation` is only set
 * when the distance was applied (not inside a map box).
 */
export function HitDistance({ hit }: { hit: StationHit }) {
  const t = useMessages()
  const metres = hit._rankingInfo?.matchedGeoLocation?.distance
  if (metres === undefined) return null
  return (
    <p className="hit-distance">{t('hitCard.distance', { distance: formatDistance(metres / 1000, t) })}</p>
  )
}
