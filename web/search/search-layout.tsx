import { useEffect, useRef, useState } from 'react'
import { useMediaQuery } from '../ui/use-media-query.ts'
import { BusyRegion } from './busy-region.tsx'
import { CurrentFilters } from './current-filters.tsx'
import { FilterButton } from './filter-button.tsx'
import { FilterPanel } from './filter-panel.tsx'
import { MapSlot } from './map-slot.tsx'
import { ResultHits } from './result-hits.tsx'
import { ResultStats } from './result-stats.tsx'
import { ResultsPagination } from './results-pagination.tsx'
import { SearchField } from './search-field.tsx'
import { SearchMemory } from './search-memory.tsx'
import { SortSelect } from './sort-select.tsx'
import { StatusBanner } from './status-banner.tsx'

/** Below this width the filters move into a dialog. Keep in sync with search.css. */
const NARROW = '(max-width: 56rem)'

export function SearchLayout({ indexName }: { indexName: string }) {
  const narrow = useMediaQuery(NARROW)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const filterButton = useRef<HTMLButtonElement>(null)
  const resultsHeading = useRef<HTMLHeadingElement>(null)

  // Back to the "Filter (n)" button once the dialog is closed and the page is no longer inert.
  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !filtersOpen) filterButton.current?.focus()
    wasOpen.current = filtersOpen
  }, [filtersOpen])

  return (
    <>
      <SearchMemory indexName={indexName} />
      <div className="search-head" data-outside-filter>
        <SearchField />
      </div>
      <div className="search-columns">
        <FilterPanel modal={narrow} open={filtersOpen} onClose={() => setFiltersOpen(false)} />
        <BusyRegion labelledBy="ergebnisse">
          <h2 id="ergebnisse" className="visually-hidden" ref={resultsHeading} tabIndex={-1}>
            Ergebnisse
          </h2>
          <div className="results-toolbar">
            <ResultStats />
            {narrow && (
              <FilterButton ref={filterButton} expanded={filtersOpen} onOpen={() => setFiltersOpen(true)} />
            )}
            <SortSelect indexName={indexName} />
          </div>
          <CurrentFilters />
          <StatusBanner />
          <ResultHits />
          <ResultsPagination
            onPageChange={() => {
              resultsHeading.current?.focus({ preventScroll: true })
              resultsHeading.current?.parentElement?.scrollIntoView({ block: 'start' })
            }}
          />
        </BusyRegion>
        <MapSlot />
      </div>
    </>
  )
}
