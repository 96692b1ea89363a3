import { useSortBy } from 'react-instantsearch'
import { sortIndices } from '../shared/search-hosts.ts'
import { useNearMe } from './near-me-state.ts'

/** Shown, selected, while "In meiner Nähe" sorts by distance; not an index of its own. */
const DISTANCE = 'entfernung'

/**
 * Sorting through the replicas of the index. Built on `useSortBy` with the `ais-SortBy` class names
 * because the stock widget hard-codes an English label. While "In meiner Nähe" is on it says
 * "Entfernung"; choosing any order, "Relevanz" too, ends the distance order.
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
  const nearMe = useNearMe()
  const choices = nearMe.position ? [...options, { label: 'Entfernung', value: DISTANCE }] : options
  return (
    <div className="ais-SortBy sort-select">
      <label htmlFor="sortierung">Sortierung</label>
      <select
        id="sortierung"
        className="ais-SortBy-select"
        value={nearMe.position ? DISTANCE : currentRefinement}
        onChange={(event) => {
          const value = event.currentTarget.value
          if (value === DISTANCE) return
          nearMe.stop?.()
          refine(value)
        }}
      >
        {choices.map((option) => (
          <option key={option.value} className="ais-SortBy-option" value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
