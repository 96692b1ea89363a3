import type { LeafletEvent, Marker } from 'leaflet'

const labels = new WeakMap<Marker, string>()

function applyLabel(this: Marker): void {
  this.getElement()?.setAttribute('aria-label', labels.get(this) ?? '')
}

function onKeyPress(this: Marker, event: LeafletEvent): void {
  const key = (event as LeafletEvent & { originalEvent: KeyboardEvent }).originalEvent.key
  if (key === ' ' || (key === 'Enter' && !this.getPopup())) this.fire('click')
}

function germanCloseButton(event: LeafletEvent & { popup?: { getElement(): HTMLElement | undefined } }) {
  const close = event.popup?.getElement()?.querySelector('.leaflet-popup-close-button')
  close?.setAttribute('aria-label', 'Popup schließen')
  close?.setAttribute('title', 'Popup schließen')
}

/**
 * Gives a keyboard-operable marker (Leaflet makes it a focusable role="button") its accessible
 * name, a German name for its popup's close button, and the keys of a button: Leaflet itself
 * only opens a bound popup on Enter, so Space, and Enter on a marker without popup, click it.
 * Safe to call again with a new label.
 */
export function labelMarker(target: Marker, label: string): void {
  const known = labels.has(target)
  labels.set(target, label)
  target.options.title = label
  applyLabel.call(target)
  if (known) return
  target.on('add', applyLabel)
  target.on('keypress', onKeyPress)
  target.on('popupopen', germanCloseButton)
}
