// Query words → matching records. Each word expands to dictionary terms (exact, prefix, typos,
// German variant, single-word synonyms); their postings fill one bitset and two dense per-record
// arrays per word (best typo/exactness flags, best attribute key), which the ranking reads.
// Phrase synonyms (synonyms.ts) add, for a span of query words, the records holding an
// alternative phrase to every word of the span.
import { andInto, type Bitset, newBitset } from './bitset.ts'
import { ATTR_SHIFT, MAX_POSITION, SOLE_FLAG } from './dictionary.ts'
import { Expander, type TermHit } from './expander.ts'
import type { IndexData } from './index-data.ts'
import { fold, germanVariant, isNumericWord } from './normalize.ts'
import type { QueryLanguageOptions } from './query-language/language-options.ts'
import {
  type Correction,
  phraseOccurrences,
  type SynonymSpan,
  type SynonymTable,
  synonymSpans,
  variantOfWord,
} from './synonyms.ts'
import { words } from './tokenize.ts'
import type { QueryType, TypoTolerance } from './types.ts'
import { CAUSE, WORK_COSTS } from './work-budget.ts'

export const MAX_QUERY_WORDS = 16
/** Attribute key = rank * ATTR_RANK_STRIDE + position (position ignored for unordered()). */
export const ATTR_RANK_STRIDE = MAX_POSITION + 1

export interface QueryWord {
  raw: string
  folded: string
  alternatives: string[]
  /** Those alternatives that are single-word synonyms (not transliterations or plurals). */
  synonyms?: readonly string[]
  /** altcorrection1/2 words, matched with their typo count. */
  corrections?: readonly Correction[]
  prefix: boolean
  maxTypos: number
}

export interface MatchOptions {
  queryType: QueryType
  typoTolerance: TypoTolerance
  minWordSizefor1Typo: number
  minWordSizefor2Typos: number
  allowTyposOnNumericTokens: boolean
  disableTypoToleranceOnWords: ReadonlySet<string>
  disableTypoToleranceOnAttributes: ReadonlySet<string>
  /** Matches in these attributes never count as exact (the exact criterion). */
  disableExactOnAttributes?: ReadonlySet<string>
  /** Prefix matches do not count in these attributes (only whole words, and typos). */
  disablePrefixOnAttributes?: ReadonlySet<string>
  restrictSearchableAttributes: readonly string[] | undefined
  synonyms: SynonymTable | undefined
  /** Query language (syntax, plurals, stop words, compounds, optional words); none when absent. */
  language?: QueryLanguageOptions
  /** How a one-word query counts as exact (Algolia's default: the whole attribute value). */
  exactOnSingleWordQuery?: ExactOnSingleWord
  /** Word distances up to this count as adjacent in the proximity criterion (1–7, default 1). */
  minProximity?: number
  /** separatorsToIndex: characters that are words of their own. */
  separators?: string
}

export type ExactOnSingleWord = 'attribute' | 'word' | 'none'

export function parseQuery(query: string, options: MatchOptions): QueryWord[] {
  const raw = words(query, options.separators).slice(0, MAX_QUERY_WORDS)
  return raw.map((word, i) => {
    const folded = fold(word)
    const prefix =
      options.queryType === 'prefixAll' || (options.queryType === 'prefixLast' && i === raw.length - 1)
    let maxTypos = 0
    if (
      options.typoTolerance !== false &&
      (options.allowTyposOnNumericTokens || !isNumericWord(folded)) &&
      !options.disableTypoToleranceOnWords.has(folded)
    ) {
      if (folded.length >= options.minWordSizefor2Typos) maxTypos = 2
      else if (folded.length >= options.minWordSizefor1Typo) maxTypos = 1
    }
    const alternatives: string[] = []
    const variant = germanVariant(word)
    if (variant !== undefined && variant !== folded) alternatives.push(variant)
    const synonyms = options.synonyms?.words
    const fromSynonyms: string[] = []
    if (synonyms !== undefined && synonyms.size > 0) {
      for (const key of alternatives.length > 0 ? [folded, alternatives[0]!] : [folded])
        for (const s of synonyms.get(key) ?? [])
          if (s !== folded && !alternatives.includes(s)) {
            alternatives.push(s)
            fromSynonyms.push(s)
          }
    }
    const corrections = options.synonyms?.corrections.get(folded)
    return {
      raw: word,
      folded,
      alternatives,
      prefix,
      maxTypos,
      ...(fromSynonyms.length > 0 ? { synonyms: fromSynonyms } : {}),
      ...(corrections ? { corrections } : {}),
    }
  })
}

