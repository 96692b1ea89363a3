import { Hits, useInstantSearch } from 'react-instantsearch'
import { HitCard } from '../stations/hit-card.tsx'
import type { Station } from '../stations/station.ts'
import { EmptyState } from './empty-state.tsx'

/** The hits of the current page, or the empty state. */
export function ResultHits() {
  const { results } = useInstantSearch()
  // Before the first answer `results` is a placeholder without a query; don't flash "nothing found".
  const empty = results.__isArtificial !== true && results.nbHits === 0
  return (
    <>
      <Hits<Station & Record<string, unknown>> hitComponent={HitCard} />
      {empty && <EmptyState />}
    </>
  )
}
