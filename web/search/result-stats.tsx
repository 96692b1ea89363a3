import { Stats, useStats } from 'react-instantsearch'
import { formatNumber } from '../stations/facet-labels.ts'
import { WidgetsBeforeServerSearch } from './server-search.tsx'
import { useSearchOutcome } from './use-search-outcome.ts'

function stationCount(nbHits: number): string {
  return `${formatNumber(nbHits)} ${nbHits === 1 ? 'Bahnhof' : 'Bahnhöfe'}`
}

/**
 * "1.234 Bahnhöfe"; screen readers hear the count when the results change. Hidden while there is
 * no answer (the widget stays mounted, so its live region is in place for the next answer).
 */
export function ResultStats() {
  return (
    <>
      {/* Whether to hide it waits for the answer; the server's search has its widget first. */}
      <WidgetsBeforeServerSearch>
        <StatsWidget />
      </WidgetsBeforeServerSearch>
      <ResultCount />
    </>
  )
}

function StatsWidget() {
  useStats(undefined, { skipSuspense: true })
  return null
}

function ResultCount() {
  const outcome = useSearchOutcome()
  const outdated = outcome === 'outdated'
  return (
    <div className="result-stats" hidden={outcome === 'pending' || outcome === 'failed'}>
      <Stats
        translations={{
          rootElementText: ({ nbHits }) =>
            outdated ? `${stationCount(nbHits)} (vorherige Suche)` : stationCount(nbHits),
          announcementText: ({ nbHits }) => `${stationCount(nbHits)} gefunden`,
        }}
      />
    </div>
  )
}
