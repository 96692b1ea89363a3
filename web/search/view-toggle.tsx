import type { MapView } from './map-view.tsx'

/** "Liste | Karte" on narrow screens: two toggle buttons, the choice kept in the URL. */
export function ViewToggle({ view }: { view: MapView }) {
  return (
    <fieldset className="view-toggle">
      <legend className="visually-hidden">Ansicht</legend>
      <button type="button" aria-pressed={!view.mapOnly} onClick={() => view.choose('liste')}>
        Liste
      </button>
      <button type="button" aria-pressed={view.mapOnly} onClick={() => view.choose('karte')}>
        Karte
      </button>
    </fieldset>
  )
}
