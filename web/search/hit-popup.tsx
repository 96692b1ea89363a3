import { Link } from 'react-router'
import { useMessages } from '../i18n/intl.tsx'
import { categoryLabel, stepFreeLabel } from '../stations/facet-labels.ts'
import type { StationHit } from '../stations/station.ts'

/** What a marker's popup says: the station (a link to its page), place, category, step-free access. */
export function HitPopup({ hit }: { hit: StationHit }) {
  const t = useMessages()
  const access = hit.steplessAccess ?? 'unbekannt'
  return (
    <div className="hit-popup">
      <p className="hit-popup-name">
        <Link to={`/bahnhof/${encodeURIComponent(hit.objectID)}`}>{hit.name}</Link>
      </p>
      {hit.city && <p>{hit.city}</p>}
      {hit.category !== undefined && <p>{categoryLabel(hit.category, t)}</p>}
      <p>
        {t('teaser.stepFree', {
          access:
            access === 'unbekannt' ? t('teaser.stepFreeUnknown') : stepFreeLabel(access, t).toLowerCase(),
        })}
      </p>
    </div>
  )
}
