import type { Ref } from 'react'
import { useActiveFilters } from './current-filters.tsx'
import { FILTER_PANEL_ID } from './filter-panel.tsx'

interface FilterButtonProps {
  expanded: boolean
  /** Wide screens show the filters beside the results: the button stays mounted but hidden. */
  hidden: boolean
  onOpen: () => void
  ref: Ref<HTMLButtonElement>
}

/** "Filter (3)", or "Filter" while none is active: opens the filter dialog on narrow screens. */
export function FilterButton({ expanded, hidden, onOpen, ref }: FilterButtonProps) {
  const count = useActiveFilters().length
  return (
    <button
      ref={ref}
      type="button"
      className="button-secondary filter-button"
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-controls={FILTER_PANEL_ID}
      hidden={hidden}
      onClick={onOpen}
    >
      {count > 0 ? `Filter (${count})` : 'Filter'}
    </button>
  )
}
