import { useState } from 'react'
import { useGeoSearch } from 'react-instantsearch'

export type GeoSearch = ReturnType<typeof useGeoSearch>

/**
 * The map box refinement (`useGeoSearch`) and the two switches of "search as the map moves". The
 * switches are React state: the connector keeps its own flags outside what React InstantSearch
 * compares, so toggling them there would not re-render.
 */
export interface MapSearchControl {
  geo: GeoSearch
  /** "Beim Verschieben der Karte suchen" (on by default). */
  moveSearch: boolean
  setMoveSearch: (on: boolean) => void
  /** The user moved the map since the last map search: offer "Hier suchen". */
  moved: boolean
  setMoved: (moved: boolean) => void
}

export function useMapSearchControl(): MapSearchControl {
  const geo = useGeoSearch()
  const [moveSearch, setMoveSearch] = useState(true)
  const [moved, setMoved] = useState(false)
  return { geo, moveSearch, setMoveSearch, moved, setMoved }
}
