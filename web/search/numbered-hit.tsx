import type { ComponentProps } from 'react'
import { HitCard } from '../stations/hit-card.tsx'
import { setActiveHit, useIsActiveHit } from './active-hit.ts'

/** A hit card with its number, the same as its marker's on the map; hovering or focusing it highlights the marker. */
export function NumberedHit({ hit, sendEvent }: ComponentProps<typeof HitCard>) {
  const active = useIsActiveHit(hit.objectID)
  const enter = () => setActiveHit(hit.objectID)
  const leave = () => setActiveHit(null)
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only mirror the highlight on the map; the card's link is what users operate
    <div
      className="numbered-hit"
      data-active={active}
      onMouseEnter={enter}
      onMouseLeave={leave}
      onFocus={enter}
      onBlur={leave}
    >
      <span className="hit-number" aria-hidden="true">
        {hit.__position}
      </span>
      <HitCard hit={hit} sendEvent={sendEvent} />
    </div>
  )
}
