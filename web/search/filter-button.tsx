import type { Ref } from 'react'
import { useMessages } from '../i18n/intl.tsx'
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
  const label = useMessages()('filterButton.label', { count })
  return (
    <>
      <button
        ref={ref}
        type="button"
        className="button-secondary filter-button"
        aria-haspopup="dialog"
        aria-expanded={expanded}
        aria-controls={FILTER_PANEL_ID}
        onClick={onOpen}
      >
        {label}
      </button>
      {/* Without JavaScript a phone shows the filters after the hits (no-script.css): a plain link
          leads down to them. Hidden with the script, so the hash never reaches InstantSearch's router. */}
      <a className="button-secondary filter-jump" href={`#${FILTER_PANEL_ID}`}>
        {label}
      </a>
    </>
  )
}
