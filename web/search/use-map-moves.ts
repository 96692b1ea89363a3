import type { Map as LeafletMap } from 'leaflet'
import { type RefObject, useEffect, useRef } from 'react'
import type { LatLng as Position } from '../map/distance.ts'
import type { FitPadding } from '../map/map-cover.ts'
import type { MarkerLayout } from '../map/marker-layout.ts'
import type { StationHit } from '../stations/station.ts'
import { followMapMoves, frameHits } from './map-move-events.ts'
import { framesHits, initialMoveState, pointsToFrame } from './map-move-state.ts'
import type { MapSearchControl } from './map-search-control.ts'

export interface MapMovesOptions {
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
}

/** The search's side of the map's moves (see `MapMoves`): when the hits are framed, and when no longer. */
export function useMapMoves(
  map: LeafletMap,
  { controlRef, refined, query, hits, layout, padding, position }: MapMovesOptions,
): void {
  const moves = useRef(initialMoveState())
  // Read when the hits come: the position changes a search before its hits arrive.
  const positionRef = useRef(position)
  positionRef.current = position

  useEffect(() => followMapMoves(map, moves.current, controlRef), [map, controlRef])

  // Once the map box is removed ("Kartenausschnitt ✕", reset), the map follows the hits again.
  useEffect(() => {
    if (!refined) moves.current.userMoved = false
  }, [refined])

  // A view the user zoomed out to without a box is kept for this query, not for the next.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the query changes
  useEffect(() => {
    if (!controlRef.current.geo.isRefinedWithMap()) moves.current.userMoved = false
  }, [query, controlRef])

  // Each page of hits is framed anew: its hits may lie elsewhere than the last page's.
  useEffect(() => {
    if (!framesHits(moves.current, controlRef.current.geo.isRefinedWithMap())) return
    frameHits(map, moves.current, pointsToFrame(hits, positionRef.current), layout, padding)
  }, [map, hits, layout, padding, controlRef])
}
