import type { LatLngBounds } from 'leaflet'
import type { LatLng as Position } from '../map/distance.ts'
import type { StationHit } from '../stations/station.ts'

/** Moves caused by the app, not the user (a resize, a popup panning into view), end within this time. */
const IGNORE_AFTER_AUTOMATIC_MS = 600

/** The view before a popup panned the map to show itself. */
interface ViewBeforePopup {
  center: Position
  zoom: number
}

/** What the search map remembers of its moves from one event to the next. */
export interface MoveState {
  /** The user moved the map: the hits are no longer framed, until the box or the query goes. */
  userMoved: boolean
  /** The app moves the map itself (a fit, a view given back): that move is not the user's. */
  fitting: boolean
  /** Until then (`performance.now()`), moves are the app's: a resize, a popup panning into view. */
  ignoreUntil: number
  /** The view after the last move: one that holds it all was zoomed out of it. */
  lastView: LatLngBounds | null
  /** Given back when the popup closes, unless the user moved the map meanwhile. */
  beforePopup: ViewBeforePopup | null
}

export function initialMoveState(): MoveState {
  return { userMoved: false, fitting: false, ignoreUntil: 0, lastView: null, beforePopup: null }
}

/** The moves that end within a moment from `now` are the app's (a resize, a popup's pan). */
export function ignoreMovesForAWhile(state: MoveState, now: number): void {
  state.ignoreUntil = now + IGNORE_AFTER_AUTOMATIC_MS
}

/** Whether the move that just ended was the app's own. */
export function isAppMove(state: MoveState, now: number): boolean {
  return state.fitting || now < state.ignoreUntil
}

/** A popup starts panning the map: its moves are the app's, and the view before its first pan is kept. */
export function popupPanStarts(state: MoveState, now: number, view: ViewBeforePopup): void {
  ignoreMovesForAWhile(state, now)
  state.beforePopup ??= view
}

/** The view to give back as the popup closes: the one before it panned, if the zoom is still that view's. */
export function viewToGiveBack(state: MoveState, zoom: number): ViewBeforePopup | null {
  const view = state.beforePopup
  state.beforePopup = null
  return view && view.zoom === zoom ? view : null
}

/** The user takes the map over: fits leave it where they put it, and no popup gives a view back. */
export function userTakesOver(state: MoveState): void {
  state.userMoved = true
  state.beforePopup = null
}

/**
 * What a move of the user's does to the search: with "Beim Verschieben der Karte suchen" on it
 * searches the map's box, otherwise it offers "Hier suchen". Zooming out of a search that no box
 * limits yet does neither: a box could only cut hits off that it already has.
 */
export function searchAfterUserMove(move: {
  zoomedOut: boolean
  refinedWithMap: boolean
  moveSearch: boolean
}): { refine: boolean; offerHere: boolean } | null {
  if (move.zoomedOut && !move.refinedWithMap) return null
  return { refine: move.moveSearch, offerHere: !move.moveSearch }
}

/** The hits are framed unless the user has moved the map or a map box limits the search. */
export function framesHits(state: MoveState, refinedWithMap: boolean): boolean {
  return !state.userMoved && !refinedWithMap
}

/**
 * What a fit brings into view: the hits that have a position and, where the hits are sorted by
 * distance from it, the traveller's position. Nothing where no hit has a position.
 */
export function pointsToFrame(
  hits: readonly Pick<StationHit, '_geoloc'>[],
  around: Position | null,
): Array<[number, number]> {
  const points = hits.flatMap(
    (hit): Array<[number, number]> => (hit._geoloc ? [[hit._geoloc.lat, hit._geoloc.lng]] : []),
  )
  if (points.length === 0) return points
  if (around) points.push([around.lat, around.lng])
  return points
}
