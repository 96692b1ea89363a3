import type { ReactNode } from 'react'
import { useSearchAnswer } from './server-search.tsx'

/**
 * The results section, marked busy while a search runs. Only this element re-renders on status
 * changes; its children come from the parent and are left alone.
 */
export function BusyRegion({ children, labelledBy }: { children: ReactNode; labelledBy: string }) {
  const { status } = useSearchAnswer()
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
