import type { ReactNode } from 'react'
import { Message } from '../i18n/intl.tsx'

interface FactHintProps {
  /** The term explained, for the accessible name of the toggle ("Was ist das? (RIL100)"). */
  term: string
  children: ReactNode
}

/** The toggle's words for screen readers only. */
const HIDDEN = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>

/** A plain-German explanation of a term, opened by tap, click or keyboard (no hover-only tooltip). */
export function FactHint({ term, children }: FactHintProps) {
  return (
    <details className="fact-hint">
      <summary>
        <Message id="factHint.toggle" values={{ term, hidden: HIDDEN }} />
      </summary>
      <p>{children}</p>
    </details>
  )
}
