import { useSearchAnswer } from './server-search.tsx'

/**
 * What the results on screen stand for:
 * - `pending`: no answer yet (the first search of the visit runs);
 * - `current`: the answer to the search as it is now;
 * - `failed`: the search failed and there is no earlier answer, so there is nothing to show;
 * - `outdated`: the search failed; the results on screen answer the previous search.
 */
export type SearchOutcome = 'pending' | 'current' | 'failed' | 'outdated'

export function useSearchOutcome(): SearchOutcome {
  const { status, results } = useSearchAnswer()
  // Before the first answer `results` is a placeholder that InstantSearch marks as artificial.
  const answered = results.__isArtificial !== true
  if (status === 'error') return answered ? 'outdated' : 'failed'
  return answered ? 'current' : 'pending'
}
