import { useSearchBox } from 'react-instantsearch'
import { useActiveFilters, useResetFilters } from './current-filters.tsx'
import { TrendingSearches } from './trending-searches.tsx'

/** Shown instead of hits when nothing matches: says so and offers the way back. */
export function EmptyState() {
  const { query, clear } = useSearchBox()
  const filters = useActiveFilters()
  const resetFilters = useResetFilters()
  return (
    <div className="empty-state">
      <h3>Keine Bahnhöfe gefunden</h3>
      <p>
        {query ? <>Für „{query}“ </> : 'Für diese Auswahl '}
        {filters.length > 0 ? 'mit den aktiven Filtern gibt es keinen Treffer.' : 'gibt es keinen Treffer.'}
      </p>
      {filters.length > 0 && (
        <>
          <p>Aktive Filter:</p>
          <ul className="empty-state-filters">
            {filters.map((filter) => (
              <li key={filter.key}>
                <button type="button" className="button-secondary" onClick={filter.remove}>
                  {filter.attributeLabel ? `${filter.attributeLabel}: ` : ''}
                  {filter.valueLabel} entfernen
                </button>
              </li>
            ))}
          </ul>
          <p>
            <button type="button" className="button-primary" onClick={resetFilters}>
              Alle Filter entfernen
            </button>
          </p>
        </>
      )}
      {query && (
        <p>
          <button type="button" className="button-secondary" onClick={clear}>
            Suchbegriff „{query}“ löschen
          </button>
        </p>
      )}
      <TrendingSearches />
    </div>
  )
}
