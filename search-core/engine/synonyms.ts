// Synonyms as the matcher reads them. A single word for a single word is an alternative of that
// query word (expanded exactly, ranked as exact: Algolia's alternativesAsExact default). Anything
// with more than one word on either side is a phrase synonym: a span of consecutive query words
// equal to the input may instead be matched by an alternative phrase, i.e. its words at
// consecutive positions of one attribute value (an OR branch for the span; the other query words
// stay required). Such a match counts no typos and is not exact (Algolia leaves
// multiWordsSynonym out of alternativesAsExact by default), so it ranks below an exact match by
// the exact criterion; words stays the number of query words.
// Prefixes and typos never apply inside a synonym: the query words must equal the input's words
// (folded), so a last word still being typed ("ff") triggers nothing until it is complete, though
// it keeps its own prefix matching beside the synonym; the alternative's words match whole
// indexed words only. Inputs are found under their fold and their German transliteration, so
// "koeln" finds the synonyms of "köln" and "köln" those of "koeln".
// Alternative corrections (altcorrection1/2) lead a query word to other words that then match
// as if typed with 1 or 2 typos, and rank so. A placeholder synonym leads each replacement to the
// placeholder's token in the records (`<Street>` is indexed as the word street).
import type { IndexData } from './index-data.ts'
import { fold, germanVariant } from './normalize.ts'
import { words } from './tokenize.ts'
import type { Synonym } from './types.ts'

export interface PhraseSynonym {
  /** Each word of the query phrase as its forms (fold, and German transliteration if any). */
  input: readonly (readonly string[])[]
  /** Folded words of each alternative phrase. */
  alternatives: (readonly string[])[]
  /** A German compound's parts, not a synonym: never shown in place of the record's words. */
  split?: boolean
}

/** altcorrection1/2: a word that matches as if it were the query word with 1 or 2 typos. */
export interface Correction {
  word: string
  typos: number
}

export interface SynonymTable {
  /** Folded word → single-word alternatives. */
  words: ReadonlyMap<string, readonly string[]>
  /** Folded word → its alternative corrections (altcorrection1/2), matched as typos. */
  corrections: ReadonlyMap<string, readonly Correction[]>
  /** First folded word of an input → the phrase synonyms starting with it. */
  phrases: ReadonlyMap<string, readonly PhraseSynonym[]>
  /** Number of links (0: no synonyms at all). */
  size: number
}

export function synonymTable(synonyms: readonly Synonym[], separators = ''): SynonymTable {
  const single = new Map<string, string[]>()
  const byInput = new Map<string, PhraseSynonym>()
  const phrases = new Map<string, PhraseSynonym[]>()
  let size = 0
  const link = (from: string, to: string): void => {
    const rawA = words(from, separators)
    const a = rawA.map(fold)
    const b = words(to, separators).map(fold)
    const keyA = a.join(' ')
    const keyB = b.join(' ')
    if (a.length === 0 || b.length === 0 || keyA === keyB) return
    const forms = rawA.map((w, i) => {
      const f = a[i]! // a is rawA folded
      const v = variantOfWord(w, f)
      return v === undefined ? [f] : [f, v]
    })
    if (a.length === 1 && b.length === 1) {
      let added = false
      for (const key of forms[0]!) {
        const list = single.get(key)
        if (!list) single.set(key, [keyB])
        else if (list.includes(keyB)) continue
        else list.push(keyB)
        added = true
      }
      if (added) size++
      return
    }
    let entry = byInput.get(keyA)
    if (entry === undefined) {
      entry = { input: forms, alternatives: [] }
      byInput.set(keyA, entry)
      for (const first of forms[0]!) {
        const list = phrases.get(first)
        if (list) list.push(entry)
        else phrases.set(first, [entry])
      }
    }
    if (entry.alternatives.some((alt) => alt.join(' ') === keyB)) return
    entry.alternatives.push(b)
    size++
  }
  const corrections = new Map<string, Correction[]>()
  const correct = (from: string, to: string, typos: number): void => {
    const [a, ...restA] = words(from, separators).map(fold)
    const [b, ...restB] = words(to, separators).map(fold)
    // Corrections are word for word, as Algolia's are.
    if (a === undefined || b === undefined || a === b || restA.length > 0 || restB.length > 0) return
    const list = corrections.get(a) ?? []
    const known = list.find((c) => c.word === b)
    if (known) known.typos = Math.min(known.typos, typos)
    else list.push({ word: b, typos })
    corrections.set(a, list)
    size++
  }
  for (const s of synonyms) {
    if (s.type === 'synonym') for (const a of s.synonyms) for (const b of s.synonyms) link(a, b)
    else if (s.type === 'onewaysynonym') for (const b of s.synonyms) link(s.input, b)
    else if (s.type === 'altcorrection1' || s.type === 'altcorrection2') {
      for (const b of s.corrections) correct(s.word, b, s.type === 'altcorrection1' ? 1 : 2)
    }
    // A record's `<Street>` is indexed as the word street: each replacement leads to it.
    else if (s.type === 'placeholder') for (const r of s.replacements) link(r, s.placeholder)
  }
  return { words: single, corrections, phrases, size }
}

