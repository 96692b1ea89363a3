// Splits a highlighted string from the search service into plain and matched parts, so that React
// renders it as text (never as HTML). The service returns the raw text with the tags, as Algolia
// does: nothing is decoded, and markup in a value shows as the characters it is made of.

export const HIGHLIGHT_PRE_TAG = '__ais-highlight__'
export const HIGHLIGHT_POST_TAG = '__/ais-highlight__'

export interface HighlightPart {
  value: string
  isHighlighted: boolean
}

export function highlightParts(highlighted: string): HighlightPart[] {
  const parts: HighlightPart[] = []
  for (const [index, chunk] of highlighted.split(HIGHLIGHT_PRE_TAG).entries()) {
    if (index === 0) {
      if (chunk) parts.push({ value: chunk, isHighlighted: false })
      continue
    }
    const end = chunk.indexOf(HIGHLIGHT_POST_TAG)
    const marked = end === -1 ? chunk : chunk.slice(0, end)
    const rest = end === -1 ? '' : chunk.slice(end + HIGHLIGHT_POST_TAG.length)
    if (marked) parts.push({ value: marked, isHighlighted: true })
    if (rest) parts.push({ value: rest, isHighlighted: false })
  }
  return parts
}
