// Folding for matching: case, accents, umlauts and ligatures, so München ≙ munchen ≙ muenchen.

const SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
}
const ASCII_WORD = /^[a-z0-9]*$/
const MARKS = /\p{M}/gu
const SPECIALS = /[ßæœøđłþı]/g
const UMLAUTS = /[äöü]/
const COMBINING_MARK = /\p{M}/u

/** Lower case without diacritics: "Straße" → "strasse", "Müller" → "muller". */
export function fold(text: string): string {
  const lower = text.toLowerCase()
  if (ASCII_WORD.test(lower)) return lower
  return lower
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(SPECIALS, (c) => SPECIAL[c] ?? c)
}

/**
 * The German transliteration ("münchen" → "muenchen") when it differs from the plain fold.
 * Indexed beside the fold, so both spellings find the record with no typo.
 */
export function germanVariant(text: string): string | undefined {
  const lower = text.toLowerCase()
  if (ASCII_WORD.test(lower)) return undefined
  const composed = lower.normalize('NFC')
  if (!UMLAUTS.test(composed)) return undefined
  return fold(composed.replaceAll('ä', 'ae').replaceAll('ö', 'oe').replaceAll('ü', 'ue'))
}

/** Folded words kept by a `FoldedTokens`; it starts over past this many. */
const FOLDED_TOKENS_MAX = 20_000

/** Words with their fold and German transliteration, remembered (hits repeat their words). */
export class FoldedTokens {
  readonly #known = new Map<string, { folded: string; variant: string | undefined }>()

  get(token: string): { folded: string; variant: string | undefined } {
    let known = this.#known.get(token)
    if (known === undefined) {
      known = { folded: fold(token), variant: germanVariant(token) }
      if (this.#known.size >= FOLDED_TOKENS_MAX) this.#known.clear()
      this.#known.set(token, known)
    }
    return known
  }
}

export function isNumericWord(word: string): boolean {
  if (word.length === 0) return false
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return true
}

/**
 * Where the first `foldedLength` characters of a token's folded form end in the original token:
 * highlighting a prefix match has to cut the original text, not the folded one.
 */
export function originalLength(token: string, foldedLength: number, german: boolean): number {
  let acc = 0
  let i = 0
  while (i < token.length && acc < foldedLength) {
    if (token.charCodeAt(i) < 0x80) {
      // ASCII folds to one character (lower case); only a combining mark may follow it.
      acc += 1
      i += 1
    } else {
      const cp = token.codePointAt(i) ?? 0
      const ch = String.fromCodePoint(cp)
      const lower = ch.toLowerCase()
      const piece = german && UMLAUTS.test(lower) ? 2 : fold(ch).length
      acc += piece
      i += ch.length
    }
    // Combining marks after a base letter fold to nothing and belong to it.
    while (i < token.length && token.charCodeAt(i) >= 0x300 && COMBINING_MARK.test(token[i] ?? '')) i++
  }
  return i
}
