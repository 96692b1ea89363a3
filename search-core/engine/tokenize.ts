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

/** Whether a code point is a word character (letter, digit, combining mark). */
export function isWordChar(cp: number): boolean {
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
export function separatorSet(separators: string): ReadonlySet<number> {
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
 * The words of a text with their offsets, written into reused arrays: highlighting scans every
 * highlighted attribute of every hit, and an object per word was most of what that allocated.
 * Valid until the next `scan` into the same scratch.
 */
export class WordScratch {
  count = 0
  starts = new Int32Array(64)
  ends = new Int32Array(64)
  readonly texts: string[] = []

  /** Fills the scratch with the words of `text`: what the word pattern matches, by a scan of code points. */
  scan(text: string, separators = ''): this {
    const own = separators === '' ? undefined : separatorSet(separators)
    const n = text.length
    this.count = 0
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
        this.#push(text, start, i)
      } else {
        if (own?.has(cp)) this.#push(text, i, i + width)
        i += width
      }
    }
    return this
  }

  #push(text: string, start: number, end: number): void {
    const k = this.count++
    if (k === this.starts.length) {
      const starts = new Int32Array(k * 2)
      starts.set(this.starts)
      this.starts = starts
      const ends = new Int32Array(k * 2)
      ends.set(this.ends)
      this.ends = ends
    }
    this.starts[k] = start
    this.ends[k] = end
    this.texts[k] = text.slice(start, end)
  }
}

const shared = new WordScratch()

/** Words with their offsets in the text (for callers that keep them). */
export function spans(text: string, separators = ''): Span[] {
  const scratch = shared.scan(text, separators)
  const out: Span[] = new Array(scratch.count)
  for (let k = 0; k < scratch.count; k++) {
    out[k] = { text: scratch.texts[k]!, start: scratch.starts[k]!, end: scratch.ends[k]! }
  }
  return out
}

const CAMEL_BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})/u

/** camelCaseAttributes: a word's parts at its lower-to-upper case changes ("iPhoneCase" → i, Phone, Case). */
export function camelCaseParts(word: string): string[] | undefined {
  const parts = word.split(CAMEL_BOUNDARY)
  return parts.length > 1 ? parts : undefined
}
