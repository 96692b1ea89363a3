import { useMap } from 'react-leaflet'
import { type MapMovesOptions, useMapMoves } from './use-map-moves.ts'

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
export function MapMoves(props: MapMovesOptions) {
  useMapMoves(useMap(), props)
  return null
}
