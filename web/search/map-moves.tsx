import { type LatLng, type LatLngBounds, latLngBounds } from 'leaflet'
import { type RefObject, useEffect, useRef } from 'react'
import { useMap } from 'react-leaflet'
import { normalizeBox } from '../map/bounds.ts'
import type { LatLng as Position } from '../map/distance.ts'
import { panPopupsIntoViewAtOnce } from '../map/instant-popup-pan.ts'
import type { FitPadding } from '../map/map-cover.ts'
import { fitMarkers } from '../map/map-fit.ts'
import type { MarkerLayout } from '../map/marker-layout.ts'
import type { StationHit } from '../stations/station.ts'
import type { MapSearchControl } from './map-search-control.ts'

/** Moves caused by the app, not the user (a resize, a popup panning into view), end within this time. */
const IGNORE_AFTER_AUTOMATIC_MS = 600

/** Closer than this a fit shows streets, not where the hits lie among each other. */
const FIT_MAX_ZOOM = 12

/** The view before a popup panned the map to show itself. */
interface ViewBeforePopup {
  center: LatLng
  zoom: number
}

/** The map's box as the search service takes it. */
export function currentBox(map: ReturnType<typeof useMap>) {
  const bounds = map.getBounds()
  return normalizeBox({ northEast: bounds.getNorthEast(), southWest: bounds.getSouthWest() })
}

/**
 * Ties the map's view to the search: the map frames the page's hits, where the traveller looks,
 * when the results change (the other matches are the clusters around them, a zoom out away),
 * unless the user has moved it or searches in a map box; a move by the user refines the search
 * with the map's box ("Beim Verschieben der Karte suchen") or offers "Hier suchen". Moves of the
 * app's own making (fitting, resizing, a popup panning into view) never refine, and neither does
 * zooming out of a search that no box limits yet: a box could only cut hits off that it already
 * has. A drag takes the map over as it starts: no fit that comes during it moves the map away from
 * under the pointer. Sorted by distance, the view holds the position too.
 */
export function MapMoves({
  controlRef,
  refined,
  query,
  hits,
  layout,
  padding,
  position,
}: {
  /** The latest control, read when the user moves the map (it changes with every search). */
  controlRef: RefObject<MapSearchControl>
  refined: boolean
  /** The query typed: a new one is fitted again unless a map box limits the search. */
  query: string
  hits: readonly StationHit[]
  /** Where the page's markers are drawn. */
  layout: MarkerLayout
  /** Room kept free around what a fit brings into view, at least (more where controls need it). */
  padding: FitPadding
  /** The browser's position while the hits are sorted by distance from it. */
  position: Position | null
}) {
  const map = useMap()
  const userMoved = useRef(false)
  const fitting = useRef(false)
  const ignoreUntil = useRef(0)
  const lastView = useRef<LatLngBounds | null>(null)
  // Read when the hits come: the position changes a search before its hits arrive.
  const positionRef = useRef(position)
  positionRef.current = position
  const beforePopup = useRef<ViewBeforePopup | null>(null)

  useEffect(() => {
    const ignoreForAWhile = () => {
      ignoreUntil.current = performance.now() + IGNORE_AFTER_AUTOMATIC_MS
    }
    // A popup panned into view gives the view back when it closes, unless the user moved the map
    // meanwhile: the pan (up to half a popup's width on a phone) would otherwise stay and push
    // markers the fit kept clear under the controls or off the map, where the next tap misses them.
    const onAutopanStart = () => {
      ignoreForAWhile()
      beforePopup.current ??= { center: map.getCenter(), zoom: map.getZoom() }
    }
    const onPopupClose = () => {
      const view = beforePopup.current
      beforePopup.current = null
      if (!view || view.zoom !== map.getZoom()) return
      fitting.current = true
      map.setView(view.center, view.zoom, { animate: false })
      fitting.current = false
    }
    // A drag right after the pan (whose moves are ignored for a moment) keeps its view too.
    const onDragStart = () => {
      beforePopup.current = null
      userMoved.current = true
    }
    const onMoveEnd = () => {
      const before = lastView.current
      const view = map.getBounds()
      lastView.current = view
      if (fitting.current || performance.now() < ignoreUntil.current) return
      const { geo, moveSearch, setMoved } = controlRef.current
      userMoved.current = true
      beforePopup.current = null
      const zoomedOut = before !== null && view.contains(before)
      if (zoomedOut && !geo.isRefinedWithMap()) return
      if (moveSearch) geo.refine(currentBox(map))
      setMoved(!moveSearch)
    }
    lastView.current = map.getBounds()
    const restorePans = panPopupsIntoViewAtOnce(map)
    map.on('resize', ignoreForAWhile)
    map.on('autopanstart', onAutopanStart)
    map.on('popupclose', onPopupClose)
    map.on('dragstart', onDragStart)
    map.on('moveend', onMoveEnd)
    return () => {
      map.off('resize', ignoreForAWhile)
      map.off('autopanstart', onAutopanStart)
      map.off('popupclose', onPopupClose)
      map.off('dragstart', onDragStart)
      map.off('moveend', onMoveEnd)
      restorePans()
    }
  }, [map, controlRef])

  // Once the map box is removed ("Kartenausschnitt ✕", reset), the map follows the hits again.
  useEffect(() => {
    if (!refined) userMoved.current = false
  }, [refined])

  // A view the user zoomed out to without a box is kept for this query, not for the next.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the query changes
  useEffect(() => {
    if (!controlRef.current.geo.isRefinedWithMap()) userMoved.current = false
  }, [query, controlRef])

  // Each page of hits is framed anew: its hits may lie elsewhere than the last page's.
  useEffect(() => {
    if (userMoved.current || controlRef.current.geo.isRefinedWithMap()) return
    const positions = hits.flatMap((hit) =>
      hit._geoloc ? [[hit._geoloc.lat, hit._geoloc.lng] as [number, number]] : [],
    )
    if (positions.length === 0) return
    const around = positionRef.current
    if (around) positions.push([around.lat, around.lng])
    beforePopup.current = null
    fitting.current = true
    fitMarkers(map, latLngBounds(positions), layout, padding, FIT_MAX_ZOOM)
    fitting.current = false
  }, [map, hits, layout, padding, controlRef])

  return null
}
