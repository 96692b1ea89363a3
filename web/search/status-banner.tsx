import { useEffect, useRef, useSyncExternalStore } from 'react'
import { Message, useMessages } from '../i18n/intl.tsx'
import { deviceAnswersDate, deviceIsAnswering, subscribeToDeviceAnswers } from '../offline/offline-state.ts'
import { useOnline } from '../ui/use-online.ts'
import { describeSearchError } from './search-error.ts'
import { useSearchAnswer } from './server-search.tsx'

/**
 * The search status: a visible and announced notice once a search is stalled (no answer after
 * 200 ms; offline it says that the device is answering from its copy, which takes a moment for a
 * page's first search, rather than blaming the network), and on error an announced German message with "Erneut versuchen". Earlier results stay
 * on screen below it, marked as outdated (see use-search-outcome.ts). When the connection comes
 * back, the failed search runs again by itself, and so does one the device answered offline: the
 * service's answer then replaces it (and the offline notice goes).
 */
export function StatusBanner() {
  const { status, error, results, refresh, indexUiState, setIndexUiState } = useSearchAnswer({
    catchError: true,
  })
  const online = useOnline()
  const t = useMessages()
  const onDevice = useSyncExternalStore(subscribeToDeviceAnswers, deviceAnswersDate, () => null) !== null
  const deviceWorking = useSyncExternalStore(subscribeToDeviceAnswers, deviceIsAnswering, () => false)
  // On error InstantSearch falls back to the last state that worked; remember the one that failed,
  // so that "Erneut versuchen" repeats it.
  const requested = useRef(indexUiState)
  if (status === 'loading' || status === 'stalled') requested.current = indexUiState

  function retry() {
    setIndexUiState(requested.current)
    refresh()
  }

  const retryRef = useRef(retry)
  retryRef.current = retry
  const refreshRef = useRef(refresh)
  refreshRef.current = refresh
  useEffect(() => {
    if (!onDevice) return undefined
    const askService = () => refreshRef.current()
    window.addEventListener('online', askService)
    return () => window.removeEventListener('online', askService)
  }, [onDevice])

  useEffect(() => {
    if (status !== 'error') return undefined
    const retryOnline = () => retryRef.current()
    window.addEventListener('online', retryOnline)
    return () => window.removeEventListener('online', retryOnline)
  }, [status])

  const hasEarlierResults = results.__isArtificial !== true
  return (
    <div className="search-status">
      <div className="search-stalled" role="status" aria-live="polite">
        {status === 'stalled' && (
          <p className="search-stalled-message">
            <span className="spinner" aria-hidden="true" />{' '}
            {t(
              deviceWorking ? 'search.stalledOnDevice' : online ? 'search.stalled' : 'search.stalledOffline',
            )}
          </p>
        )}
      </div>
      {status === 'error' && (
        <div className="search-error" role="alert">
          <p>
            <strong>{t('search.failed')}</strong>{' '}
            {describeSearchError(t, error as (Error & { status?: number }) | undefined, online)}
            {!online && ` ${t('search.failedOfflineRetry')}`}
          </p>
          {hasEarlierResults && (
            <p>
              <Message id="search.failedEarlierResults" />
            </p>
          )}
          <button type="button" className="button-primary" onClick={retry}>
            <Message id="error.retry" />
          </button>
        </div>
      )}
    </div>
  )
}
