import { useLeafletContext } from '@react-leaflet/core'
import type { LayerGroup, Marker as LeafletMarker } from 'leaflet'
import { Fragment, memo, useEffect, useMemo, useRef } from 'react'
import type { useInstantSearch } from 'react-instantsearch'
import { Marker, Popup } from 'react-leaflet'
import { useMessages } from '../i18n/intl.tsx'
import type { LatLng } from '../map/distance.ts'
import { setMarkerDiscs } from '../map/marker-discs.ts'
import { labelMarker } from '../map/marker-label.ts'
import type { MarkerLayout } from '../map/marker-layout.ts'
import { Leader } from '../map/marker-leader.tsx'
import { numberedIcon } from '../map/numbered-icon.ts'
import { useMapZoom } from '../map/use-map-zoom.ts'
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

/** Stacking: the better-ranked marker on top (Leaflet adds the marker's y in pixels, so whole steps of 10,000 outweigh it). */
const stackOffset = (rank: number) => (100 - rank) * 10_000
const ACTIVE_OFFSET = 2_000_000
/** A popup panned into view stays clear of the map's controls in the corners. */
const POPUP_PAD_TOP_LEFT: [number, number] = [16, 64]
const POPUP_PAD_BOTTOM_RIGHT: [number, number] = [16, 24]

interface HitMarkerProps {
  hit: StationHit
  number: number
  /** Place on the page: 0 is the first hit. */
  rank: number
  position: LatLng
  size: number
}

function HitMarker({ hit, number, rank, position, size }: HitMarkerProps) {
  const ref = useRef<LeafletMarker>(null)
  const active = useIsActiveHit(hit.objectID)
  const icon = useMemo(() => numberedIcon('hit-marker', number, size), [number, size])
  const label = `Treffer ${number}: ${hit.name}`
  const t = useMessages()

  useEffect(() => {
    const marker = ref.current
    if (!marker) return
    labelMarker(marker, label, t)
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
  }, [hit.objectID, label, t])

  useEffect(() => {
    const marker = ref.current
    if (!marker) return
    // Also when the marker is (re)drawn: the hit may have been hovered before the map loaded.
    const apply = () => marker.getElement()?.classList.toggle('hit-marker--active', active)
    apply()
    marker.setZIndexOffset(active ? ACTIVE_OFFSET : stackOffset(rank))
    marker.on('add', apply)
    return () => {
      marker.off('add', apply)
    }
  }, [active, rank])

  return (
    <Marker
      ref={ref}
      position={[position.lat, position.lng]}
      icon={icon}
      keyboard
      title={label}
      zIndexOffset={stackOffset(rank)}
    >
      <Popup autoPanPaddingTopLeft={POPUP_PAD_TOP_LEFT} autoPanPaddingBottomRight={POPUP_PAD_BOTTOM_RIGHT}>
        <HitPopup hit={hit} />
      </Popup>
    </Marker>
  )
}

/**
 * "Treffer dieser Seite": numbered markers, highlighted with their hit in the list and back. The
 * first hit lies on top; markers that would cover each other are spread apart (map/marker-layout.ts).
 */
export const HitMarkers = memo(function HitMarkers({
  hits,
  layout,
  size,
}: {
  hits: Array<{ hit: StationHit; number: number }>
  layout: MarkerLayout
  size: number
}) {
  const { map, layerContainer } = useLeafletContext()
  const zoom = useMapZoom()
  const { places } = layout.at(map, zoom)
  // The basemap's names keep clear of the markers.
  useEffect(() => {
    const group = layerContainer as LayerGroup
    setMarkerDiscs(map, group, (at) => layout.at(map, at).discs)
    return () => setMarkerDiscs(map, group, null)
  }, [map, layerContainer, layout])
  return hits.map(({ hit, number }, rank) => {
    const place = places.get(hit.objectID)
    if (!place) return null
    return (
      <Fragment key={hit.objectID}>
        {place.moved && <Leader place={place} />}
        <HitMarker hit={hit} number={number} rank={rank} position={place.drawn} size={size} />
      </Fragment>
    )
  })
})
