import type { Ref } from 'react'
import { Message } from '../i18n/intl.tsx'
import { useSearchOutcome } from './use-search-outcome.ts'

export const RESULTS_HEADING_ID = 'ergebnisse'

/**
 * The results section's heading (read by screen readers, hidden on screen); it names results that
 * answer the previous search, and takes the focus after a page change and from "Zu den Ergebnissen".
 */
export function ResultsHeading({ ref }: { ref: Ref<HTMLHeadingElement> }) {
  const outdated = useSearchOutcome() === 'outdated'
  return (
    <h2 id={RESULTS_HEADING_ID} className="visually-hidden" ref={ref} tabIndex={-1}>
      <Message id={outdated ? 'search.resultsHeadingOutdated' : 'search.resultsHeading'} />
    </h2>
  )
}
