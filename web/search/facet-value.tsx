import { Message, useMessages } from '../i18n/intl.tsx'
import { hyphenate } from '../stations/hyphenation.ts'
import { HighlightedText } from '../ui/highlighted-text.tsx'
import type { FacetDefinition } from './facets.ts'
import { facetParam } from './routing.ts'

interface FacetValueProps {
  facet: FacetDefinition
  value: string
  count: number
  isRefined: boolean
  /** The match from a facet-value search, with highlight tags. */
  highlighted?: string
  /** The description's match, when the search matches what the list shows. */
  highlightedDescription?: string
  /** Behind "Mehr anzeigen": hidden until shown (without JavaScript always shown, no-script.css). */
  heldBack?: boolean
  onToggle: (value: string) => void
}

/** One value of a refinement list: checkbox, German label (highlighted in a search), count. */
export function FacetValue({
  facet,
  value,
  count,
  isRefined,
  highlighted,
  highlightedDescription,
  heldBack = false,
  onToggle,
}: FacetValueProps) {
  // Soft hyphens: long German words break with a hyphen on narrow columns (copying drops them, facet-list.tsx).
  const t = useMessages()
  const description = facet.valueDescription?.(value, t)
  const className = [
    'ais-RefinementList-item',
    isRefined && 'ais-RefinementList-item--selected',
    heldBack && 'held-back',
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <li className={className} hidden={heldBack || undefined}>
      <label className="ais-RefinementList-label">
        <input
          className="ais-RefinementList-checkbox"
          type="checkbox"
          name={facetParam(facet.attribute)}
          value={value}
          checked={isRefined}
          onChange={() => onToggle(value)}
        />
        <span className="ais-RefinementList-labelText">
          {highlighted ? (
            <HighlightedText highlighted={highlighted} />
          ) : (
            hyphenate(facet.valueLabel(value, t))
          )}
          {description && (
            <span className="facet-value-description">
              {highlightedDescription ? (
                <HighlightedText highlighted={highlightedDescription} />
              ) : (
                hyphenate(description)
              )}
            </span>
          )}
        </span>
        <span className="ais-RefinementList-count">
          <Message
            id="facets.valueCount"
            values={{ count, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }}
          />
        </span>
      </label>
    </li>
  )
}
