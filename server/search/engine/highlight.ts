// _highlightResult and _snippetResult: the record's words matched against the query words (with
// the same folding, prefix and typo rules): the raw text with the pre/post tags around matches, as
// Algolia returns it. Escaping is the client's job (InstantSearch escapes values itself; escaping
// here too made every InstantSearch UI show "&amp;").
// The words of an occurrence of a phrase synonym's alternative are highlighted as a whole, for
// the query words of its span; those words elsewhere in the text are not.
import type { IndexData } from './index-data.ts'
import type { MatchResult, QueryWord } from './matcher.ts'
import { fold, germanVariant, originalLength } from './normalize.ts'
import { camelCaseParts, type Span, spans } from './tokenize.ts'
import type { HighlightResult, HighlightTree, SnippetResult } from './types.ts'
import { typoDistance } from './typo.ts'

export interface HighlightOptions {
  preTag: string
  postTag: string
  ellipsis: string
  restrictArrays: boolean
  /** replaceSynonymsInHighlight: a record word matched through a synonym shows as the query word. */
  replaceSynonyms?: boolean
  /** The attribute is in camelCaseAttributes: a word's camel-case parts are highlighted one by one. */
  camelCase?: boolean
}

interface TokenMatch {
  mask: number
  /** Folded characters to highlight; Infinity = the whole word. */
  length: number
  german: boolean
}

/** Decides, per record word, which query words it matches; cached for the query's lifetime. */
export class TokenMatcher {
  readonly words: QueryWord[]
  readonly #data: IndexData
  readonly #match: MatchResult
  readonly #cache = new Map<string, TokenMatch | null>()
  /** Alternatives of phrase synonyms that matched, with the mask of their span's words. */
  readonly #phrases: { words: readonly string[]; mask: number; replacement?: string }[] = []

  constructor(data: IndexData, match: MatchResult) {
    this.#data = data
    this.#match = match
    this.words = match.words
    for (const span of match.spans) {
      let mask = 0
      for (let w = span.start; w < span.end; w++) mask |= 1 << w
      // Only a one-word query may stand for a phrase of the record (Algolia: "NYC" replaces "New
      // York City", a query "New York City" does not replace "NYC").
      const one = span.end - span.start === 1 ? match.words[span.start]!.raw : undefined
      for (const words of span.phrases) {
        const synonym = span.synonyms.some((p) => p.join(' ') === words.join(' '))
        const replacement = one !== undefined && synonym ? one : undefined
        this.#phrases.push(replacement === undefined ? { words, mask } : { words, mask, replacement })
      }
    }
  }

  /**
   * The query word that a record word stands for when it matched only as that word's single-word
   * synonym (not as the word itself, its prefix, a typo or a transliteration).
   */
  synonymOf(token: string): string | undefined {
    const folded = fold(token)
    const variant = germanVariant(token)
    for (const word of this.words) {
      if (word.synonyms === undefined) continue
      if (!word.synonyms.includes(folded) && (variant === undefined || !word.synonyms.includes(variant)))
        continue
      if (folded === word.folded || variant === word.folded) continue
      if (word.prefix && folded.startsWith(word.folded)) continue
      return word.raw
    }
    return undefined
  }

  /** Where phrase synonyms occur that the query word replaces: first token → [token count, text]. */
  phraseReplacements(tokens: readonly Span[]): Map<number, [number, string]> | undefined {
    let out: Map<number, [number, string]> | undefined
    if (tokens.length === 0) return out
    for (const phrase of this.#phrases) {
      if (phrase.replacement === undefined) continue
      const m = phrase.words.length
      for (let i = 0; i + m <= tokens.length; i++) {
        let ok = true
        for (let j = 0; j < m && ok; j++) {
          const text = tokens[i + j]!.text
          const word = phrase.words[j]!
          ok = fold(text) === word || germanVariant(text) === word
        }
        if (!ok) continue
        out ??= new Map()
        if (!out.has(i)) out.set(i, [m, phrase.replacement])
      }
    }
    return out
  }

