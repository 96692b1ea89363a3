import { ClearRefinements, useCurrentRefinements } from 'react-instantsearch'
import { facetByAttribute } from './facets.ts'

export interface ActiveFilter {
  key: string
  attributeLabel: string
  valueLabel: string
  remove: () => void
}

/** The active refinements with German labels, for the chips, the empty state and the filter count. */
export function useActiveFilters(): ActiveFilter[] {
  const { items } = useCurrentRefinements()
  return items.flatMap((item) => {
    const facet = facetByAttribute(item.attribute)
    return item.refinements.map((refinement) => ({
      key: `${item.attribute}:${refinement.value}`,
      attributeLabel: facet?.title ?? item.label,
      valueLabel: facet ? facet.valueLabel(String(refinement.value)) : refinement.label,
      remove: () => item.refine(refinement),
    }))
  })
}

/** Chips to remove one filter each, and "Alle Filter zurücksetzen". */
export function CurrentFilters() {
  const filters = useActiveFilters()
  if (filters.length === 0) return null
  return (
    <section className="current-filters" aria-label="Aktive Filter">
      <div className="ais-CurrentRefinements">
        <ul className="ais-CurrentRefinements-list">
          {filters.map((filter) => (
            <li key={filter.key} className="ais-CurrentRefinements-item">
              <span className="ais-CurrentRefinements-label">{filter.attributeLabel}:</span>{' '}
              <span className="ais-CurrentRefinements-category">
                <span className="ais-CurrentRefinements-categoryLabel">{filter.valueLabel}</span>
                <button
                  type="button"
                  className="ais-CurrentRefinements-delete"
                  aria-label={`Filter entfernen: ${filter.attributeLabel} ${filter.valueLabel}`}
                  onClick={filter.remove}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <ClearRefinements translations={{ resetButtonText: 'Alle Filter zurücksetzen' }} />
    </section>
  )
}
