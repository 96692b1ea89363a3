import { Message } from '../i18n/intl.tsx'
import type { MapView } from './map-view.tsx'

/** "Liste | Karte" on narrow screens: two toggle buttons, the choice kept in the URL. */
export function ViewToggle({ view }: { view: MapView }) {
  return (
    <fieldset className="view-toggle">
      <legend className="visually-hidden">
        <Message id="view.legend" />
      </legend>
      <button type="button" aria-pressed={!view.mapOnly} onClick={() => view.choose('liste')}>
        <Message id="view.list" />
      </button>
      <button type="button" aria-pressed={view.mapOnly} onClick={() => view.choose('karte')}>
        <Message id="view.map" />
      </button>
    </fieldset>
  )
}