/** Dense per-record arrays for one query word, reused across queries. */
export interface WordScratch {
  bits: Bitset
  /** min of typos << 2 | notExact << 1 | notSoleWordOfItsValue */
  flags: Uint8Array
  /** min of attribute rank * stride + position */
  attr: Int32Array
}

export interface MatchResult {
  words: QueryWord[]
  scratch: WordScratch[]
  /** Records matching every word (not yet intersected with alive/filters). */
  bits: Bitset | undefined
  /** Matched term → bitmask of query words, and the longest matched length (highlighting). */
  terms: Map<number, { mask: number; length: number; typos: number }>
  /** Query spans with alternative phrases that exist in the index (empty without phrase synonyms). */
  spans: SynonymSpan[]
  /** Terms of those phrases → bitmask of the span's words (proximity). */
  phraseTerms: Map<number, number>
  /** Bit w: query words w and w + 1 lie in one span (one alternative stands for both). */
  spanPairs: number
  /** Some word matched a term with a typo (else every record's typo count is 0). */
  typos: boolean
}

/** Flags of a word matched through a phrase synonym: no typo, not exact, not a sole word. */
const PHRASE_FLAG = 3

export class Matcher {
  readonly #data: IndexData
  readonly expander: Expander
  #pool: WordScratch[] = []
  #capacity = 0

  constructor(data: IndexData) {
    this.#data = data
    this.expander = new Expander(data)
  }

  /**
   * The last match, kept with a pristine copy of its bits: the queries of one multi-query (the
   * main query and one per refined disjunctive facet) match the same words again and again. Its
   * per-word arrays are the pool's, so any other match replaces it.
   */
  #last:
    | { key: string; synonyms: SynonymTable | undefined; version: number; result: MatchResult; bits: Bitset }
    | undefined

  match(queryWords: QueryWord[], options: MatchOptions): MatchResult {
    if (queryWords.length === 0) return this.#match(queryWords, options)
    const data = this.#data
    const key = matchKey(queryWords, options)
    const last = this.#last
    if (last?.key === key && last.synonyms === options.synonyms && last.version === data.version) {
      // Callers narrow the bits in place: each gets its own copy.
      return { ...last.result, bits: data.scratch.copy(last.bits) }
    }
    this.#last = undefined
    const result = this.#match(queryWords, options)
    if (result.bits !== undefined) {
      const bits = result.bits.slice()
      this.#last = { key, synonyms: options.synonyms, version: data.version, result, bits }
    }
    return result
  }

  #match(queryWords: QueryWord[], options: MatchOptions): MatchResult {
    const data = this.#data
    const result: MatchResult = {
      words: queryWords,
      scratch: [],
      bits: undefined,
      terms: new Map(),
      spans: [],
      phraseTerms: new Map(),
      spanPairs: 0,
      typos: false,
    }
    if (queryWords.length === 0) return result
    const slots = data.slots
    if (this.#capacity < slots) {
      this.#capacity = Math.max(slots, this.#capacity * 2, 64)
      this.#pool = []
    }
    const allowed = this.#allowedAttributes(options)
    const typoBlocked = this.#typoBlockedAttributes(options)
    const prefixBlocked = this.#listed(options.disablePrefixOnAttributes)
    const bothBlocked =
      typoBlocked && prefixBlocked ? typoBlocked.map((v, i) => v | prefixBlocked[i]!) : undefined
    const inexact = this.#listed(options.disableExactOnAttributes)
    const rankOf = Int32Array.from(data.searchable, (a) => a.rank)
    const unordered = Uint8Array.from(data.searchable, (a) => (a.unordered ? 1 : 0))

