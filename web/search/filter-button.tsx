import type { Ref } from 'react'
import { useActiveFilters } from './current-filters.tsx'
import { FILTER_PANEL_ID } from './filter-panel.tsx'

interface FilterButtonProps {
  expanded: boolean
  onOpen: () => void
  ref: Ref<HTMLButtonElement>
}

/**
 * "Filter (3)", or "Filter" while none is active: opens the filter dialog on narrow screens. Always
 * rendered (a widget mounted later starts a search); the style sheet shows it on narrow screens only,
 * so a server-rendered page has it in place before its script runs.
 */
export function FilterButton({ expanded, onOpen, ref }: FilterButtonProps) {
  const count = useActiveFilters().length
  return (
    <button
      ref={ref}
      type="button"
      className="button-secondary filter-button"
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-controls={FILTER_PANEL_ID}
      onClick={onOpen}
    >
      {count > 0 ? `Filter (${count})` : 'Filter'}
    </button>
  )
}
