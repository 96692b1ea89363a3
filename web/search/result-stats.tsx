import { Stats, useStats } from 'react-instantsearch'
import { useMessages } from '../i18n/intl.tsx'
import { WidgetsBeforeServerSearch } from './server-search.tsx'
import { useSearchOutcome } from './use-search-outcome.ts'

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
  const t = useMessages()
  return (
    <div className="result-stats" hidden={outcome === 'pending' || outcome === 'failed'}>
      <Stats
        translations={{
          rootElementText: ({ nbHits }) =>
            t(outdated ? 'search.countOutdated' : 'search.count', { count: nbHits }),
          announcementText: ({ nbHits }) => t('search.countAnnounced', { count: nbHits }),
        }}
      />
    </div>
  )
}