    queryWords.forEach((word, w) => {
      let scratch = this.#pool[w]
      if (scratch === undefined) {
        const cap = this.#capacity
        scratch = { bits: newBitset(cap), flags: new Uint8Array(cap), attr: new Int32Array(cap) }
        this.#pool[w] = scratch
      } else scratch.bits.fill(0)
      result.scratch.push(scratch)
      const hits = [...this.expander.expand(word.folded, word.prefix, word.maxTypos, false)]
      for (const alt of word.alternatives) {
        const isVariant = alt === germanVariant(word.raw)
        hits.push(
          ...this.expander.expand(alt, word.prefix && isVariant, isVariant ? word.maxTypos : 0, !isVariant),
        )
      }
      for (const c of word.corrections ?? []) {
        for (const hit of this.expander.expand(c.word, false, 0, true))
          hits.push({ ...hit, typos: Math.max(hit.typos, c.typos), exact: false })
      }
      data.budget.charge(
        hits.length * WORK_COSTS.matchedTerm + postingsOf(data, hits) * WORK_COSTS.posting,
        CAUSE.query,
      )
      for (const hit of hits) {
        const info = result.terms.get(hit.term)
        const length = hit.length >= data.dict.terms[hit.term]!.length ? Number.POSITIVE_INFINITY : hit.length
        if (info) {
          info.mask |= 1 << w
          info.length = Math.max(info.length, length)
          info.typos = Math.min(info.typos, hit.typos)
        } else result.terms.set(hit.term, { mask: 1 << w, length, typos: hit.typos })
        if (hit.typos > 0) result.typos = true
        // A prefix match covers part of its term; a typo match has typos; each may be barred per attribute.
        const prefix = prefixBlocked !== undefined && hit.length < data.dict.terms[hit.term]!.length
        const blocked =
          hit.typos > 0
            ? prefix
              ? (bothBlocked ?? prefixBlocked)
              : typoBlocked
            : prefix
              ? prefixBlocked
              : undefined
        fillWord(data, scratch, hit, allowed, blocked, rankOf, unordered, inexact)
      }
    })
    const n = (slots + 31) >>> 5
    if (options.synonyms !== undefined && options.synonyms.phrases.size > 0) {
      const bits = this.#phrases(result, options.synonyms, n, allowed, rankOf, unordered)
      if (bits !== undefined) {
        result.bits = bits
        return result
      }
    }
    // Rarest word first would be cheaper; AND is cheap enough on bitsets either way.
    const bits = data.scratch.copy(result.scratch[0]!.bits, n)
    for (let w = 1; w < result.scratch.length; w++) andInto(bits, result.scratch[w]!.bits)
    result.bits = bits
    return result
  }

  /**
   * Phrase synonyms: every occurrence of an alternative fills the words of its span (no typo, not
   * exact). The matching records are then those where the query splits into words matched as
   * themselves and spans matched by an alternative: reach[k] holds the records matching words
   * [0, k) so, reach[k + 1] = reach[k] ∧ word k ∪ reach[start] ∧ phrase, for spans ending at k + 1.
   * Undefined when no span of the query has an alternative in the index.
   */
  #phrases(
    result: MatchResult,
    table: SynonymTable,
    n: number,
    allowed: Uint8Array | undefined,
    rankOf: Int32Array,
    unordered: Uint8Array,
  ): Bitset | undefined {
    const data = this.#data
    const query = result.words
    const spans = synonymSpans(
      query.map((w) => w.folded),
      query.map((w) => variantOfWord(w.raw, w.folded)),
      table,
    )
    if (spans.length === 0) return undefined
    // Each word's own matches, before the phrases add theirs.
    const own = result.scratch.map((s) => s.bits.slice(0, n))
    const fwd = data.fwd.data
    const spanBits: Bitset[] = []
    for (const span of spans) {
      const bits = newBitset(n * 32)
      let mask = 0
      for (let w = span.start; w < span.end; w++) mask |= 1 << w
      const found: (readonly string[])[] = []
      for (const phrase of span.phrases) {
        const terms = phrase.map((word) => data.dict.idOf.get(word))
        if (!terms.every((id) => id !== undefined)) continue
        let any = false
        phraseOccurrences(data, terms, (slot, k) => {
          const meta = fwd[k + 1]!
          const a = meta >>> ATTR_SHIFT
          if (allowed !== undefined && allowed[a] === 0) return
          any = true
          bits[slot >>> 5]! |= 1 << (slot & 31)
          const key = rankOf[a]! * ATTR_RANK_STRIDE + (unordered[a] === 1 ? 0 : meta & MAX_POSITION)
          for (let w = span.start; w < span.end; w++) fillOne(result.scratch[w]!, slot, key)
        })
        if (!any) continue
        found.push(phrase)
        for (const t of terms) result.phraseTerms.set(t, (result.phraseTerms.get(t) ?? 0) | mask)
      }
      if (found.length === 0) continue
      const key = (phrase: readonly string[]) => phrase.join(' ')
      const synonyms = found.filter((phrase) => span.synonyms.some((p) => key(p) === key(phrase)))
      result.spans.push({ start: span.start, end: span.end, phrases: found, synonyms })
      spanBits.push(bits)
      for (let w = span.start; w < span.end - 1; w++) result.spanPairs |= 1 << w
    }
    if (result.spans.length === 0) return undefined
    const reach: (Bitset | undefined)[] = [undefined]
    for (let k = 1; k <= query.length; k++) {
      const prev = reach[k - 1]
      const next = own[k - 1]!.slice()
      if (prev !== undefined) andInto(next, prev)
      result.spans.forEach((span, i) => {
        if (span.end !== k) return
        const from = reach[span.start]
        const via = spanBits[i]!.slice()
        if (from !== undefined) andInto(via, from)
        for (let j = 0; j < n; j++) next[j]! |= via[j]!
      })
      reach.push(next)
    }
    return reach[query.length]!
  }

  #allowedAttributes(options: MatchOptions): Uint8Array | undefined {
    const restrict = options.restrictSearchableAttributes
    if (!restrict || restrict.length === 0) return undefined
    const names = new Set(restrict)
    return Uint8Array.from(this.#data.searchable, (a) => (names.has(a.name) ? 1 : 0))
  }

  /** 1 for each searchable attribute in the set; undefined when the set is empty. */
  #listed(names: ReadonlySet<string> | undefined): Uint8Array | undefined {
    if (names === undefined || names.size === 0) return undefined
    return Uint8Array.from(this.#data.searchable, (a) => (names.has(a.name) ? 1 : 0))
  }

  #typoBlockedAttributes(options: MatchOptions): Uint8Array | undefined {
    if (options.disableTypoToleranceOnAttributes.size === 0) return undefined
    return Uint8Array.from(this.#data.searchable, (a) =>
      options.disableTypoToleranceOnAttributes.has(a.name) ? 1 : 0,
    )
  }
}

