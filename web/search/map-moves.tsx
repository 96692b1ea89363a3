import { latLngBounds } from 'leaflet'
import { useEffect, useRef } from 'react'
import type { useGeoSearch } from 'react-instantsearch'
import { useMap } from 'react-leaflet'
import { normalizeBox } from '../map/bounds.ts'
import type { StationHit } from '../stations/station.ts'

export type GeoSearch = ReturnType<typeof useGeoSearch>

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
export function MapMoves({ geo, hits }: { geo: GeoSearch; hits: readonly StationHit[] }) {
  const map = useMap()
  const userMoved = useRef(false)
  const fitting = useRef(false)
  const ignoreUntil = useRef(0)
  const geoRef = useRef(geo)
  geoRef.current = geo

  useEffect(() => {
    const ignoreForAWhile = () => {
      ignoreUntil.current = performance.now() + IGNORE_AFTER_AUTOMATIC_MS
    }
    const onMoveEnd = () => {
      if (fitting.current || performance.now() < ignoreUntil.current) return
      userMoved.current = true
      if (geoRef.current.isRefineOnMapMove()) geoRef.current.refine(currentBox(map))
      else geoRef.current.setMapMoveSinceLastRefine()
    }
    map.on('resize', ignoreForAWhile)
    map.on('autopanstart', ignoreForAWhile)
    map.on('moveend', onMoveEnd)
    return () => {
      map.off('resize', ignoreForAWhile)
      map.off('autopanstart', ignoreForAWhile)
      map.off('moveend', onMoveEnd)
    }
  }, [map])

  // Once the map box is removed ("Kartenausschnitt ✕", reset), the map follows the hits again.
  const refined = geo.isRefinedWithMap()
  useEffect(() => {
    if (!refined) userMoved.current = false
  }, [refined])

  useEffect(() => {
    if (userMoved.current || geoRef.current.isRefinedWithMap()) return
    const positions = hits.flatMap((hit) =>
      hit._geoloc ? [[hit._geoloc.lat, hit._geoloc.lng] as [number, number]] : [],
    )
    if (positions.length === 0) return
    fitting.current = true
    map.fitBounds(latLngBounds(positions), { padding: [36, 36], maxZoom: 12, animate: false })
    fitting.current = false
  }, [map, hits])

  return null
}
