import './search-map.css'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useInstantSearch } from 'react-instantsearch'
import { useMapSearchControl } from './map-search-control.ts'
import type { MapView } from './map-view.tsx'

// Leaflet, the basemap and the clusters are their own chunk, loaded once the first hits are painted
// and the browser is idle.
const SearchMap = lazy(() => import('./search-map.tsx').then((module) => ({ default: module.SearchMap })))

/**
 * The place of the map: beside the list on wide screens, instead of it when chosen on narrow ones.
 * The map box refinement (`karte=` in the URL) is registered here, always, so that it applies to
 * the list before the map has loaded and while it is not shown.
 */
export function MapSlot({ view }: { view: MapView }) {
  const control = useMapSearchControl()
  const { results, status } = useInstantSearch()
  const answered = Boolean(results && !results.__isArtificial)
  const [painted, setPainted] = useState(false)

  useEffect(() => {
    // After the frame that paints the first hits, when no search is running (someone typing at
    // once gets their hits first) and the browser is idle.
    if (!answered || painted || status !== 'idle') return
    let idle = 0
    const frame = requestAnimationFrame(() => {
      idle = requestIdleCallback(() => setPainted(true), { timeout: 1000 })
    })
    return () => {
      cancelAnimationFrame(frame)
      cancelIdleCallback(idle)
    }
  }, [answered, painted, status])

  if (!view.beside && !view.mapOnly) return null
  return (
    <section className="search-map-slot" aria-label="Karte">
      {painted ? (
        <Suspense fallback={<p className="search-map-loading">Karte wird geladen …</p>}>
          <SearchMap control={control} />
        </Suspense>
      ) : (
        <p className="search-map-loading">Karte wird geladen …</p>
      )}
    </section>
  )
}
