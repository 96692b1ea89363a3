import { useRef } from 'react'
import { useInstantSearch } from 'react-instantsearch'
import { describeSearchError } from './search-error.ts'

/**
 * The search status: a visible and announced notice once a search is stalled (no answer after
 * 200 ms), and on error a German message with "Erneut versuchen". Results stay on screen meanwhile.
 */
export function StatusBanner() {
  const { status, error, refresh, indexUiState, setIndexUiState } = useInstantSearch({ catchError: true })
  // On error InstantSearch falls back to the last state that worked; remember the one that failed,
  // so that "Erneut versuchen" repeats it.
  const requested = useRef(indexUiState)
  if (status === 'loading' || status === 'stalled') requested.current = indexUiState

  function retry() {
    setIndexUiState(requested.current)
    refresh()
  }

  return (
    <div className="search-status">
      <div className="search-stalled" role="status" aria-live="polite">
        {status === 'stalled' && (
          <p className="search-stalled-message">
            <span className="spinner" aria-hidden="true" /> Die Suche dauert länger als gewohnt …
          </p>
        )}
      </div>
      {status === 'error' && (
        <div className="search-error" role="alert">
          <p>
            <strong>Die Suche hat nicht funktioniert.</strong>{' '}
            {describeSearchError(error as (Error & { status?: number }) | undefined, navigator.onLine)}
          </p>
          <button type="button" className="button-primary" onClick={retry}>
            Erneut versuchen
          </button>
        </div>
      )}
    </div>
  )
}
