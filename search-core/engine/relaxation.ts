// Which records a query's words select, and query relaxation. All words are required, except
// optional ones (optionalWords): a record then needs the required words, or one word at least
// when every word is optional, and the `words` criterion ranks records with more matched words
// first; of a query of 4 or more words, all optional, each 1,000 results need one more matched word.
// removeWordsIfNoResults retries a query without results with more words optional:
// lastWords/firstWords one more word from the end/start per attempt (at most 5, and never the
// last remaining one), allOptional all of them at once. nbHits counts what the attempt returns.
// Quoted phrases and excluded words (advancedSyntax) restrict every attempt.
import { andInto, type Bitset, bitsToList, hasBit, orInto, popcount } from './bitset.ts'
import type { IndexData } from './index-data.ts'
import type { MatchResult } from './matcher.ts'
import { excludedBits, phraseBits } from './query-language/constraints.ts'
import type { QueryPlan } from './query-language/query-plan.ts'
import { CAUSE, WORK_COSTS } from './work-budget.ts'

const MAX_REMOVED_WORDS = 5
/** From this many query words, all optional, more matched words are required per 1,000 results. */
const LONG_QUERY_WORDS = 4
const RESULTS_PER_STEP = 1000
/** Flags of an optional word a record lacks: no typo, not exact (see WordScratch.flags). */
const ABSENT_FLAGS = 3
const ABSENT_ATTRIBUTE = 0x7fffffff

export interface Attempt {
  /** Records the words select (undefined: every record). */
  bits: Bitset | undefined
  /** True when some words are optional: the `words` criterion separates the records. */
  partial: boolean
}

/**
 * Runs `narrow` (filters, geo, typo cut) on what the words select, and again with more optional
 * words while removeWordsIfNoResults allows and nothing is found.
 */
export function relaxed<T extends { candidates: Int32Array }>(
  data: IndexData,
  plan: QueryPlan,
  match: MatchResult,
  narrow: (attempt: Attempt) => T,
): T {
  const count = match.scratch.length
  const constraints = constraintBits(data, plan, match)
  const run = (optional: number): T => {
    const partial = optional !== 0 && count > 0
    let bits = partial ? selected(data, match, optional) : match.bits
    if (constraints.phrase !== undefined) {
      bits ??= data.scratch.copy(data.alive)
      andInto(bits, constraints.phrase)
    }
    if (constraints.excluded !== undefined) {
      bits ??= data.scratch.copy(data.alive)
      for (let i = 0; i < bits.length; i++) bits[i]! &= ~(constraints.excluded[i] ?? 0)
    }
    if (partial && bits !== undefined) {
      data.budget.charge(popcount(bits) * count * WORK_COSTS.candidate, CAUSE.query)
      forgetAbsentWords(match, bits, optional)
    }
    const result = narrow({ bits, partial })
    if (!partial || optional !== all || count < LONG_QUERY_WORDS) return result
    const listed = plan.options.language?.optionalWords.size ?? 0
    const kept = longQueryCut(data, match, result.candidates, listed > 0 ? listed : count)
    return kept === undefined ? result : narrow({ bits: kept, partial })
  }
  const all = (1 << count) - 1
  let result = run(plan.optional)
  const mode = plan.options.language?.removeWordsIfNoResults ?? 'none'
  if (result.candidates.length > 0 || count < 2 || mode === 'none') return result
  if (mode === 'allOptional') return run(all)
  for (let removed = 1; removed <= Math.min(MAX_REMOVED_WORDS, count - 1); removed++) {
    const tail = ((1 << removed) - 1) << (mode === 'lastWords' ? count - removed : 0)
    result = run(plan.optional | tail)
    if (result.candidates.length > 0) break
  }
  return result
}

/**
 * Algolia's rule for a query of 4 or more words that are all optional: results 1–1,000 need one
 * matched word, each further 1,000 results one more (with 10 or more optional words, their number
 * ÷ 5 more). Taken
 * in `words` order (most matched words first; within one count, the custom ranking's order), the
 * records are kept up to the first that matches fewer words than its position requires. Undefined
 * when every candidate is kept.
 */
