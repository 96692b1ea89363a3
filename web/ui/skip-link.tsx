import type { MouseEvent, ReactNode } from 'react'

interface SkipLinkProps {
  /** id of the element that receives the focus; give it tabIndex={-1}. */
  targetId: string
  className: string
  children: ReactNode
}

/**
 * A link that moves the focus past a block of controls. It focuses its target instead of following
 * `#id`: a hash change is a history entry and a popstate, which InstantSearch's history router takes
 * for back/forward and which then swallows its next URL write.
 */
export function SkipLink({ targetId, className, children }: SkipLinkProps) {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(targetId)
    if (!target) return
    event.preventDefault()
    target.focus()
    target.scrollIntoView({ block: 'start' })
  }

  return (
    <a className={className} href={`#${targetId}`} onClick={skip}>
      {children}
    </a>
  )
}
