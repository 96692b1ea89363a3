import type { SendEventForHits } from 'instantsearch.js/es/lib/utils'
import { use } from 'react'
import { Highlight } from 'react-instantsearch'
import { Link } from 'react-router'
import { federalStateLabel } from '../i18n/data-labels.ts'
import { useMessages } from '../i18n/intl.tsx'
import { Pictogram } from '../ui/pictogram.tsx'
import { categoryExplanation, categoryLabel } from './facet-labels.ts'
import { FacilitiesFilteredFor } from './facilities-filtered-for.ts'
import { FacilityList } from './facility-list.tsx'
import { summarizeFacilities } from './facility-summary.ts'
import { HitDistance } from './hit-distance.tsx'
import type { StationHit } from './station.ts'
import { TrainBadges } from './train-badges.tsx'
import './stations.css'

interface HitCardProps {
  hit: StationHit
  sendEvent: SendEventForHits
}

function hasHighlight(hit: StationHit, attribute: 'name' | 'city'): boolean {
  return Boolean((hit._highlightResult as Record<string, unknown> | undefined)?.[attribute])
}

/**
 * Whether the query matched the street: a station found by its address ("Kölner Str." for "köln")
 * shows the street, so that the hit says why it is there. The highlight comes without `street`
 * being retrieved.
 */
function streetMatched(hit: StationHit): boolean {
  const street = (hit._highlightResult as Record<string, { matchLevel?: string } | undefined> | undefined)
    ?.street
  return street?.matchLevel !== undefined && street.matchLevel !== 'none'
}

/**
 * One search hit, compact so that a page of 20 stays scannable on a phone: place, the train types
 * as badges, category, step-free access and two or three facilities (those filtered for first); the rest are counted.
 * A click on its link sends the click event (objectID, position, queryID).
 */
export function HitCard({ hit, sendEvent }: HitCardProps) {
  const t = useMessages()
  const titleId = `treffer-${hit.objectID}`
  const refined = use(FacilitiesFilteredFor)
  // Two chips and the count fit one line of a phone; three where there is room (the style sheet
  // decides which, so a server-rendered card keeps its layout when the script takes over).
  const facilities = summarizeFacilities(hit.facilities ?? [], refined, 3)
  const onPhones = summarizeFacilities(hit.facilities ?? [], refined, 2)
  const access = hit.steplessAccess ?? 'unbekannt'
  return (
    <article className="hit-card" aria-labelledby={titleId}>
      <h3 className="hit-name" id={titleId}>
        <Link
          to={`/bahnhof/${encodeURIComponent(hit.objectID)}`}
          onClick={() => sendEvent('click', hit, 'Hit Clicked')}
        >
          {hasHighlight(hit, 'name') ? <Highlight attribute="name" hit={hit} /> : hit.name}
        </Link>
      </h3>
      <p className="hit-place">
        {streetMatched(hit) && (
          <>
            <Highlight attribute="street" hit={hit} />
            {hit.city && ', '}
          </>
        )}
        {hit.city && (hasHighlight(hit, 'city') ? <Highlight attribute="city" hit={hit} /> : hit.city)}
        {hit.city && hit.federalState && ', '}
        {hit.federalState && federalStateLabel(hit.federalState, t)}
      </p>
      <HitDistance hit={hit} />
      <TrainBadges trains={hit.trains} label={t('hitCard.trainsLabel', { name: hit.name })} />
      {hit.category !== undefined && (
        <p className="hit-category">
          <span className="category-badge">{categoryLabel(hit.category, t)}</span>{' '}
          <span className="category-explanation">{categoryExplanation(hit.category, t)}</span>
        </p>
      )}
      <p className={`hit-access step-free step-free--${access}`}>
        <Pictogram name="wheelchair" />
        <span>{t('stepFree.short', { access })}</span>
      </p>
      <FacilityList
        facilities={facilities.shown}
        unshown={facilities.more}
        shownOnPhones={onPhones.shown.length}
        label={t('facilities.listLabel', { name: hit.name })}
      />
    </article>
  )
}
