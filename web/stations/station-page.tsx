import { useEffect, useRef, useState } from 'react'
import { useParams } from 'react-router'
import { Message } from '../i18n/intl.tsx'
import { useConfig } from '../shared/config-context.tsx'
import { lastSearchPath } from '../shared/last-search.ts'
import { usePreloaded, useRenderEnvironment } from '../shared/render-context.tsx'
import { SEARCH_PATH } from '../shared/search-path.ts'
import { PageLoading } from '../ui/page-loading.tsx'
import { fetchStation } from './fetch-station.ts'
import type { Station } from './station.ts'
import { StationDetails } from './station-details.tsx'
import { StationNotFound } from './station-not-found.tsx'
import './stations.css'

type StationState =
  | { status: 'loading' }
  | { status: 'found'; station: Station }
  | { status: 'not-found' }
  | { status: 'error'; offline: boolean }

export function StationPage() {
  const { id = '' } = useParams()
  const { search } = useConfig()
  const environment = useRenderEnvironment()
  // The server fetched the station while rendering the page: the browser starts with its answer.
  const preloaded = usePreloaded(`station:${id}`, () =>
    fetchStation(search, id, undefined, environment.fetch).catch(() => undefined),
  )
  const [state, setState] = useState<StationState>(() =>
    preloaded === undefined
      ? { status: 'loading' }
      : preloaded === null
        ? { status: 'not-found' }
        : { status: 'found', station: preloaded },
  )
  const [attempt, setAttempt] = useState(0)
  // The last search lives in this tab's storage, which the server cannot see: a server-rendered
  // page starts with the plain search and takes the last one after hydration.
  const [backTo, setBackTo] = useState(() => (environment.renderedAt() ? SEARCH_PATH : lastSearchPath()))
  useEffect(() => setBackTo(lastSearchPath()), [])
  const answered = useRef(preloaded !== undefined)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the request on retry
  useEffect(() => {
    if (answered.current) {
      answered.current = false
      return undefined
    }
    const controller = new AbortController()
    setState({ status: 'loading' })
    fetchStation(search, id, controller.signal, environment.fetch).then(
      (station) => setState(station ? { status: 'found', station } : { status: 'not-found' }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          console.error(error)
          // fetch fails with a TypeError when no answer comes at all: the connection, not the service.
          setState({ status: 'error', offline: !navigator.onLine || error instanceof TypeError })
        }
      },
    )
    return () => controller.abort()
  }, [search, id, attempt, environment])

  // Back online after a failed load: load again by itself.
  const failed = state.status === 'error'
  useEffect(() => {
    if (!failed) return undefined
    const retry = () => setAttempt((n) => n + 1)
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [failed])

  if (state.status === 'loading') return <PageLoading />
  if (state.status === 'not-found') return <StationNotFound backTo={backTo} />
  if (state.status === 'error' && state.offline) {
    return (
      <div className="message-page" role="alert">
        <h1>
          <Message id="stationPage.offlineHeading" />
        </h1>
        <p>
          <Message id="stationPage.offlineText" />
        </p>
        <button type="button" className="button-primary" onClick={() => setAttempt((n) => n + 1)}>
          <Message id="stationPage.retry" />
        </button>
      </div>
    )
  }
  if (state.status === 'error') {
    return (
      <div className="message-page" role="alert">
        <h1>
          <Message id="stationPage.errorHeading" />
        </h1>
        <p>
          <Message id="stationPage.errorText" />
        </p>
        <button type="button" className="button-primary" onClick={() => setAttempt((n) => n + 1)}>
          <Message id="stationPage.retry" />
        </button>
      </div>
    )
  }
  return <StationDetails station={state.station} backTo={backTo} />
}
