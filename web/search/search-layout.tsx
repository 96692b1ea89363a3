import { useEffect, useRef, useState } from 'react'
import { Message } from '../i18n/intl.tsx'
import { SkipLink } from '../ui/skip-link.tsx'
import { useMediaQuery } from '../ui/use-media-query.ts'
import { BusyRegion } from './busy-region.tsx'
import { CurrentFilters } from './current-filters.tsx'
import { FilterButton } from './filter-button.tsx'
import { FilterPanel } from './filter-panel.tsx'
import { ListPosition } from './list-position.tsx'
import { MapSlot } from './map-slot.tsx'
import { useMapView } from './map-view.tsx'
import { NearMe } from './near-me.tsx'
import { ResultHits } from './result-hits.tsx'
import { ResultStats } from './result-stats.tsx'
import { RESULTS_HEADING_ID, ResultsHeading } from './results-heading.tsx'
import { ResultsPagination } from './results-pagination.tsx'
import { RuleNotices } from './rule-notices.tsx'
import { SearchField } from './search-field.tsx'
import { SearchMemory } from './search-memory.tsx'
import { SortSelect } from './sort-select.tsx'
import { StatusBanner } from './status-banner.tsx'
import { ViewToggle } from './view-toggle.tsx'

/** Below this width the filters move into a dialog. Keep in sync with search.css. */
const NARROW = '(max-width: 56rem)'

export function SearchLayout({ indexName }: { indexName: string }) {
  const narrow = useMediaQuery(NARROW)
  const view = useMapView()
  const [filtersOpen, setFiltersOpen] = useState(false)
  const filterButton = useRef<HTMLButtonElement>(null)
  const resultsHeading = useRef<HTMLHeadingElement>(null)

  // Back to the "Filter (n)" button once the dialog is closed and the page is no longer inert.
  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !filtersOpen) filterButton.current?.focus()
    wasOpen.current = filtersOpen
  }, [filtersOpen])

  // After a page change keyboard users continue at the top of the results.
  function focusResults() {
    resultsHeading.current?.focus({ preventScroll: true })
    resultsHeading.current?.parentElement?.scrollIntoView({ block: 'start' })
  }

  return (
    <>
      <SearchMemory indexName={indexName} />
      <ListPosition />
      <div className="search-head" data-outside-filter>
        <SearchField />
        {/* Past the filters' many controls, straight to the first hit. */}
        <SkipLink className="results-skip-link" targetId={RESULTS_HEADING_ID}>
          <Message id="search.skipToResults" />
        </SkipLink>
      </div>
      <div className="search-columns" data-map-beside={view.beside} data-map-only={view.mapOnly}>
        <FilterPanel modal={narrow} open={filtersOpen} onClose={() => setFiltersOpen(false)} />
        <BusyRegion labelledBy={RESULTS_HEADING_ID}>
          <ResultsHeading ref={resultsHeading} />
          <div className="results-toolbar">
            <ResultStats />
            {/* Mounted on every screen: a widget mounted later (after hydration, on a resize) starts a search. */}
            <FilterButton ref={filterButton} expanded={filtersOpen} onOpen={() => setFiltersOpen(true)} />
            <SortSelect indexName={indexName} />
            {/* Always there; the style sheet hides it where the map stands beside the list. */}
            <ViewToggle view={view} />
          </div>
          <NearMe indexName={indexName} />
          <CurrentFilters />
          <StatusBanner />
          <RuleNotices />
          {/* Hidden, not unmounted, while the map is shown instead: removing a widget starts a search. */}
          <div className="result-list" hidden={view.mapOnly}>
            <ResultHits onPageChange={focusResults} />
            <ResultsPagination onPageChange={focusResults} />
          </div>
        </BusyRegion>
        <MapSlot view={view} />
      </div>
    </>
  )
}