/** What a match depends on besides the index and the synonym table. */
function matchKey(queryWords: readonly QueryWord[], options: MatchOptions): string {
  return JSON.stringify([
    queryWords,
    options.restrictSearchableAttributes ?? null,
    [...options.disableTypoToleranceOnAttributes],
    [...(options.disablePrefixOnAttributes ?? [])],
    [...(options.disableExactOnAttributes ?? [])],
  ])
}

/** The postings the hits of one query word read (what filling its arrays costs). */
function postingsOf(data: IndexData, hits: readonly TermHit[]): number {
  const { offsets, tails } = data.postings
  let count = 0
  for (let i = 0; i < hits.length; i++) {
    const term = hits[i]!.term
    if (term + 1 < offsets.length) count += offsets[term + 1]! - offsets[term]!
  }
  // Records appended since the bulk build have their postings in tails (none, usually).
  if (tails.size > 0) for (const { term } of hits) count += (tails.get(term)?.length ?? 0) >>> 1
  return count
}

function fillOne(scratch: WordScratch, slot: number, key: number): void {
  const { bits, flags, attr } = scratch
  const word = slot >>> 5
  const bit = 1 << (slot & 31)
  if ((bits[word]! & bit) === 0) {
    bits[word]! |= bit
    flags[slot] = PHRASE_FLAG
    attr[slot] = key
  } else {
    if (PHRASE_FLAG < flags[slot]!) flags[slot] = PHRASE_FLAG
    if (key < attr[slot]!) attr[slot] = key
  }
}

