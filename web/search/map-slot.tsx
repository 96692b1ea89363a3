/**
 * The place of the map beside the results (markers, popups, layers, "search as the map moves").
 * It arrives with the map issue; the `karte` URL parameter is already routed (see routing.ts).
 */
export function MapSlot() {
  return null
}
