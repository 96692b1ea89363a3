import { Message } from '../i18n/intl.tsx'
import { FacetValue } from './facet-value.tsx'
import type { FacetDefinition } from './facets.ts'
import { useFacetValueSearch } from './use-facet-value-search.ts'

interface FacetSearchResultsProps {
  facet: FacetDefinition
  query: string
  listId: string
  onToggle: (value: string) => void
}

/** The values matching a facet-value search (mounted only while the list is searched). */
export function FacetSearchResults({ facet, query, listId, onToggle }: FacetSearchResultsProps) {
  const search = useFacetValueSearch(facet, query)
  return (
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
            highlightedDescription={hit.highlightedDescription}
            onToggle={onToggle}
          />
        ))}
      </ul>
      {search.status === 'done' && search.hits.length === 0 && (
        <p className="ais-RefinementList-noResults">
          <Message id="facets.noMatches" />
        </p>
      )}
      {search.status === 'error' && (
        <p className="ais-RefinementList-noResults">
          <Message id="facets.searchFailed" />
        </p>
      )}
    </>
  )
}
