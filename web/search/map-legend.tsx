import { Message, useMessages } from '../i18n/intl.tsx'
import { overlayNames } from './search-map-overlays.ts'

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
  const OVERLAYS = overlayNames(useMessages())
  return (
    <details className="search-map-legend" open={open} data-over-map>
      <summary>
        <Message id="legend.title" />
      </summary>
      <ul>
        {shown.has(OVERLAYS.pageHits) && (
          <li>
            <span className="legend-symbol legend-symbol--hit" aria-hidden="true">
              1
            </span>
            <Message id="legend.pageHits" />
          </li>
        )}
        {shown.has(OVERLAYS.allHits) && (
          <>
            <li>
              <span className="legend-symbol legend-symbol--cluster" aria-hidden="true">
                12
              </span>
              <Message id="legend.cluster" />
            </li>
            <li>
              <span className="legend-symbol legend-symbol--point" aria-hidden="true" />
              <Message id="legend.point" />
            </li>
          </>
        )}
        {shown.has(OVERLAYS.states) && (
          <li>
            <span className="legend-symbol legend-symbol--border" aria-hidden="true" />
            <Message id="legend.border" />
          </li>
        )}
        {shown.has(OVERLAYS.stepFree) && (
          <li>
            <span className="legend-symbol legend-symbol--step-free" aria-hidden="true" />
            <Message id="legend.stepFree" />
          </li>
        )}
        {shown.has(OVERLAYS.longDistance) && (
          <li>
            <span className="legend-symbol legend-symbol--long-distance" aria-hidden="true" />
            <Message id="legend.longDistance" />
          </li>
        )}
        {position && (
          <li>
            <span className="legend-symbol legend-symbol--position" aria-hidden="true" />
            <Message id="legend.position" />
          </li>
        )}
      </ul>
    </details>
  )
}
