import type { Marker } from 'leaflet'

/**
 * Gives a keyboard-operable marker (Leaflet makes it a focusable role="button") its accessible
 * name, and a German name for its popup's close button.
 */
export function labelMarker(target: Marker, label: string): void {
  target.options.title = label
  target.on('add', () => target.getElement()?.setAttribute('aria-label', label))
  target.on('popupopen', (event) => {
    const close = event.popup.getElement()?.querySelector('.leaflet-popup-close-button')
    close?.setAttribute('aria-label', 'Popup schließen')
    close?.setAttribute('title', 'Popup schließen')
  })
}
