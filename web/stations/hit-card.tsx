import type { SendEventForHits } from 'instantsearch.js/es/lib/utils'
import { Highlight } from 'react-instantsearch'
import { Link } from 'react-router'
import { Pictogram } from '../ui/pictogram.tsx'
import { categoryExplanation, categoryLabel, stepFreeSentence } from './facet-labels.ts'
import { FacilityList } from './facility-list.tsx'
import type { StationHit } from './station.ts'
import './stations.css'

interface HitCardProps {
  hit: StationHit
  sendEvent: SendEventForHits
}

function hasHighlight(hit: StationHit, attribute: 'name' | 'city'): boolean {
  return Boolean((hit._highlightResult as Record<string, unknown> | undefined)?.[attribute])
}

/** One search hit; a click on its link sends the click event (objectID, position, queryID). */
export function HitCard({ hit, sendEvent }: HitCardProps) {
  const titleId = `treffer-${hit.objectID}`
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
        {hit.city && (hasHighlight(hit, 'city') ? <Highlight attribute="city" hit={hit} /> : hit.city)}
        {hit.city && hit.federalState && ', '}
        {hit.federalState}
      </p>
      {hit.category !== undefined && (
        <p className="hit-category">
          <span className="category-badge">{categoryLabel(hit.category)}</span>{' '}
          <span className="category-explanation">{categoryExplanation(hit.category)}</span>
        </p>
      )}
      <p className={`hit-access step-free step-free--${hit.steplessAccess ?? 'unbekannt'}`}>
        <Pictogram name="wheelchair" />
        <span>{stepFreeSentence(hit.steplessAccess)}</span>
      </p>
      <FacilityList facilities={hit.facilities ?? []} label={`Ausstattung von ${hit.name}`} />
    </article>
  )
}