  /** Per token, the query words an alternative phrase occurring there matches (undefined: none). */
  phraseMarks(tokens: readonly Span[]): Int32Array | undefined {
    if (this.#phrases.length === 0 || tokens.length === 0) return undefined
    const folded = tokens.map((t) => fold(t.text))
    const variants = tokens.map((t) => germanVariant(t.text))
    let marks: Int32Array | undefined
    for (let i = 0; i < tokens.length; i++) {
      for (const phrase of this.#phrases) {
        const m = phrase.words.length
        if (i + m > tokens.length) continue
        let ok = true
        for (let j = 0; j < m && ok; j++) {
          const word = phrase.words[j]!
          ok = folded[i + j] === word || variants[i + j] === word
        }
        if (!ok) continue
        marks ??= new Int32Array(tokens.length)
        for (let j = 0; j < m; j++) marks[i + j]! |= phrase.mask
      }
    }
    return marks
  }

  /** separatorsToIndex of the index: highlighting splits words as indexing did. */
  get separators(): string {
    return this.#data.separators
  }

  get allMask(): number {
    return (1 << this.words.length) - 1
  }

  match(token: string): TokenMatch | null {
    let m = this.#cache.get(token)
    if (m === undefined) {
      m = this.#compute(token)
      this.#cache.set(token, m)
    }
    return m
  }

  #compute(token: string): TokenMatch | null {
    if (this.words.length === 0) return null
    const { folded, variant } = this.#data.foldedToken(token)
    const fromDictionary = (term: string, german: boolean): TokenMatch | null => {
      const id = this.#data.dict.idOf.get(term)
      const info = id === undefined ? undefined : this.#match.terms.get(id)
      return info ? { mask: info.mask, length: info.length, german } : null
    }
    const known = fromDictionary(folded, false) ?? (variant ? fromDictionary(variant, true) : null)
    if (known) return known
    // An indexed word that is not among the matched terms cannot match: expansion saw it.
    if (this.#data.dict.idOf.has(folded)) return null
    // Not an indexed word (e.g. a highlighted attribute that is not searchable): compare directly.
    let mask = 0
    let length = 0
    let german = false
    this.words.forEach((word, w) => {
      for (const [form, isGerman] of [[folded, false], ...(variant ? [[variant, true]] : [])] as [
        string,
        boolean,
      ][]) {
        const candidates = [word.folded, ...word.alternatives]
        for (const q of candidates) {
          let matched = 0
          if (form === q) matched = Number.POSITIVE_INFINITY
          else if (word.prefix && form.startsWith(q)) matched = q.length
          else if (word.maxTypos > 0 && q === word.folded) {
            const d = typoDistance(q, form, word.maxTypos, word.prefix)
            if (d) matched = d.matchedLength >= form.length ? Number.POSITIVE_INFINITY : d.matchedLength
          }
          if (matched > 0) {
            mask |= 1 << w
            if (matched > length) {
              length = matched
              german = isGerman
            }
          }
        }
      }
    })
    return mask === 0 ? null : { mask, length, german }
  }
}

function render(
  text: string,
  tokens: Span[],
  from: number,
  to: number,
  matcher: TokenMatcher,
  options: HighlightOptions,
  marks: Int32Array | undefined,
): { value: string; mask: number; full: boolean } {
  let out = ''
  let mask = 0
  let full = to > from
  let last = from < tokens.length ? tokens[from]!.start : text.length
  if (from === 0) last = 0
  const stop = to >= tokens.length ? text.length : tokens[to - 1]!.end
  const replace = options.replaceSynonyms === true
  const phraseReplacements = replace ? matcher.phraseReplacements(tokens) : undefined
  for (let i = from; i < to; i++) {
    const sp = tokens[i]!
    const m = matcher.match(sp.text)
    const phrase = marks === undefined ? 0 : marks[i]!
    out += text.slice(last, sp.start)
    const whole = phraseReplacements?.get(i)
    if (whole !== undefined && i + whole[0] <= to) {
      // The record's phrase shows as the one query word it is a synonym of.
      mask |= phrase
      out += `${options.preTag}${whole[1]}${options.postTag}`
      last = tokens[i + whole[0] - 1]!.end
      i += whole[0] - 1
      continue
    }
    const synonym = replace && m ? matcher.synonymOf(sp.text) : undefined
    const parts = !m && phrase === 0 && options.camelCase ? camelCaseParts(sp.text) : undefined
    if (parts?.some((part) => matcher.match(part))) {
      // "iPhone<em>Case</em>": the parts that match, each as a word would be.
      full = false
      for (const part of parts) {
        const pm = matcher.match(part)
        if (!pm) {
          out += part
          continue
        }
        mask |= pm.mask
        const cut =
          pm.length === Number.POSITIVE_INFINITY ? part.length : originalLength(part, pm.length, pm.german)
        out += `${options.preTag}${part.slice(0, cut)}${options.postTag}${part.slice(cut)}`
      }
    } else if (synonym !== undefined && m) {
      mask |= m.mask | phrase
      out += `${options.preTag}${synonym}${options.postTag}`
    } else if (m || phrase !== 0) {
      mask |= (m?.mask ?? 0) | phrase
      const cut =
        phrase !== 0 || !m || m.length === Number.POSITIVE_INFINITY
          ? sp.text.length
          : originalLength(sp.text, m.length, m.german)
      if (cut < sp.text.length) full = false
      out += `${options.preTag}${sp.text.slice(0, cut)}${options.postTag}${sp.text.slice(cut)}`
    } else {
      full = false
      out += sp.text
    }
    last = sp.end
  }
  out += text.slice(last, stop)
  return { value: out, mask, full: full && mask !== 0 }
}

function level(mask: number, matcher: TokenMatcher): 'none' | 'partial' | 'full' {
  if (mask === 0) return 'none'
  return (mask & matcher.allMask) === matcher.allMask ? 'full' : 'partial'
}

export function highlightText(
  text: string,
  matcher: TokenMatcher,
  options: HighlightOptions,
): HighlightResult {
  const tokens = spans(text, matcher.separators)
  const marks = matcher.phraseMarks(tokens)
  const { value, mask, full } = render(text, tokens, 0, tokens.length, matcher, options, marks)
  const matchLevel = level(mask, matcher)
  const result: HighlightResult = {
    value,
    matchLevel,
    matchedWords: matcher.words.filter((_, w) => (mask >> w) & 1).map((w) => w.raw),
  }
  if (matchLevel !== 'none') result.fullyHighlighted = full
  return result
}

export function snippetText(
  text: string,
  size: number,
  matcher: TokenMatcher,
  options: HighlightOptions,
): SnippetResult {
  const tokens = spans(text, matcher.separators)
  const marks = matcher.phraseMarks(tokens)
  if (tokens.length <= size) {
    const { value, mask } = render(text, tokens, 0, tokens.length, matcher, options, marks)
    return { value, matchLevel: level(mask, matcher) }
  }
  const first = tokens.findIndex((t, i) => matcher.match(t.text) !== null || (marks?.[i] ?? 0) !== 0)
  let start = first < 0 ? 0 : Math.max(0, first - Math.floor((size - 1) / 2))
  start = Math.min(start, tokens.length - size)
  const end = start + size
  const { value, mask } = render(text, tokens, start, end, matcher, options, marks)
  // The ellipsis stands for the cut words, so a space separates it from the kept ones.
  const pre = start > 0 && options.ellipsis !== '' ? `${options.ellipsis} ` : ''
  const post = end < tokens.length && options.ellipsis !== '' ? ` ${options.ellipsis}` : ''
  return { value: `${pre}${value}${post}`, matchLevel: level(mask, matcher) }
}

/** Applies `leaf` to every string/number/boolean, mirroring arrays and objects. */
export function mapTree<T>(
  value: unknown,
  leaf: (text: string) => T,
  restrictArrays: boolean,
  matched: (r: T) => boolean,
): HighlightTree<T> | undefined {
  if (typeof value === 'string') return leaf(value)
  if (typeof value === 'number' || typeof value === 'boolean') return leaf(String(value))
  if (Array.isArray(value)) {
    const items = value
      .map((item) => mapTree(item, leaf, restrictArrays, matched))
      .filter((item): item is HighlightTree<T> => item !== undefined)
    return restrictArrays ? items.filter((item) => anyMatched(item, matched)) : items
  }
  if (value !== null && typeof value === 'object') {
    const out: { [key: string]: HighlightTree<T> } = {}
    for (const [k, v] of Object.entries(value)) {
      const r = mapTree(v, leaf, restrictArrays, matched)
      if (r !== undefined) out[k] = r
    }
    return out
  }
  return undefined
}

function anyMatched<T>(tree: HighlightTree<T>, matched: (r: T) => boolean): boolean {
  if (Array.isArray(tree)) return tree.some((t) => anyMatched(t, matched))
  if (tree !== null && typeof tree === 'object' && !('matchLevel' in tree)) {
    return Object.values(tree).some((t) => anyMatched(t as HighlightTree<T>, matched))
  }
  return matched(tree as T)
}
