import { SortBy } from 'react-instantsearch'
import { sortIndices } from './search-hosts.ts'

/** Sorting through the replicas of the index. */
export function SortSelect({ indexName }: { indexName: string }) {
  const indices = sortIndices(indexName)
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the SortBy widget renders the <select> inside this label
    <label className="sort-select">
      <span>Sortierung</span>
      <SortBy
        items={[
          { label: 'Relevanz', value: indices.relevance },
          { label: 'Name A–Z', value: indices.nameAsc },
          { label: 'Name Z–A', value: indices.nameDesc },
          { label: 'Kategorie', value: indices.category },
        ]}
      />
    </label>
  )
}
