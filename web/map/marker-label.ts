import type { LeafletEvent, Marker } from 'leaflet'
import type { Translate } from '../i18n/intl.tsx'

const labels = new WeakMap<Marker, string>()

function applyLabel(this: Marker): void {
  this.getElement()?.setAttribute('aria-label', labels.get(this) ?? '')
}

function onKeyPress(this: Marker, event: LeafletEvent): void {
  const key = (event as LeafletEvent & { originalEvent: KeyboardEvent }).originalEvent.key
  if (key === ' ' || (key === 'Enter' && !this.getPopup())) this.fire('click')
}

type PopupEvent = LeafletEvent & { popup?: { getElement(): HTMLElement | undefined } }

function nameCloseButton(event: PopupEvent, name: string) {
  const close = event.popup?.getElement()?.querySelector('.leaflet-popup-close-button')
  close?.setAttribute('aria-label', name)
  close?.setAttribute('title', name)
}

/**
 * Gives a keyboard-operable marker (Leaflet makes it a focusable role="button") its accessible
 * name, a name for its popup's close button (Leaflet's is "×"), and the keys of a button: Leaflet itself
 * only opens a bound popup on Enter, so Space, and Enter on a marker without popup, click it.
 * Safe to call again with a new label.
 */
export function labelMarker(target: Marker, label: string, t: Translate): void {
  const known = labels.has(target)
  labels.set(target, label)
  target.options.title = label
  applyLabel.call(target)
  if (known) return
  target.on('add', applyLabel)
  target.on('keypress', onKeyPress)
  target.on('popupopen', (event: PopupEvent) => nameCloseButton(event, t('map.closePopup')))
}
