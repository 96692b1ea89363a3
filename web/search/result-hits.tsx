import { Hits, useHits } from 'react-instantsearch'
import { Message } from '../i18n/intl.tsx'
import { FacilitiesFilteredFor } from '../stations/facilities-filtered-for.ts'
import type { Station } from '../stations/station.ts'
import { EmptyState } from './empty-state.tsx'
import { NumberedHit } from './numbered-hit.tsx'
import { PageOutOfRange } from './page-out-of-range.tsx'
import { useSearchAnswer, WidgetsBeforeServerSearch } from './server-search.tsx'
import { useSearchOutcome } from './use-search-outcome.ts'

/**
 * The hits of the current page, the empty state, or a page beyond the last one. Hidden (not
 * unmounted: removing a widget starts a new search) while there is no answer to show; marked when
 * the hits answer the previous search because the current one failed.
 */
export function ResultHits({ onPageChange }: { onPageChange: () => void }) {
  return (
    <>
      {/* Whether to hide them waits for the answer; the server's search needs their widget first. */}
      <WidgetsBeforeServerSearch>
        <HitsWidget />
      </WidgetsBeforeServerSearch>
      <ResultHitsList onPageChange={onPageChange} />
    </>
  )
}

/** The widget of the <Hits> below (its parameters: the defaults), alone. */
function HitsWidget() {
  useHits({}, { skipSuspense: true })
  return null
}

const NO_FACILITIES: readonly string[] = []

function ResultHitsList({ onPageChange }: { onPageChange: () => void }) {
  const outcome = useSearchOutcome()
  const { results, indexUiState } = useSearchAnswer()
  const answered = outcome === 'current' || outcome === 'outdated'
  const empty = answered && results.nbHits === 0
  const beyondLastPage = answered && results.nbHits > 0 && results.page >= results.nbPages
  return (
    <div className="result-hits" hidden={!answered} data-outdated={outcome === 'outdated'}>
      {outcome === 'outdated' && (
        <p className="results-outdated-label">
          {results.query ? (
            <Message id="search.outdatedLabelQuery" values={{ query: results.query }} />
          ) : (
            <Message id="search.outdatedLabel" />
          )}
        </p>
      )}
      <FacilitiesFilteredFor value={indexUiState.refinementList?.facilities ?? NO_FACILITIES}>
        <Hits<Station & Record<string, unknown>> hitComponent={NumberedHit} />
      </FacilitiesFilteredFor>
      {empty && <EmptyState />}
      {beyondLastPage && (
        <PageOutOfRange page={results.page + 1} nbPages={results.nbPages} onPageChange={onPageChange} />
      )}
    </div>
  )
}