function longQueryCut(
  data: IndexData,
  match: MatchResult,
  candidates: Int32Array,
  optionalWords: number,
): Bitset | undefined {
  if (candidates.length <= RESULTS_PER_STEP) return undefined
  const n = candidates.length
  data.budget.charge(n * (Math.log2(n) + match.scratch.length) * WORK_COSTS.candidate, CAUSE.query)
  const step = optionalWords < 10 ? 1 : Math.floor(optionalWords / 5)
  const rank = data.custom.rankOf.data
  const order = Array.from(candidates, (slot) => ({ slot, words: matchedWords(match, slot) }))
  order.sort((a, b) => b.words - a.words || rank[a.slot]! - rank[b.slot]! || a.slot - b.slot)
  let kept = order.length
  for (let i = RESULTS_PER_STEP; i < order.length; i++) {
    const required = 1 + Math.floor(i / RESULTS_PER_STEP) * step
    if (order[i]!.words < required) {
      kept = i
      break
    }
  }
  if (kept === order.length) return undefined
  const bits = new Uint32Array((data.slots + 31) >>> 5)
  for (let i = 0; i < kept; i++) {
    const slot = order[i]!.slot
    bits[slot >>> 5]! |= 1 << (slot & 31)
  }
  return bits
}

/** The phrase and exclusion bitsets of the query (undefined when it has none). */
function constraintBits(
  data: IndexData,
  plan: QueryPlan,
  match: MatchResult,
): { phrase?: Bitset; excluded?: Bitset } {
  const out: { phrase?: Bitset; excluded?: Bitset } = {}
  for (const phrase of plan.phrases) {
    if (phrase.length < 2) continue
    const bits = phraseBits(data, match, phrase)
    if (out.phrase === undefined) out.phrase = bits
    else andInto(out.phrase, bits)
  }
  if (plan.excluded.length > 0) {
    const restrict = plan.options.restrictSearchableAttributes
    out.excluded = excludedBits(data, plan.excluded, restrict?.length ? new Set(restrict) : undefined)
  }
  return out
}

/** Records with every required word, or with at least one word when all are optional. */
function selected(data: IndexData, match: MatchResult, optional: number): Bitset {
  const n = (data.slots + 31) >>> 5
  const scratch = match.scratch
  let bits: Bitset | undefined
  const allOptional = optional === (1 << scratch.length) - 1
  scratch.forEach((word, w) => {
    if (!allOptional && ((optional >>> w) & 1) === 1) return
    if (bits === undefined) bits = data.scratch.copy(word.bits, n)
    else if (allOptional) orInto(bits, word.bits)
    else andInto(bits, word.bits)
  })
  return bits ?? data.scratch.bitset(n)
}

/**
 * The per-word arrays hold stale values for records a word did not match; an optional word a
 * record lacks must count as no typo, no exact match and no attribute.
 */
function forgetAbsentWords(match: MatchResult, bits: Bitset, optional: number): void {
  const scratch = match.scratch
  for (const slot of bitsToList(bits)) {
    for (let w = 0; w < scratch.length; w++) {
      if (((optional >>> w) & 1) === 0) continue
      const word = scratch[w]!
      if (hasBit(word.bits, slot)) continue
      word.flags[slot] = ABSENT_FLAGS
      word.attr[slot] = ABSENT_ATTRIBUTE
    }
  }
}

/**
 * Whether some candidate matches every query word: not so when only words made optional
 * (removeWordsIfNoResults, optionalWords) let the candidates in.
 */
export function hasHitWithAllWords(exec: {
  candidates: Int32Array
  bits: Bitset
  partial?: boolean
  match: MatchResult
}): boolean {
  if (exec.candidates.length === 0) return false
  const all = exec.match.bits
  if (!exec.partial || all === undefined) return true
  const bits = exec.bits
  for (let i = 0; i < bits.length; i++) if ((bits[i]! & (all[i] ?? 0)) !== 0) return true
  return false
}

/** Query words a record matches (Algolia's `words` criterion and _rankingInfo.words). */
export function matchedWords(match: MatchResult, slot: number): number {
  let n = 0
  for (const word of match.scratch) if (hasBit(word.bits, slot)) n++
  return n
}
