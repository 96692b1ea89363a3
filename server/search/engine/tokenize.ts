// Tokenisation: runs of letters, digits and combining marks; everything else separates words.

const WORD = /[\p{L}\p{N}\p{M}]+/gu

/** The words of a text, in order (no offsets: the indexing fast path). */
export function words(text: string): string[] {
  return text.match(WORD) ?? []
}

export interface Span {
  text: string
  start: number
  end: number
}

/** Words with their offsets in the text, for highlighting and snippets. */
export function spans(text: string): Span[] {
  const out: Span[] = []
  const re = new RegExp(WORD.source, 'gu')
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length })
  }
  return out
}
