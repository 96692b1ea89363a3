import { OVERLAYS } from './search-map-overlays.ts'

/** What each shown overlay's symbols mean; only the overlays shown are explained. */
export function MapLegend({
  shown,
  position,
  open,
}: {
  shown: ReadonlySet<string>
  /** "Ihr Standort" is on the map. */
  position: boolean
  /** Unfolded at first (beside the list); on phones it is folded over the map. */
  open: boolean
}) {
  return (
    <details className="search-map-legend" open={open} data-over-map>
      <summary>Legende</summary>
      <ul>
        {shown.has(OVERLAYS.pageHits) && (
          <li>
            <span className="legend-symbol legend-symbol--hit" aria-hidden="true">
              1
            </span>
            Treffer dieser Seite, nummeriert wie die Liste
          </li>
        )}
        {shown.has(OVERLAYS.allHits) && (
          <>
            <li>
              <span className="legend-symbol legend-symbol--cluster" aria-hidden="true">
                12
              </span>
              weitere Treffer: Anzahl Bahnhöfe, Klick zoomt hinein
            </li>
            <li>
              <span className="legend-symbol legend-symbol--point" aria-hidden="true" />
              ein weiterer Treffer
            </li>
          </>
        )}
        {shown.has(OVERLAYS.states) && (
          <li>
            <span className="legend-symbol legend-symbol--border" aria-hidden="true" />
            Grenze eines Bundeslands
          </li>
        )}
        {shown.has(OVERLAYS.stepFree) && (
          <li>
            <span className="legend-symbol legend-symbol--step-free" aria-hidden="true" />
            stufenfrei erreichbar
          </li>
        )}
        {shown.has(OVERLAYS.longDistance) && (
          <li>
            <span className="legend-symbol legend-symbol--long-distance" aria-hidden="true" />
            Fernverkehrshalt (ICE, IC/EC)
          </li>
        )}
        {position && (
          <li>
            <span className="legend-symbol legend-symbol--position" aria-hidden="true" />
            Ihr Standort
          </li>
        )}
      </ul>
    </details>
  )
}
