import { useCurrentRefinements, useInstantSearch } from 'react-instantsearch'
import { Message, type Translate, useMessages } from '../i18n/intl.tsx'
import { facetByAttribute } from './facets.ts'
import { usePlainSearchAddress } from './plain-form.tsx'
import { useRecognizedRefinements } from './recognized-refinements.ts'
import { type FacetParam, facetParam } from './routing.ts'

export interface ActiveFilter {
  key: string
  /** Empty for the map box, which names itself ("Kartenausschnitt"). */
  attributeLabel: string
  valueLabel: string
  remove: () => void
  /** The search without it, for a plain link; undefined for a filter only the script knows. */
  removedAddress?: string
}

/**
 * The active refinements with German labels, for the chips, the empty state and the filter count;
 * with the ones a query rule recognized in the words being typed ("hbf nrw"), which the app makes
 * refinements once the field lets go (recognized-refinements.ts).
 */
export function useActiveFilters(): ActiveFilter[] {
  const { items } = useCurrentRefinements()
  const { indexUiState, setIndexUiState } = useInstantSearch()
  const recognized = useRecognizedRefinements()
  const plainAddress = usePlainSearchAddress()
  const t = useMessages()
  const mapBox: ActiveFilter[] = indexUiState.geoSearch?.boundingBox
    ? [
        {
          key: 'karte',
          attributeLabel: '',
          valueLabel: t('currentFilters.mapArea'),
          remove: () => setIndexUiState(({ geoSearch: _box, page: _page, ...rest }) => rest),
          removedAddress: plainAddress((route) => {
            delete route.karte
          }),
        },
      ]
    : []
  const refinements = items.flatMap((item) => {
    const facet = facetByAttribute(item.attribute)
    return item.refinements.map((refinement) => ({
      key: `${item.attribute}:${refinement.value}`,
      attributeLabel: facet ? t(facet.title) : item.label,
      valueLabel: facet ? facet.valueLabel(String(refinement.value), t) : refinement.label,
      remove: () => item.refine(refinement),
      removedAddress: facet
        ? plainAddress((route) => {
            const param = facetParam(facet.attribute)
            route[param] = route[param]?.filter((value) => value !== String(refinement.value))
          })
        : undefined,
    }))
  })
  const pending = (recognized?.pending ?? []).map(({ attribute, value }) => {
    const facet = facetByAttribute(attribute)
    return {
      key: `${attribute}:${value}`,
      attributeLabel: facet ? t(facet.title) : attribute,
      valueLabel: facet ? facet.valueLabel(value, t) : value,
      remove: () => recognized?.drop(),
    }
  })
  return [...refinements, ...pending, ...mapBox]
}

/**
 * "Alle Filter zurücksetzen": every refinement and the map box in one search; the query stays,
 * but for the words a rule recognized as a filter.
 */
export function useResetFilters(): () => void {
  const { setIndexUiState } = useInstantSearch()
  const recognized = useRecognizedRefinements()
  const remaining = recognized?.pending.length ? recognized.remainingQuery : undefined
  return () =>
    setIndexUiState(({ refinementList: _lists, geoSearch: _box, page: _page, query, ...rest }) => {
      const kept = remaining ?? query
      return kept ? { ...rest, query: kept } : rest
    })
}

/** "Filter entfernen: Bundesland Bayern", the map box's "Filter entfernen: Kartenausschnitt". */
function removeLabel(t: Translate, { attributeLabel, valueLabel }: ActiveFilter): string {
  return attributeLabel
    ? t('currentFilters.remove', { attribute: attributeLabel, value: valueLabel })
    : t('currentFilters.removeValue', { value: valueLabel })
}

/** Chips to remove one filter each, and "Alle Filter zurücksetzen". */
export function CurrentFilters() {
  const filters = useActiveFilters()
  const reset = useResetFilters()
  const plainAddress = usePlainSearchAddress()
  const t = useMessages()
  if (filters.length === 0) return null
  const label = (filter: ActiveFilter) => removeLabel(t, filter)
  return (
    <section className="current-filters" aria-label={t('currentFilters.label')}>
      <div className="ais-CurrentRefinements">
        <ul className="ais-CurrentRefinements-list">
          {filters.map((filter) => (
            <li key={filter.key} className="ais-CurrentRefinements-item">
              {filter.attributeLabel && (
                <>
                  <span className="ais-CurrentRefinements-label">
                    <Message id="currentFilters.attribute" values={{ attribute: filter.attributeLabel }} />
                  </span>{' '}
                </>
              )}
              <span className="ais-CurrentRefinements-category">
                <span className="ais-CurrentRefinements-categoryLabel">{filter.valueLabel}</span>
                <button
                  type="button"
                  className="ais-CurrentRefinements-delete script-only"
                  aria-label={label(filter)}
                  onClick={filter.remove}
                >
                  <span aria-hidden="true">✕</span>
                </button>
                {/* Without JavaScript: the same as a link to the search without this filter. */}
                {filter.removedAddress && (
                  <a className="ais-CurrentRefinements-delete plain-link" href={filter.removedAddress}>
                    <span aria-hidden="true">✕</span>
                    <span className="visually-hidden">{label(filter)}</span>
                  </a>
                )}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {/* ClearRefinements' markup; the stock widget would leave the map box in place. */}
      <div className="ais-ClearRefinements">
        <button type="button" className="ais-ClearRefinements-button script-only" onClick={reset}>
          <Message id="currentFilters.reset" />
        </button>
        <a
          className="button-secondary plain-link"
          href={plainAddress((route) => {
            for (const param of Object.keys(route)) {
              if (param !== 'q' && param !== 'sortierung') delete route[param as FacetParam | 'karte']
            }
          })}
        >
          <Message id="currentFilters.reset" />
        </a>
      </div>
    </section>
  )
}
