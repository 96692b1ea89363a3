import { useCurrentRefinements, useInstantSearch } from 'react-instantsearch'
import { facetByAttribute } from './facets.ts'

export interface ActiveFilter {
  key: string
  /** Empty for the map box, which names itself ("Kartenausschnitt"). */
  attributeLabel: string
  valueLabel: string
  remove: () => void
}

/** The active refinements with German labels, for the chips, the empty state and the filter count. */
export function useActiveFilters(): ActiveFilter[] {
  const { items } = useCurrentRefinements()
  const { indexUiState, setIndexUiState } = useInstantSearch()
  const mapBox: ActiveFilter[] = indexUiState.geoSearch?.boundingBox
    ? [
        {
          key: 'karte',
          attributeLabel: '',
          valueLabel: 'Kartenausschnitt',
          remove: () => setIndexUiState(({ geoSearch: _box, page: _page, ...rest }) => rest),
        },
      ]
    : []
  const refinements = items.flatMap((item) => {
    const facet = facetByAttribute(item.attribute)
    return item.refinements.map((refinement) => ({
      key: `${item.attribute}:${refinement.value}`,
      attributeLabel: facet?.title ?? item.label,
      valueLabel: facet ? facet.valueLabel(String(refinement.value)) : refinement.label,
      remove: () => item.refine(refinement),
    }))
  })
  return [...refinements, ...mapBox]
}

/** "Alle Filter zurücksetzen": every refinement and the map box in one search; the query stays. */
export function useResetFilters(): () => void {
  const { setIndexUiState } = useInstantSearch()
  return () => setIndexUiState(({ refinementList: _lists, geoSearch: _box, page: _page, ...rest }) => rest)
}

/** Chips to remove one filter each, and "Alle Filter zurücksetzen". */
export function CurrentFilters() {
  const filters = useActiveFilters()
  const reset = useResetFilters()
  if (filters.length === 0) return null
  return (
    <section className="current-filters" aria-label="Aktive Filter">
      <div className="ais-CurrentRefinements">
        <ul className="ais-CurrentRefinements-list">
          {filters.map((filter) => (
            <li key={filter.key} className="ais-CurrentRefinements-item">
              {filter.attributeLabel && (
                <>
                  <span className="ais-CurrentRefinements-label">{filter.attributeLabel}:</span>{' '}
                </>
              )}
              <span className="ais-CurrentRefinements-category">
                <span className="ais-CurrentRefinements-categoryLabel">{filter.valueLabel}</span>
                <button
                  type="button"
                  className="ais-CurrentRefinements-delete"
                  aria-label={`Filter entfernen: ${[filter.attributeLabel, filter.valueLabel].filter(Boolean).join(' ')}`}
                  onClick={filter.remove}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      </div>
      {/* ClearRefinements' markup; the stock widget would leave the map box in place. */}
      <div className="ais-ClearRefinements">
        <button type="button" className="ais-ClearRefinements-button" onClick={reset}>
          Alle Filter zurücksetzen
        </button>
      </div>
    </section>
  )
}
