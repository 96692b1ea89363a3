import { useEffect, useMemo, useRef, useState } from 'react'
import { Configure, useInstantSearch } from 'react-instantsearch'
import { Message, type MessageId, useMessages } from '../i18n/intl.tsx'
import type { LatLng } from '../map/distance.ts'
import { useHydrated } from '../ui/client-only.tsx'
import { LocateError, type LocateFailure, locate, locateMessage } from './locate.ts'
import { publishNearMe } from './near-me-state.ts'
import './near-me.css'

type NearMeState =
  | { status: 'off'; notice?: MessageId }
  | { status: 'locating'; request: number }
  | { status: 'on'; position: LatLng }
  | { status: 'failed'; reason: LocateFailure }

const ENDED_BY_MAP = 'nearMe.endedByMap'
const ENDED_BY_SORT = 'nearMe.endedBySort'

/**
 * "In meiner Nähe": asks the browser for the position and sorts the hits by distance
 * (`aroundLatLng`, every match kept: `aroundRadius: 'all'`); the hit cards then show each distance.
 * The position stays in this component's memory, never in the URL or storage. Distance order and
 * the map box or another sort order exclude each other (the search service ignores `aroundLatLng`
 * inside a box, and a replica's sort comes before distance): switching this on clears them, and
 * choosing one of them switches this off with a notice.
 */
export function NearMe({ indexName }: { indexName: string }) {
  const [state, setState] = useState<NearMeState>({ status: 'off' })
  // The state asked for, not the answer: on the server this renders before the page's search, which
  // its Configure is part of (server-search.tsx).
  const { indexUiState, setIndexUiState } = useInstantSearch()
  const requests = useRef(0)
  // Before the app has the page (or without JavaScript) a click could do nothing: the browser's
  // position needs the app. The button says so by being disabled until then.
  const hydrated = useHydrated()
  const t = useMessages()

  async function start() {
    const request = ++requests.current
    setState({ status: 'locating', request })
    try {
      const position = await locate()
      if (request !== requests.current) return
      // Only when there is something to clear: every state change is a search of its own.
      if (indexUiState.geoSearch || indexUiState.sortBy || indexUiState.page) {
        setIndexUiState((ui) => ({ ...ui, geoSearch: undefined, sortBy: undefined, page: undefined }))
      }
      setState({ status: 'on', position })
    } catch (error) {
      if (request !== requests.current) return
      setState({ status: 'failed', reason: error instanceof LocateError ? error.reason : 'unavailable' })
    }
  }

  function toggle() {
    if (state.status === 'on' || state.status === 'locating') {
      requests.current++
      setState({ status: 'off' })
      if (state.status === 'on' && indexUiState.page) setIndexUiState((ui) => ({ ...ui, page: undefined }))
    } else {
      void start()
    }
  }

  // A box drawn by the map or another sort order, chosen while sorted by distance, ends it.
  const box = indexUiState.geoSearch?.boundingBox
  const sort = indexUiState.sortBy && indexUiState.sortBy !== indexName ? indexUiState.sortBy : undefined
  const previous = useRef({ box, sort })
  useEffect(() => {
    const before = previous.current
    previous.current = { box, sort }
    if (state.status !== 'on') return
    if (box && box !== before.box) setState({ status: 'off', notice: ENDED_BY_MAP })
    else if (sort && sort !== before.sort) setState({ status: 'off', notice: ENDED_BY_SORT })
  }, [box, sort, state.status])

  // The sort select and the map follow the distance order through the shared state.
  const position = state.status === 'on' ? state.position : null
  const shared = useMemo(
    () =>
      position && {
        position,
        stop: () => {
          requests.current++
          setState({ status: 'off', notice: ENDED_BY_SORT })
        },
      },
    [position],
  )
  useEffect(() => {
    publishNearMe(shared)
    return () => publishNearMe(null)
  }, [shared])

  const active = state.status === 'on' || state.status === 'locating'
  let status = ''
  if (state.status === 'locating') status = t('nearMe.locating')
  else if (state.status === 'on') status = t('nearMe.on')
  else if (state.status === 'off' && state.notice) status = t(state.notice)

  return (
    <div className="near-me">
      <button
        type="button"
        className="button-secondary near-me-button"
        aria-pressed={active}
        disabled={!hydrated}
        onClick={toggle}
      >
        <span aria-hidden="true" className="near-me-icon">
          {active ? '✓' : '◎'}
        </span>{' '}
        <Message id="nearMe.button" />
      </button>
      <p className="near-me-status" role="status">
        {status}
      </p>
      {/* Always present, so that screen readers announce the message when it appears. */}
      <div className="near-me-error" role="alert">
        {state.status === 'failed' && <p>{locateMessage(t, state.reason)}</p>}
      </div>
      {/* Always mounted, the keys always named: a Configure that unmounts leaves its parameters in
          InstantSearch's shared `configure` state, and the next search would still sort by distance. */}
      <Configure
        aroundLatLng={state.status === 'on' ? `${state.position.lat},${state.position.lng}` : undefined}
        aroundRadius={state.status === 'on' ? 'all' : undefined}
        getRankingInfo={state.status === 'on' ? true : undefined}
      />
    </div>
  )
}
