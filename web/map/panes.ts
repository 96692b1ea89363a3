// The map's own panes (Leaflet stacks panes by z-index: tiles 200, overlays 400, markers 600,
// tooltips 650, popups 700). Created on first use, so any layer may name them.
import type { Map as LeafletMap } from 'leaflet'

/** The offline basemap's land, water and borders: above tiles, below every overlay. */
export const BASEMAP_PANE = 'basemap'
/** Names of places and states: above the overlays' symbols, below every marker, never clickable. */
export const LABEL_PANE = 'basemap-labels'

const Z_INDEX: Record<string, number> = { [BASEMAP_PANE]: 250, [LABEL_PANE]: 420 }

export function ensurePane(map: LeafletMap, name: typeof BASEMAP_PANE | typeof LABEL_PANE): string {
  if (!map.getPane(name)) {
    const pane = map.createPane(name)
    pane.style.zIndex = String(Z_INDEX[name])
    if (name === LABEL_PANE) {
      pane.style.pointerEvents = 'none'
      // The names repeat what the list and the popups say; screen readers skip them.
      pane.setAttribute('aria-hidden', 'true')
    }
  }
  return name
}
