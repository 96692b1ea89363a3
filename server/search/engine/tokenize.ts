// Tokenisation: runs of letters, digits and combining marks; everything else separates words,
// except the characters of `separatorsToIndex`, each of which is a word of its own ("C#" → "c", "#").

const WORD_CHARS = '[\\p{L}\\p{N}\\p{M}]+'
const WORD = new RegExp(WORD_CHARS, 'gu')
const patterns = new Map<string, RegExp>()

/** The word pattern for a separatorsToIndex string (letters, digits and spaces in it are ignored). */
function pattern(separators: string): RegExp {
  if (separators === '') return WORD
  let re = patterns.get(separators)
  if (re === undefined) {
    const chars = [...new Set(separators)].filter((c) => !/[\p{L}\p{N}\p{M}\s]/u.test(c))
    const escaped = chars.map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('')
    re = escaped === '' ? WORD : new RegExp(`${WORD_CHARS}|[${escaped}]`, 'gu')
    if (patterns.size > 64) patterns.clear()
    patterns.set(separators, re)
  }
  return re
}

/** The words of a text, in order (no offsets: the indexing fast path). */
export function words(text: string, separators = ''): string[] {
  return text.match(pattern(separators)) ?? []
}

export interface Span {
  text: string
  start: number
  end: number
}

/** Words with their offsets in the text, for highlighting and snippets. */
export function spans(text: string, separators = ''): Span[] {
  const out: Span[] = []
  // The shared pattern, not a new one per text: the loop runs to the end (lastIndex back at 0).
  const re = pattern(separators)
  re.lastIndex = 0
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length })
  }
  return out
}

const CAMEL_BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})/u

/** camelCaseAttributes: a word's parts at its lower-to-upper case changes ("iPhoneCase" → i, Phone, Case). */
export function camelCaseParts(word: string): string[] | undefined {
  const parts = word.split(CAMEL_BOUNDARY)
  return parts.length > 1 ? parts : undefined
}
