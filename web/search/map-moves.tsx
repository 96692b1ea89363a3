import { latLngBounds } from 'leaflet'
import { type RefObject, useEffect, useRef } from 'react'
import { useMap } from 'react-leaflet'
import { normalizeBox } from '../map/bounds.ts'
import type { StationHit } from '../stations/station.ts'
import type { MapSearchControl } from './map-search-control.ts'

/** Moves caused by the app, not the user (a resize, a popup panning into view), end within this time. */
const IGNORE_AFTER_AUTOMATIC_MS = 600

/** The map's box as the search service takes it. */
export function currentBox(map: ReturnType<typeof useMap>) {
  const bounds = map.getBounds()
  return normalizeBox({ northEast: bounds.getNorthEast(), southWest: bounds.getSouthWest() })
}

/**
 * Ties the map's view to the search: the map fits the page's hits when the results change, unless
 * the user has moved it or searches in a map box; a move by the user refines the search with the
 * map's box ("Beim Verschieben der Karte suchen") or offers "Hier suchen". Moves of the app's own
 * making (fitting, resizing, a popup panning into view) never refine.
 */
export function MapMoves({
  controlRef,
  refined,
  hits,
}: {
  /** The latest control, read when the user moves the map (it changes with every search). */
  controlRef: RefObject<MapSearchControl>
  refined: boolean
  hits: readonly StationHit[]
}) {
  const map = useMap()
  const userMoved = useRef(false)
  const fitting = useRef(false)
  const ignoreUntil = useRef(0)

  useEffect(() => {
    const ignoreForAWhile = () => {
      ignoreUntil.current = performance.now() + IGNORE_AFTER_AUTOMATIC_MS
    }
    const onMoveEnd = () => {
      if (fitting.current || performance.now() < ignoreUntil.current) return
      userMoved.current = true
      const { geo, moveSearch, setMoved } = controlRef.current
      if (moveSearch) geo.refine(currentBox(map))
      setMoved(!moveSearch)
    }
    map.on('resize', ignoreForAWhile)
    map.on('autopanstart', ignoreForAWhile)
    map.on('moveend', onMoveEnd)
    return () => {
      map.off('resize', ignoreForAWhile)
      map.off('autopanstart', ignoreForAWhile)
      map.off('moveend', onMoveEnd)
    }
  }, [map, controlRef])

  // Once the map box is removed ("Kartenausschnitt ✕", reset), the map follows the hits again.
  useEffect(() => {
    if (!refined) userMoved.current = false
  }, [refined])

  useEffect(() => {
    if (userMoved.current || controlRef.current.geo.isRefinedWithMap()) return
    const positions = hits.flatMap((hit) =>
      hit._geoloc ? [[hit._geoloc.lat, hit._geoloc.lng] as [number, number]] : [],
    )
    if (positions.length === 0) return
    fitting.current = true
    map.fitBounds(latLngBounds(positions), { padding: [36, 36], maxZoom: 12, animate: false })
    fitting.current = false
  }, [map, hits, controlRef])

  return null
}
