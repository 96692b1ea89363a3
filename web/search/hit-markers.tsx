import { divIcon, type Marker as LeafletMarker } from 'leaflet'
import { memo, useEffect, useMemo, useRef } from 'react'
import type { useInstantSearch } from 'react-instantsearch'
import { Marker, Popup } from 'react-leaflet'
import { labelMarker } from '../map/marker-label.ts'
import type { StationHit } from '../stations/station.ts'
import { setActiveHit, useIsActiveHit } from './active-hit.ts'
import { HitPopup } from './hit-popup.tsx'

/** The hits of the current page with their list numbers (positions across pages), where they have a position. */
type Results = ReturnType<typeof useInstantSearch>['results'] | undefined

export function usePageHits(results: Results): Array<{ hit: StationHit; number: number }> {
  return useMemo(() => {
    const offset = (results?.page ?? 0) * (results?.hitsPerPage ?? 0)
    return ((results?.hits ?? []) as StationHit[]).flatMap((hit, index) =>
      hit._geoloc ? [{ hit, number: offset + index + 1 }] : [],
    )
  }, [results])
}

/** Popup elements that already close on Escape (Leaflet reuses a marker's popup element). */
const withEscape = new WeakSet<HTMLElement>()

function HitMarker({ hit, number }: { hit: StationHit; number: number }) {
  const ref = useRef<LeafletMarker>(null)
  const active = useIsActiveHit(hit.objectID)
  const icon = useMemo(
    () => divIcon({ html: `<span>${number}</span>`, className: 'hit-marker', iconSize: [30, 30] }),
    [number],
  )
  const label = `Treffer ${number}: ${hit.name}`

  useEffect(() => {
    const marker = ref.current
    if (!marker) return
    labelMarker(marker, label)
    const enter = () => setActiveHit(hit.objectID)
    const leave = () => setActiveHit(null)
    // The element exists while the overlay is shown; it is created anew when shown again.
    const attach = () => {
      const element = marker.getElement()
      element?.setAttribute('aria-label', label)
      element?.addEventListener('focus', enter)
      element?.addEventListener('blur', leave)
    }
    // Opened from the keyboard: the focus moves to the popup's link once React has rendered it;
    // Escape closes the popup and returns to the marker.
    const onOpen = () => {
      const popup = marker.getPopup()?.getElement()
      if (popup && !withEscape.has(popup)) {
        withEscape.add(popup)
        popup.addEventListener('keydown', (event) => {
          if (event.key !== 'Escape') return
          marker.closePopup()
          marker.getElement()?.focus()
        })
      }
      if (document.activeElement !== marker.getElement()) return
      requestAnimationFrame(() => popup?.querySelector<HTMLElement>('a[href^="/bahnhof/"]')?.focus())
    }
    attach()
    marker.on('add', attach)
    marker.on('mouseover', enter)
    marker.on('mouseout', leave)
    marker.on('popupopen', onOpen)
    return () => {
      marker.getElement()?.removeEventListener('focus', enter)
      marker.getElement()?.removeEventListener('blur', leave)
      marker.off('add', attach)
      marker.off('mouseover', enter)
      marker.off('mouseout', leave)
      marker.off('popupopen', onOpen)
    }
  }, [hit.objectID, label])

  useEffect(() => {
    const marker = ref.current
    if (!marker) return
    // Also when the marker is (re)drawn: the hit may have been hovered before the map loaded.
    const apply = () => marker.getElement()?.classList.toggle('hit-marker--active', active)
    apply()
    marker.setZIndexOffset(active ? 2000 : 1000)
    marker.on('add', apply)
    return () => {
      marker.off('add', apply)
    }
  }, [active])

  return (
    <Marker
      ref={ref}
      position={[hit._geoloc!.lat, hit._geoloc!.lng]}
      icon={icon}
      keyboard
      title={label}
      zIndexOffset={1000}
    >
      <Popup>
        <HitPopup hit={hit} />
      </Popup>
    </Marker>
  )
}

/** "Treffer dieser Seite": numbered markers, highlighted with their hit in the list and back. */
export const HitMarkers = memo(function HitMarkers({
  hits,
}: {
  hits: Array<{ hit: StationHit; number: number }>
}) {
  return hits.map(({ hit, number }) => <HitMarker key={hit.objectID} hit={hit} number={number} />)
})
