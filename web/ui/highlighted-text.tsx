import { highlightParts } from './highlight-parts.ts'

/** Renders a highlighted facet value with InstantSearch's class names. */
export function HighlightedText({ highlighted }: { highlighted: string }) {
  return (
    <span className="ais-Highlight">
      {highlightParts(highlighted).map((part, index) =>
        part.isHighlighted ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string never reorder
          <mark key={index} className="ais-Highlight-highlighted">
            {part.value}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index} className="ais-Highlight-nonHighlighted">
            {part.value}
          </span>
        ),
      )}
    </span>
  )
}
