import type { ReactNode } from 'react'
import { useInstantSearch } from 'react-instantsearch'

/**
 * The results section, marked busy while a search runs. Only this element re-renders on status
 * changes; its children come from the parent and are left alone. It does not wait for the answer on
 * the server (server-search.tsx): its children add widgets, and the status it shows is idle before
 * the page's search as after it.
 */
export function BusyRegion({ children, labelledBy }: { children: ReactNode; labelledBy: string }) {
  const { status } = useInstantSearch()
  const busy = status === 'loading' || status === 'stalled'
  return (
    <section
      className="search-results"
      aria-labelledby={labelledBy}
      aria-busy={busy}
      data-busy={busy}
      data-outside-filter
    >
      {children}
    </section>
  )
}