function fillWord(
  data: IndexData,
  scratch: WordScratch,
  hit: TermHit,
  allowed: Uint8Array | undefined,
  blocked: Uint8Array | undefined,
  rankOf: Int32Array,
  unordered: Uint8Array,
  inexact: Uint8Array | undefined,
): void {
  const { offsets, block } = data.postings
  const attributes = { allowed, blocked, rankOf, unordered, inexact }
  if (hit.term + 1 < offsets.length) {
    const from = offsets[hit.term]!
    const to = offsets[hit.term + 1]!
    fillRange(scratch, hit, block, block, 1, 2 * from, 2 * to, 2, attributes)
  }
  const tail = data.postings.tails.get(hit.term)
  if (tail) fillRange(scratch, hit, tail.data, tail.data, 1, 0, tail.length, 2, attributes)
}

/** Per searchable attribute: allowed (restrictSearchableAttributes), blocked for this hit, rank, unordered, never exact. */
interface AttributeRules {
  allowed: Uint8Array | undefined
  blocked: Uint8Array | undefined
  rankOf: Int32Array
  unordered: Uint8Array
  inexact: Uint8Array | undefined
}

/** Postings [from, to) with a stride: (slot, meta) pairs of the block or of a tail. */
function fillRange(
  scratch: WordScratch,
  hit: TermHit,
  docs: Int32Array,
  metas: Int32Array,
  metaOffset: number,
  from: number,
  to: number,
  stride: number,
  { allowed, blocked, rankOf, unordered, inexact }: AttributeRules,
): void {
  const { bits, flags, attr } = scratch
  const base = (hit.typos << 2) | (hit.exact ? 0 : 2)
  for (let k = from; k < to; k += stride) {
    const slot = docs[k]!
    const meta = metas[k + metaOffset]!
    const a = meta >>> ATTR_SHIFT
    if (allowed !== undefined && allowed[a] === 0) continue
    if (blocked !== undefined && blocked[a] === 1) continue
    // disableExactOnAttributes: neither an exact word nor a whole attribute value there.
    const flag =
      inexact !== undefined && inexact[a] === 1 ? base | 3 : base | ((meta & SOLE_FLAG) !== 0 ? 0 : 1)
    const key = rankOf[a]! * ATTR_RANK_STRIDE + (unordered[a] === 1 ? 0 : meta & MAX_POSITION)
    const word = slot >>> 5
    const bit = 1 << (slot & 31)
    if ((bits[word]! & bit) === 0) {
      bits[word]! |= bit
      flags[slot] = flag
      attr[slot] = key
    } else {
      if (flag < flags[slot]!) flags[slot] = flag
      if (key < attr[slot]!) attr[slot] = key
    }
  }
}
