import { describe, expect, it } from 'vitest'
import {
  framesHits,
  ignoreMovesForAWhile,
  initialMoveState,
  isAppMove,
  pointsToFrame,
  popupPanStarts,
  searchAfterUserMove,
  userTakesOver,
  viewToGiveBack,
} from './map-move-state.ts'

const view = (zoom: number) => ({ center: { lat: 50.94, lng: 6.96 }, zoom })

describe('the search map telling its own moves from the user’s', () => {
  it('takes a move for the user’s unless the app is fitting or a moment has not passed', () => {
    const state = initialMoveState()
    expect(isAppMove(state, 1_000)).toBe(false)
    ignoreMovesForAWhile(state, 1_000)
    expect(isAppMove(state, 1_599)).toBe(true)
    expect(isAppMove(state, 1_600)).toBe(false)
    state.fitting = true
    expect(isAppMove(state, 5_000)).toBe(true)
  })

  it('keeps the view before a popup’s first pan and gives it back once, at the same zoom only', () => {
    const state = initialMoveState()
    popupPanStarts(state, 1_000, view(10))
    popupPanStarts(state, 1_100, view(11))
    expect(isAppMove(state, 1_650)).toBe(true)
    expect(viewToGiveBack(state, 10)).toEqual(view(10))
    expect(viewToGiveBack(state, 10)).toBeNull()

    popupPanStarts(state, 2_000, view(10))
    expect(viewToGiveBack(state, 12)).toBeNull()
    expect(state.beforePopup).toBeNull()
  })

  it('gives no view back once the user has taken the map over, and frames no hits after that', () => {
    const state = initialMoveState()
    popupPanStarts(state, 1_000, view(10))
    expect(framesHits(state, false)).toBe(true)
    userTakesOver(state)
    expect(viewToGiveBack(state, 10)).toBeNull()
    expect(framesHits(state, false)).toBe(false)
  })

  it('frames no hits while a map box limits the search', () => {
    expect(framesHits(initialMoveState(), true)).toBe(false)
  })
})

describe('what a move of the user’s does to the search', () => {
  it('searches the map’s box while "search as the map moves" is on, else offers "Hier suchen"', () => {
    expect(searchAfterUserMove({ zoomedOut: false, refinedWithMap: false, moveSearch: true })).toEqual({
      refine: true,
      offerHere: false,
    })
    expect(searchAfterUserMove({ zoomedOut: false, refinedWithMap: true, moveSearch: false })).toEqual({
      refine: false,
      offerHere: true,
    })
  })

  it('does nothing for a zoom out of a search no box limits yet, but refines a boxed one', () => {
    expect(searchAfterUserMove({ zoomedOut: true, refinedWithMap: false, moveSearch: true })).toBeNull()
    expect(searchAfterUserMove({ zoomedOut: true, refinedWithMap: true, moveSearch: true })).toEqual({
      refine: true,
      offerHere: false,
    })
  })
})

describe('the points a fit brings into view', () => {
  const koeln = { _geoloc: { lat: 50.94, lng: 6.96 } }
  const bonn = { _geoloc: { lat: 50.73, lng: 7.1 } }

  it('are the hits with a position, and the traveller’s position where the hits are sorted by it', () => {
    expect(pointsToFrame([koeln, {}, bonn], null)).toEqual([
      [50.94, 6.96],
      [50.73, 7.1],
    ])
    expect(pointsToFrame([koeln], { lat: 51, lng: 7 })).toEqual([
      [50.94, 6.96],
      [51, 7],
    ])
  })

  it('are none where no hit has a position, whatever the traveller’s position', () => {
    expect(pointsToFrame([{}, {}], { lat: 51, lng: 7 })).toEqual([])
  })
})