/** Query words [start, end) that an alternative phrase may replace. */
export interface SynonymSpan {
  start: number
  end: number
  /** The alternative phrases, as folded words. */
  phrases: (readonly string[])[]
  /** Those of them that come from synonyms (replaceSynonymsInHighlight may show the query instead). */
  synonyms: (readonly string[])[]
}

/**
 * The spans of the query that equal a phrase synonym's input. `folded[i]` and `variants[i]` are
 * the query word's fold and German transliteration; either may equal the input's word.
 */
export function synonymSpans(
  folded: readonly string[],
  variants: readonly (string | undefined)[],
  table: SynonymTable,
): SynonymSpan[] {
  const spans: SynonymSpan[] = []
  if (table.phrases.size === 0) return spans
  const same = (i: number, forms: readonly string[]): boolean => {
    const variant = variants[i]
    return forms.includes(folded[i]!) || (variant !== undefined && forms.includes(variant))
  }
  for (let start = 0; start < folded.length; start++) {
    const variant = variants[start]
    const candidates = new Set([
      ...(table.phrases.get(folded[start]!) ?? []),
      ...(variant !== undefined ? (table.phrases.get(variant) ?? []) : []),
    ])
    for (const syn of candidates) {
      const end = start + syn.input.length
      if (end > folded.length) continue
      let ok = true
      for (let k = 1; k < syn.input.length && ok; k++) ok = same(start + k, syn.input[k]!)
      if (!ok) continue
      let span = spans.find((s) => s.start === start && s.end === end)
      if (span === undefined) {
        span = { start, end, phrases: [], synonyms: [] }
        spans.push(span)
      }
      for (const alt of syn.alternatives) {
        const key = alt.join(' ')
        if (!span.phrases.some((p) => p.join(' ') === key)) span.phrases.push(alt)
        if (!syn.split && !span.synonyms.some((p) => p.join(' ') === key)) span.synonyms.push(alt)
      }
    }
  }
  return spans
}

/** A query word's German transliteration (undefined when it has none or equals the fold). */
export function variantOfWord(raw: string, folded: string): string | undefined {
  const v = germanVariant(raw)
  return v !== undefined && v !== folded ? v : undefined
}

/**
 * Calls `found(slot, k)` for every occurrence of the phrase (term ids, consecutive positions in
 * one attribute value), `k` being where the forward-index entry of its first word lies in
 * `IndexData.fwd` (its metadata at k + 1). Candidates are the records holding the phrase's rarest
 * term; each one's forward index is scanned.
 */
export function phraseOccurrences(
  data: IndexData,
  phrase: readonly number[],
  found: (slot: number, k: number) => void,
): void {
  const { postings } = data
  let rarest = phrase[0]
  if (rarest === undefined) return
  for (const t of phrase) if (postings.count(t) < postings.count(rarest)) rarest = t
  const variantOf = data.dict.variantOf.data
  const off = data.fwdOff.data
  const fwd = data.fwd.data
  const m = phrase.length
  const scan = (slot: number): void => {
    const to = off[slot + 1]!
    // Two numbers an entry: the term at k + 2i, its metadata after it.
    for (let k = off[slot]!; k + 2 * m <= to; k += 2) {
      let ok = true
      for (let i = 0; i < m && ok; i++) {
        const t = fwd[k + 2 * i]!
        const want = phrase[i]!
        ok = t === want || variantOf[t] === want
        if (ok && i > 0) ok = fwd[k + 2 * i + 1]! === fwd[k + 2 * i - 1]! + 1
      }
      if (ok) found(slot, k)
    }
  }
  let last = -1
  if (rarest + 1 < postings.offsets.length) {
    const block = postings.block
    for (let p = postings.offsets[rarest]!; p < postings.offsets[rarest + 1]!; p++) {
      const slot = block[2 * p]!
      if (slot !== last) scan(slot)
      last = slot
    }
  }
  const tail = postings.tails.get(rarest)
  if (tail) {
    for (let p = 0; p < tail.length; p += 2) {
      const slot = tail.data[p]!
      if (slot !== last) scan(slot)
      last = slot
    }
  }
}
