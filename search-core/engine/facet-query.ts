// How a facet query matches a text: every word of the query begins one of the text's words
// (folded), and the matched beginnings are highlighted. The engine's searchForFacetValues matches
// facet values so; the web app matches the labels it shows for values (an Aufgabenträger's name
// for its code) the same way.
import { fold, originalLength } from './normalize.ts'
import { spans, words } from './tokenize.ts'

/** The facet query's words, folded. */
export function facetQueryWords(facetQuery: string): string[] {
  return spans(facetQuery).map((s) => fold(s.text))
}

/** Whether every query word begins one of the (folded) words. */
export function matchesFacetQuery(valueWords: readonly string[], queryWords: readonly string[]): boolean {
  return queryWords.every((q) => valueWords.some((w) => w.startsWith(q)))
}

/** A text's words, folded, as matchesFacetQuery takes them. */
export function facetTextWords(text: string): string[] {
  return words(text).map(fold)
}

/** The text with the beginnings the query words match wrapped in the tags. */
export function highlightFacetText(
  text: string,
  queryWords: readonly string[],
  tags: { pre: string; post: string },
): string {
  let out = ''
  let last = 0
  for (const sp of spans(text)) {
    const folded = fold(sp.text)
    const q = queryWords.filter((w) => folded.startsWith(w)).sort((a, b) => b.length - a.length)[0]
    if (q === undefined || q === '') continue
    const cut = originalLength(sp.text, q.length, false)
    out += `${text.slice(last, sp.start)}${tags.pre}${sp.text.slice(0, cut)}${tags.post}`
    last = sp.start + cut
  }
  return out + text.slice(last)
}
