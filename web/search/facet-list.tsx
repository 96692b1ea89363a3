import { useId, useState } from 'react'
import { useRefinementList } from 'react-instantsearch'
import { formatNumber } from '../stations/facet-labels.ts'
import { HighlightedText } from '../ui/highlighted-text.tsx'
import { REFINEMENT_LIMIT, REFINEMENT_SHOW_MORE_LIMIT } from './constants.ts'
import type { FacetDefinition } from './facets.ts'
import { useFacetValueSearch } from './use-facet-value-search.ts'

interface FacetValueProps {
  facet: FacetDefinition
  value: string
  count: number
  isRefined: boolean
  highlighted?: string
  onToggle: (value: string) => void
}

function FacetValue({ facet, value, count, isRefined, highlighted, onToggle }: FacetValueProps) {
  const description = facet.valueDescription?.(value)
  const className = isRefined
    ? 'ais-RefinementList-item ais-RefinementList-item--selected'
    : 'ais-RefinementList-item'
  return (
    <li className={className}>
      <label className="ais-RefinementList-label">
        <input
          className="ais-RefinementList-checkbox"
          type="checkbox"
          value={value}
          checked={isRefined}
          onChange={() => onToggle(value)}
        />
        <span className="ais-RefinementList-labelText">
          {highlighted ? <HighlightedText highlighted={highlighted} /> : facet.valueLabel(value)}
          {description && <span className="facet-value-description">{description}</span>}
        </span>
        <span className="ais-RefinementList-count">
          {formatNumber(count)}
          <span className="visually-hidden"> {count === 1 ? 'Bahnhof' : 'Bahnhöfe'}</span>
        </span>
      </label>
    </li>
  )
}

/** One refinement list, with InstantSearch's class names, German counts and facet-value search. */
export function FacetList({ facet }: { facet: FacetDefinition }) {
  const { items, refine, canRefine, canToggleShowMore, isShowingMore, toggleShowMore } = useRefinementList({
    attribute: facet.attribute,
    operator: facet.operator,
    limit: REFINEMENT_LIMIT,
    showMore: true,
    showMoreLimit: REFINEMENT_SHOW_MORE_LIMIT,
    sortBy: facet.sortBy,
  })
  const [query, setQuery] = useState('')
  const search = useFacetValueSearch(facet.attribute, facet.searchable ? query.trim() : '')
  const listId = useId()
  const searching = query.trim().length > 0

  function toggleFromSearch(value: string) {
    refine(value)
    setQuery('')
  }

  const rootClass = canRefine ? 'ais-RefinementList' : 'ais-RefinementList ais-RefinementList--noRefinement'
  return (
    <fieldset className="facet ais-Panel">
      <legend className="facet-title ais-Panel-header">{facet.title}</legend>
      <div className={rootClass}>
        {facet.searchable && (
          <div className="ais-RefinementList-searchBox">
            <div className="ais-SearchBox">
              <input
                className="ais-SearchBox-input"
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape' && query) {
                    event.stopPropagation()
                    setQuery('')
                  }
                }}
                aria-label={`${facet.title} suchen`}
                placeholder={`${facet.title} suchen …`}
                autoComplete="off"
                maxLength={100}
                aria-controls={listId}
              />
            </div>
          </div>
        )}
        {searching ? (
          <>
            <ul className="ais-RefinementList-list" id={listId} aria-busy={search.status === 'loading'}>
              {search.hits.map((hit) => (
                <FacetValue
                  key={hit.value}
                  facet={facet}
                  value={hit.value}
                  count={hit.count}
                  isRefined={hit.isRefined}
                  highlighted={hit.highlighted}
                  onToggle={toggleFromSearch}
                />
              ))}
            </ul>
            {search.status === 'done' && search.hits.length === 0 && (
              <p className="ais-RefinementList-noResults">Keine passenden Werte.</p>
            )}
            {search.status === 'error' && (
              <p className="ais-RefinementList-noResults">
                Die Suche in dieser Liste hat nicht funktioniert.
              </p>
            )}
          </>
        ) : (
          <>
            <ul className="ais-RefinementList-list" id={listId}>
              {items.map((item) => (
                <FacetValue
                  key={item.value}
                  facet={facet}
                  value={item.value}
                  count={item.count}
                  isRefined={item.isRefined}
                  onToggle={refine}
                />
              ))}
            </ul>
            {!canRefine && <p className="ais-RefinementList-noResults">Keine Werte für diese Suche.</p>}
            {canToggleShowMore && (
              <button
                type="button"
                className="ais-RefinementList-showMore"
                onClick={toggleShowMore}
                aria-expanded={isShowingMore}
                aria-controls={listId}
              >
                {isShowingMore ? 'Weniger anzeigen' : 'Mehr anzeigen'}
              </button>
            )}
          </>
        )}
      </div>
    </fieldset>
  )
}
