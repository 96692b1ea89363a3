import { BaseMap } from '../map/base-map.tsx'

export function SearchMap() {
  return (
    <BaseMap aria-label="Karte der Treffer" className="search-map" layersKey="bahnhofsfinder.karte.ebenen" />
  )
}
