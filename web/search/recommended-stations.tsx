import type { SendEventForHits } from 'instantsearch.js/es/lib/utils'
import { HitCard } from '../stations/hit-card.tsx'
import type { StationHit } from '../stations/station.ts'
import './recommend.css'

interface RecommendedStationsProps {
  title: string
  /** id of the heading, unique on the page. */
  headingId: string
  items: StationHit[]
  sendEvent: SendEventForHits
  className?: string
}

/**
 * A heading and a list of station cards. Nothing at all while there is nothing to show (loading,
 * an error, no recommendations): the page around it stays as it is.
 */
export function RecommendedStations({
  title,
  headingId,
  items,
  sendEvent,
  className,
}: RecommendedStationsProps) {
  if (items.length === 0) return null
  return (
    <section
      className={['recommended-stations', className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{title}</h2>
      <ol className="recommended-list" aria-labelledby={headingId}>
        {items.map((hit) => (
          <li key={hit.objectID}>
            <HitCard hit={hit} sendEvent={sendEvent} />
          </li>
        ))}
      </ol>
    </section>
  )
}
