import { useSortBy } from 'react-instantsearch'
import { sortIndices } from '../shared/search-hosts.ts'

/**
 * Sorting through the replicas of the index. Built on `useSortBy` with the `ais-SortBy` class names
 * because the stock widget hard-codes an English label.
 */
export function SortSelect({ indexName }: { indexName: string }) {
  const indices = sortIndices(indexName)
  const { currentRefinement, options, refine } = useSortBy({
    items: [
      { label: 'Relevanz', value: indices.relevance },
      { label: 'Name A–Z', value: indices.nameAsc },
      { label: 'Name Z–A', value: indices.nameDesc },
      { label: 'Kategorie', value: indices.category },
    ],
  })
  return (
    <div className="ais-SortBy sort-select">
      <label htmlFor="sortierung">Sortierung</label>
      <select
        id="sortierung"
        className="ais-SortBy-select"
        value={currentRefinement}
        onChange={(event) => refine(event.currentTarget.value)}
      >
        {options.map((option) => (
          <option key={option.value} className="ais-SortBy-option" value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
