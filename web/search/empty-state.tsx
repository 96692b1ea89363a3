import { useSearchBox } from 'react-instantsearch'
import { Message, useMessages } from '../i18n/intl.tsx'
import { useActiveFilters, useResetFilters } from './current-filters.tsx'
import { TrendingSearches } from './trending-searches.tsx'

/** Shown instead of hits when nothing matches: says so and offers the way back. */
export function EmptyState() {
  const { query, clear } = useSearchBox()
  const filters = useActiveFilters()
  const resetFilters = useResetFilters()
  const t = useMessages()
  const filtered = filters.length > 0
  return (
    <div className="empty-state">
      <h3>
        <Message id="emptyState.heading" />
      </h3>
      <p>
        {query
          ? t(filtered ? 'emptyState.noHitsForQueryFiltered' : 'emptyState.noHitsForQuery', { query })
          : t(filtered ? 'emptyState.noHitsFiltered' : 'emptyState.noHits')}
      </p>
      {filtered && (
        <>
          <p>
            <Message id="emptyState.activeFilters" />
          </p>
          <ul className="empty-state-filters">
            {filters.map((filter) => (
              <li key={filter.key}>
                <button type="button" className="button-secondary" onClick={filter.remove}>
                  {filter.attributeLabel
                    ? t('emptyState.removeFilter', {
                        attribute: filter.attributeLabel,
                        value: filter.valueLabel,
                      })
                    : t('emptyState.removeValue', { value: filter.valueLabel })}
                </button>
              </li>
            ))}
          </ul>
          <p>
            <button type="button" className="button-primary" onClick={resetFilters}>
              <Message id="emptyState.removeAll" />
            </button>
          </p>
        </>
      )}
      {query && (
        <p>
          <button type="button" className="button-secondary" onClick={clear}>
            <Message id="emptyState.clearQuery" values={{ query }} />
          </button>
        </p>
      )}
      <TrendingSearches />
    </div>
  )
}
