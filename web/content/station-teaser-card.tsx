import { Link } from 'react-router'
import { federalStateLabel } from '../i18n/data-labels.ts'
import { useMessages } from '../i18n/intl.tsx'
import { categoryExplanation, categoryLabel, stepFreeLabel } from '../stations/facet-labels.ts'
import { FacilityList } from '../stations/facility-list.tsx'
import { Pictogram } from '../ui/pictogram.tsx'
import { useStation } from './use-station.ts'
import '../stations/stations.css'

interface StationTeaserCardProps {
  stationId: string
  /** The editor's heading for the card; the station's name when absent. */
  title?: string | null
}

/**
 * A station embedded in CMS text, drawn from the live record: an editor writes only the station's
 * ID, and the card shows what the search service knows today.
 */
export function StationTeaserCard({ stationId, title }: StationTeaserCardProps) {
  const lookup = useStation(stationId)
  const t = useMessages()
  const href = `/bahnhof/${encodeURIComponent(stationId)}`
  const station = lookup.status === 'found' ? lookup.station : null
  const name = station?.name ?? title ?? t('teaser.fallbackName', { id: stationId })
  const access = station?.steplessAccess ?? 'unbekannt'
  return (
    <aside className="hit-card station-teaser" aria-label={t('teaser.label', { name })} aria-busy={!station}>
      {title && station && title !== station.name && <p className="station-teaser-title">{title}</p>}
      <p className="hit-name">
        <Link to={href}>{name}</Link>
      </p>
      {lookup.status === 'loading' && (
        <p className="hit-place content-skeleton-line">{t('teaser.loading')}</p>
      )}
      {lookup.status === 'not-found' && <p className="hit-place">{t('teaser.gone')}</p>}
      {lookup.status === 'error' && <p className="hit-place">{t('teaser.failed')}</p>}
      {station && (
        <>
          <p className="hit-place">
            {[station.city, station.federalState && federalStateLabel(station.federalState, t)]
              .filter(Boolean)
              .join(', ')}
          </p>
          {station.category !== undefined && (
            <p className="hit-category">
              <span className="category-badge">{categoryLabel(station.category, t)}</span>{' '}
              <span className="category-explanation">{categoryExplanation(station.category, t)}</span>
            </p>
          )}
          <p className={`hit-access step-free step-free--${access}`}>
            <Pictogram name="wheelchair" />
            <span>
              {t('teaser.stepFree', {
                access:
                  access === 'unbekannt'
                    ? t('teaser.stepFreeUnknown')
                    : stepFreeLabel(access, t).toLowerCase(),
              })}
            </span>
          </p>
          <FacilityList
            facilities={(station.facilities ?? []).slice(0, 3)}
            unshown={(station.facilities ?? []).slice(3)}
            label={t('teaser.facilitiesLabel', { name })}
          />
        </>
      )}
    </aside>
  )
}
