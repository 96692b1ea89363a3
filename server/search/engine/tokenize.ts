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

/** Word characters (letter, digit, mark) of the Basic Multilingual Plane, learned as met: 1 yes, 2 no. */
const bmpWordChar = new Uint8Array(0x10000)
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u

function isWordChar(cp: number): boolean {
  if (cp < 0x80) return (cp >= 97 && cp <= 122) || (cp >= 65 && cp <= 90) || (cp >= 48 && cp <= 57)
  if (cp < 0x10000) {
    let known = bmpWordChar[cp]!
    if (known === 0) {
      known = WORD_CHAR.test(String.fromCharCode(cp)) ? 1 : 2
      bmpWordChar[cp] = known
    }
    return known === 1
  }
  return WORD_CHAR.test(String.fromCodePoint(cp))
}

const separatorSets = new Map<string, ReadonlySet<number>>()

/** The characters of separatorsToIndex that are words of their own (as the word pattern has them). */
function separatorSet(separators: string): ReadonlySet<number> {
  let set = separatorSets.get(separators)
  if (set === undefined) {
    set = new Set(
      [...separators].filter((c) => !/[\p{L}\p{N}\p{M}\s]/u.test(c)).map((c) => c.codePointAt(0)!),
    )
    if (separatorSets.size > 64) separatorSets.clear()
    separatorSets.set(separators, set)
  }
  return set
}

/**
 * Words with their offsets in the text, for highlighting and snippets: what the word pattern
 * matches, found by a scan of code points (a regex match per word allocated more than the words).
 */
export function spans(text: string, separators = ''): Span[] {
  const out: Span[] = []
  const own = separators === '' ? undefined : separatorSet(separators)
  const n = text.length
  let i = 0
  while (i < n) {
    const cp = text.codePointAt(i)!
    const width = cp > 0xffff ? 2 : 1
    if (isWordChar(cp)) {
      const start = i
      i += width
      while (i < n) {
        const next = text.codePointAt(i)!
        if (!isWordChar(next)) break
        i += next > 0xffff ? 2 : 1
      }
      out.push({ text: text.slice(start, i), start, end: i })
    } else {
      if (own?.has(cp)) out.push({ text: text.slice(i, i + width), start: i, end: i + width })
      i += width
    }
  }
  return out
}

const CAMEL_BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})/u

/** camelCaseAttributes: a word's parts at its lower-to-upper case changes ("iPhoneCase" → i, Phone, Case). */
export function camelCaseParts(word: string): string[] | undefined {
  const parts = word.split(CAMEL_BOUNDARY)
  return parts.length > 1 ? parts : undefined
}
