import './search-map.css'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useInstantSearch } from 'react-instantsearch'
import { useMessages } from '../i18n/intl.tsx'
import { onIdle } from '../shared/idle-callback.ts'
import { useHydrated } from '../ui/client-only.tsx'
import { RetryablePart, useRetryableLazy } from '../ui/retryable-lazy.tsx'
import { useMapSearchControl } from './map-search-control.ts'
import type { MapView } from './map-view.tsx'

// Leaflet, the basemap and the clusters are their own chunk, loaded once the first hits are painted
// and the browser is idle. If it cannot be loaded, the list stays and the map offers a retry.
const loadSearchMap = () => import('./search-map.tsx').then((module) => module.SearchMap)

/**
 * The place of the map: beside the list on wide screens, instead of it when chosen on narrow ones.
 * The map box refinement (`karte=` in the URL) is registered here, always, so that it applies to
 * the list before the map has loaded and while it is not shown.
 */
export function MapSlot({ view }: { view: MapView }) {
  const t = useMessages()
  const control = useMapSearchControl()
  const { results, status } = useInstantSearch()
  const answered = Boolean(results && !results.__isArtificial)
  const [painted, setPainted] = useState(false)
  const { Part: SearchMap, attempt, retry } = useRetryableLazy(loadSearchMap)
  const hydrated = useHydrated()
  const slot = useRef<HTMLElement>(null)

  // Chosen instead of the list, the map reaches from where it starts to the bottom edge of the
  // screen. Measured after every render: filter chips above it come and go with the search.
  useLayoutEffect(() => {
    const element = slot.current
    if (!element || !view.mapOnly) return
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY
      element.style.setProperty('--map-space', `${Math.max(320, window.innerHeight - top)}px`)
    }
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  })

  useEffect(() => {
    // After the frame that paints the first hits, when no search is running (someone typing at
    // once gets their hits first) and the browser is idle.
    if (!answered || painted || status !== 'idle') return
    let cancelIdle = () => {}
    const frame = requestAnimationFrame(() => {
      cancelIdle = onIdle(() => setPainted(true), 1000)
    })
    return () => {
      cancelAnimationFrame(frame)
      cancelIdle()
    }
  }, [answered, painted, status])

  // Until hydrated, the width is unknown here: the place stays, and the style sheet shows it beside
  // the list on wide screens only.
  if (!view.beside && !view.mapOnly && hydrated) return null
  return (
    <section
      ref={slot}
      className="search-map-slot"
      aria-label={t('searchMap.region')}
      data-beside={!view.mapOnly}
    >
      {painted ? (
        <RetryablePart
          attempt={attempt}
          retry={retry}
          loading={<p className="search-map-loading">{t('searchMap.loading')}</p>}
          failedText={t('searchMap.failed')}
          className="search-map-loading search-map-failed"
        >
          <SearchMap control={control} />
        </RetryablePart>
      ) : (
        // Also what the server renders: without JavaScript the map never comes, the list is all there is.
        <p className="search-map-loading">{t('searchMap.needsScript')}</p>
      )}
    </section>
  )
}
