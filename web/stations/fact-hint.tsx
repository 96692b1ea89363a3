import type { ReactNode } from 'react'

interface FactHintProps {
  /** The term explained, for the accessible name of the toggle ("Was ist das? (RIL100)"). */
  term: string
  children: ReactNode
}

/** A plain-German explanation of a term, opened by tap, click or keyboard (no hover-only tooltip). */
export function FactHint({ term, children }: FactHintProps) {
  return (
    <details className="fact-hint">
      <summary>
        Was ist das?<span className="visually-hidden"> ({term})</span>
      </summary>
      <p>{children}</p>
    </details>
  )
}
