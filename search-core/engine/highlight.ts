// _highlightResult and _snippetResult: the record's words matched against the query words (with
// the same folding, prefix and typo rules): the raw text with the pre/post tags around matches, as
// Algolia returns it. Escaping is the client's job (InstantSearch escapes values itself; escaping
// here too made every InstantSearch UI show "&amp;").
// The words of an occurrence of a phrase synonym's alternative are highlighted as a whole, for
// the query words of its span; those words elsewhere in the text are not.
import type { IndexData } from './index-data.ts'
import type { MatchResult, QueryWord } from './matcher.ts'
import { fold, germanVariant, originalLength } from './normalize.ts'
import { camelCaseParts, WordScratch } from './tokenize.ts'
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
  readonly #wordsOf = new Map<number, string[]>()
  readonly #termMatches = new Map<number, TokenMatch>()
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
  phraseReplacements(tokens: WordScratch): Map<number, [number, string]> | undefined {
    let out: Map<number, [number, string]> | undefined
    if (tokens.count === 0) return out
    for (const phrase of this.#phrases) {
      if (phrase.replacement === undefined) continue
      const m = phrase.words.length
      for (let i = 0; i + m <= tokens.count; i++) {
        let ok = true
        for (let j = 0; j < m && ok; j++) {
          const text = tokens.texts[i + j]!
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
  phraseMarks(tokens: WordScratch): Int32Array | undefined {
    const n = tokens.count
    if (this.#phrases.length === 0 || n === 0) return undefined
    const texts = tokens.texts.slice(0, n)
    const folded = texts.map((t) => fold(t))
    const variants = texts.map((t) => germanVariant(t))
    let marks: Int32Array | undefined
    for (let i = 0; i < n; i++) {
      for (const phrase of this.#phrases) {
        const m = phrase.words.length
        if (i + m > n) continue
        let ok = true
        for (let j = 0; j < m && ok; j++) {
          const word = phrase.words[j]!
          ok = folded[i + j] === word || variants[i + j] === word
        }
        if (!ok) continue
        marks ??= new Int32Array(n)
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

  /**
   * The raw query words of a mask, one frozen array per mask for the query's lifetime: every
   * highlighted attribute of every hit names them, mostly the same few.
   */
  wordsOf(mask: number): string[] {
    let words = this.#wordsOf.get(mask)
    if (words === undefined) {
      words = Object.freeze(this.words.filter((_, w) => (mask >> w) & 1).map((w) => w.raw)) as string[]
      this.#wordsOf.set(mask, words)
    }
    return words
  }

  /**
   * What a record word matches. An indexed word is looked up by its dictionary id (no allocation:
   * most words of a hit are indexed and match nothing); other words are compared directly, once
   * per query.
   */
  match(token: string): TokenMatch | null {
    if (this.words.length === 0) return null
    const { folded, variant } = this.#data.foldedTokens.get(token)
    const idOf = this.#data.dict.idOf
    const id = idOf.get(folded)
    const known =
      (id === undefined ? null : this.#termMatch(id, false)) ??
      (variant === undefined ? null : this.#variantMatch(idOf.get(variant)))
    if (known) return known
    // An indexed word that is not among the matched terms cannot match: expansion saw it.
    if (id !== undefined) return null
    let m = this.#cache.get(token)
    if (m === undefined) {
      m = this.#compute(folded, variant)
      this.#cache.set(token, m)
    }
    return m
  }

  #variantMatch(id: number | undefined): TokenMatch | null {
    return id === undefined ? null : this.#termMatch(id, true)
  }

  /** The match of a dictionary term, one object per term and spelling for the query's lifetime. */
  #termMatch(id: number, german: boolean): TokenMatch | null {
    const info = this.#match.terms.get(id)
    if (info === undefined) return null
    const key = german ? -1 - id : id
    let m = this.#termMatches.get(key)
    if (m === undefined) {
      m = { mask: info.mask, length: info.length, german }
      this.#termMatches.set(key, m)
    }
    return m
  }

  #compute(folded: string, variant: string | undefined): TokenMatch | null {
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

/**
 * The text of tokens [from, to) with the matched words tagged. Built lazily: the text between
 * tagged words is copied in one slice, and a text with nothing to tag is returned as it is.
 */
function render(
  text: string,
  tokens: WordScratch,
  from: number,
  to: number,
  matcher: TokenMatcher,
  options: HighlightOptions,
  marks: Int32Array | undefined,
): { value: string; mask: number; full: boolean } {
  const { starts, ends, texts, count } = tokens
  let out = ''
  let mask = 0
  let full = to > from
  // Text before `pending` (from the region's start) is in `out`.
  let pending = from === 0 ? 0 : from < count ? starts[from]! : text.length
  const begin = pending
  const stop = to >= count ? text.length : ends[to - 1]!
  const replace = options.replaceSynonyms === true
  const phraseReplacements = replace ? matcher.phraseReplacements(tokens) : undefined
  for (let i = from; i < to; i++) {
    const word = texts[i]!
    const start = starts[i]!
    const m = matcher.match(word)
    const phrase = marks === undefined ? 0 : marks[i]!
    const whole = phraseReplacements?.get(i)
    if (whole !== undefined && i + whole[0] <= to) {
      // The record's phrase shows as the one query word it is a synonym of.
      mask |= phrase
      out += `${text.slice(pending, start)}${options.preTag}${whole[1]}${options.postTag}`
      pending = ends[i + whole[0] - 1]!
      i += whole[0] - 1
      continue
    }
    const synonym = replace && m ? matcher.synonymOf(word) : undefined
    const parts = !m && phrase === 0 && options.camelCase ? camelCaseParts(word) : undefined
    if (parts?.some((part) => matcher.match(part))) {
      // "iPhone<em>Case</em>": the parts that match, each as a word would be.
      full = false
      out += text.slice(pending, start)
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
      pending = ends[i]!
    } else if (synonym !== undefined && m) {
      mask |= m.mask | phrase
      out += `${text.slice(pending, start)}${options.preTag}${synonym}${options.postTag}`
      pending = ends[i]!
    } else if (m || phrase !== 0) {
      mask |= (m?.mask ?? 0) | phrase
      const cut =
        phrase !== 0 || !m || m.length === Number.POSITIVE_INFINITY
          ? word.length
          : originalLength(word, m.length, m.german)
      if (cut < word.length) full = false
      out += `${text.slice(pending, start)}${options.preTag}${text.slice(start, start + cut)}${options.postTag}`
      // The word's untagged rest goes with the text after it.
      pending = start + cut
    } else {
      full = false
    }
  }
  const value = pending === begin ? text.slice(begin, stop) : out + text.slice(pending, stop)
  return { value, mask, full: full && mask !== 0 }
}

function level(mask: number, matcher: TokenMatcher): 'none' | 'partial' | 'full' {
  if (mask === 0) return 'none'
  return (mask & matcher.allMask) === matcher.allMask ? 'full' : 'partial'
}

/** Highlighting is synchronous and not re-entrant: one scratch serves every call. */
const scratch = new WordScratch()

export function highlightText(
  text: string,
  matcher: TokenMatcher,
  options: HighlightOptions,
): HighlightResult {
  const tokens = scratch.scan(text, matcher.separators)
  const marks = matcher.phraseMarks(tokens)
  const { value, mask, full } = render(text, tokens, 0, tokens.count, matcher, options, marks)
  const matchLevel = level(mask, matcher)
  const result: HighlightResult = { value, matchLevel, matchedWords: matcher.wordsOf(mask) }
  if (matchLevel !== 'none') result.fullyHighlighted = full
  return result
}

export function snippetText(
  text: string,
  size: number,
  matcher: TokenMatcher,
  options: HighlightOptions,
): SnippetResult {
  const tokens = scratch.scan(text, matcher.separators)
  const marks = matcher.phraseMarks(tokens)
  if (tokens.count <= size) {
    const { value, mask } = render(text, tokens, 0, tokens.count, matcher, options, marks)
    return { value, matchLevel: level(mask, matcher) }
  }
  let first = -1
  for (let i = 0; i < tokens.count && first < 0; i++) {
    if (matcher.match(tokens.texts[i]!) !== null || (marks?.[i] ?? 0) !== 0) first = i
  }
  let start = first < 0 ? 0 : Math.max(0, first - Math.floor((size - 1) / 2))
  start = Math.min(start, tokens.count - size)
  const end = start + size
  const { value, mask } = render(text, tokens, start, end, matcher, options, marks)
  // The ellipsis stands for the cut words, so a space separates it from the kept ones.
  const pre = start > 0 && options.ellipsis !== '' ? `${options.ellipsis} ` : ''
  const post = end < tokens.count && options.ellipsis !== '' ? ` ${options.ellipsis}` : ''
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
