// The search map's moves on Leaflet's side: its events read as the user's moves or the app's, a
// popup's view given back, the hits framed. map-move-state.ts decides; use-map-moves.ts wires it.
import { type LeafletEventHandlerFnMap, type Map as LeafletMap, latLngBounds } from 'leaflet'
import type { RefObject } from 'react'
import { normalizeBox } from '../map/bounds.ts'
import { panPopupsIntoViewAtOnce } from '../map/instant-popup-pan.ts'
import type { FitPadding } from '../map/map-cover.ts'
import { fitMarkers } from '../map/map-fit.ts'
import type { MarkerLayout } from '../map/marker-layout.ts'
import {
  ignoreMovesForAWhile,
  isAppMove,
  type MoveState,
  popupPanStarts,
  searchAfterUserMove,
  userTakesOver,
  viewToGiveBack,
} from './map-move-state.ts'
import type { MapSearchControl } from './map-search-control.ts'

/** Closer than this a fit shows streets, not where the hits lie among each other. */
const FIT_MAX_ZOOM = 12

/** The map's box as the search service takes it. */
export function currentBox(map: LeafletMap) {
  const bounds = map.getBounds()
  return normalizeBox({ northEast: bounds.getNorthEast(), southWest: bounds.getSouthWest() })
}

/** Moves the map as the app, not the user: the move's own `moveend` refines nothing. */
function moveAsTheApp(state: MoveState, move: () => void): void {
  state.fitting = true
  move()
  state.fitting = false
}

/**
 * A popup panned into view gives the view back when it closes, unless the user moved the map
 * meanwhile: the pan (up to half a popup's width on a phone) would otherwise stay and push markers
 * the fit kept clear under the controls or off the map, where the next tap misses them.
 */
function giveBackViewBeforePopup(map: LeafletMap, state: MoveState): void {
  const view = viewToGiveBack(state, map.getZoom())
  if (view) moveAsTheApp(state, () => map.setView(view.center, view.zoom, { animate: false }))
}

/** A move has ended: one of the user's refines the search with the map's box or offers "Hier suchen". */
function afterMove(map: LeafletMap, state: MoveState, control: MapSearchControl): void {
  const before = state.lastView
  const view = map.getBounds()
  state.lastView = view
  if (isAppMove(state, performance.now())) return
  userTakesOver(state)
  const { geo, moveSearch, setMoved } = control
  const zoomedOut = before !== null && view.contains(before)
  const search = searchAfterUserMove({ zoomedOut, refinedWithMap: geo.isRefinedWithMap(), moveSearch })
  if (!search) return
  if (search.refine) geo.refine(currentBox(map))
  setMoved(search.offerHere)
}

/**
 * Follows the map's moves, telling the user's from the app's; returns the undo. A drag takes the
 * map over as it starts (also right after a popup's pan, whose moves are ignored for a moment).
 */
export function followMapMoves(
  map: LeafletMap,
  state: MoveState,
  controlRef: RefObject<MapSearchControl>,
): () => void {
  const handlers: LeafletEventHandlerFnMap = {
    resize: () => ignoreMovesForAWhile(state, performance.now()),
    autopanstart: () =>
      popupPanStarts(state, performance.now(), { center: map.getCenter(), zoom: map.getZoom() }),
    popupclose: () => giveBackViewBeforePopup(map, state),
    dragstart: () => userTakesOver(state),
    moveend: () => afterMove(map, state, controlRef.current),
  }
  state.lastView = map.getBounds()
  const restorePans = panPopupsIntoViewAtOnce(map)
  map.on(handlers)
  return () => {
    map.off(handlers)
    restorePans()
  }
}

/** Frames the points (see `pointsToFrame`) as the app: no popup gives its view back after it. */
export function frameHits(
  map: LeafletMap,
  state: MoveState,
  points: Array<[number, number]>,
  layout: MarkerLayout,
  padding: FitPadding,
): void {
  if (points.length === 0) return
  state.beforePopup = null
  moveAsTheApp(state, () => fitMarkers(map, latLngBounds(points), layout, padding, FIT_MAX_ZOOM))
}
