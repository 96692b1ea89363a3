// Filter scoring, the `filters` ranking criterion: optional filters, and scores (`<score=N>`) on
// the filters themselves. A leaf a record matches counts its score (1 by default); an OR counts the
// best of its matched children (their sum with sumOrFiltersScores); an AND counts the sum of its
// children; the optional filters' entries add up, and a negated optional filter counts for the
// records without the value. Each scored leaf is evaluated once into a bitset; a record's score is
// then a walk over the (small) tree, for the candidates the ranking actually compares.
import { type Bitset, hasBit, popcount } from './bitset.ts'
import { evaluateFilter } from './filters-eval.ts'
import type { IndexData } from './index-data.ts'
import type { KeyBucket, KeyFn } from './ranking.ts'
import type { Scratch } from './scratch.ts'
import type { FilterNode } from './types.ts'
import { CAUSE, type CauseId, WORK_COSTS } from './work-budget.ts'

type ScoreTree = { kind: 'leaf'; bits: Bitset; score: number } | { kind: 'or' | 'and'; children: ScoreTree[] }

export interface FilterScores {
  /** The record's filter score; higher ranks first. */
  of(slot: number): number
  /** Ranking keys of the slots: their scores negated (lower keys rank first). */
  keys: KeyFn
}

/** Up to this many scored leaves, the ranking takes whole score buckets from bitsets. */
const BUCKET_LEAVES = 4

/** Up to this many scored leaves, a record's score is read from a table by the leaves it matches. */
const TABLE_LEAVES = 12

/** Whether the tree gives records different scores: a scored leaf, or an OR summed. */
function scored(node: FilterNode, sum: boolean): boolean {
  switch (node.type) {
    case 'and':
      return node.children.some((child) => scored(child, sum))
    case 'or':
      return sum || node.children.some((child) => scored(child, sum))
    case 'not':
      return node.score !== undefined || scored(node.child, sum)
    default:
      return node.score !== undefined
  }
}

function compile(node: FilterNode, data: IndexData, cause: CauseId): ScoreTree {
  switch (node.type) {
    case 'and':
    case 'or':
      return { kind: node.type, children: node.children.map((child) => compile(child, data, cause)) }
    case 'not': {
      const inner = node.child.type === 'and' || node.child.type === 'or' ? undefined : node.child.score
      return { kind: 'leaf', bits: evaluateFilter(node, data, cause), score: node.score ?? inner ?? 1 }
    }
    default:
      return { kind: 'leaf', bits: evaluateFilter(node, data, cause), score: node.score ?? 1 }
  }
}

function scoreOf(tree: ScoreTree, slot: number, sum: boolean): number {
  if (tree.kind === 'leaf') return hasBit(tree.bits, slot) ? tree.score : 0
  let total = 0
  for (const child of tree.children) {
    const score = scoreOf(child, slot, sum)
    total = tree.kind === 'and' || sum ? total + score : Math.max(total, score)
  }
  return total
}

/**
 * The filter scores of a search, or undefined when every candidate scores the same (no optional
 * filters, no scores in the filters): then the criterion costs nothing.
 */
export function filterScores(
  data: IndexData,
  filters: FilterNode | undefined,
  optionalFilters: FilterNode | undefined,
  sum: boolean,
): FilterScores | undefined {
  const trees: ScoreTree[] = []
  if (filters !== undefined && scored(filters, sum)) trees.push(compile(filters, data, CAUSE.filters))
  if (optionalFilters !== undefined) trees.push(compile(optionalFilters, data, CAUSE.optionalFilters))
  if (trees.length === 0) return undefined
  // Scores rank by the optional filters, unless only the filters' own scores are there.
  const cause = optionalFilters !== undefined ? CAUSE.optionalFilters : CAUSE.filters
  const tree: ScoreTree = trees.length === 1 ? trees[0]! : { kind: 'and', children: trees }
  const of = (slot: number): number => scoreOf(tree, slot, sum)
  const leaves: Extract<ScoreTree, { kind: 'leaf' }>[] = []
  collectLeaves(tree, leaves)
  // A candidate's key walks the whole tree (or, below TABLE_LEAVES, reads each leaf's bit).
  const perSlot = leaves.length * WORK_COSTS.scoreTerm
  if (leaves.length > TABLE_LEAVES) {
    const keys: KeyFn = (slots, keys) => {
      for (let i = 0; i < slots.length; i++) keys[i] = -of(slots[i]!)
    }
    return { of, keys: Object.assign(keys, { cost: perSlot, cause }) }
  }
  // The score depends only on which leaves a record matches: one table entry per combination.
  data.budget.charge((1 << leaves.length) * leaves.length * leaves.length * WORK_COSTS.scoreTable, cause)
  const table = new Float64Array(1 << leaves.length)
  for (let mask = 0; mask < table.length; mask++) table[mask] = -scoreByMask(tree, leaves, mask, sum)
  const leafBits = leaves.map((leaf) => leaf.bits)
  const keys: KeyFn = (slots, keys) => {
    const count = leafBits.length
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!
      const word = slot >>> 5
      const bit = 1 << (slot & 31)
      let mask = 0
      // A leaf's bitset covers every slot of the index (filters are evaluated over all of them).
      for (let l = 0; l < count; l++) if ((leafBits[l]![word]! & bit) !== 0) mask |= 1 << l
      keys[i] = table[mask]!
    }
  }
  keys.cost = perSlot
  keys.cause = cause
  if (leaves.length <= BUCKET_LEAVES)
    keys.buckets = (slots, scratch) => scoreBuckets(leafBits, table, slots, scratch)
  return { of, keys }
}

/**
 * The slots split by score, best first, without a key per slot: per bitset word, each combination
 * of matched leaves is a few word operations, and each combination belongs to one score.
 */
function scoreBuckets(
  leafBits: readonly Bitset[],
  table: Float64Array,
  slots: Int32Array,
  scratch: Scratch,
): KeyBucket[] {
  const words = leafBits[0]!.length
  const candidates = scratch.bitset(words)
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!
    candidates[slot >>> 5]! |= 1 << (slot & 31)
  }
  const keys = [...new Set(table)].sort((a, b) => a - b)
  const bucketOf = Int32Array.from(table, (key) => keys.indexOf(key))
  const buckets = keys.map(() => scratch.bitset(words))
  const leafCount = leafBits.length
  const leafWords = new Int32Array(leafCount)
  for (let w = 0; w < words; w++) {
    const c = candidates[w]!
    if (c === 0) continue
    // Leaf bitsets cover every slot of the index, as the candidates do.
    for (let l = 0; l < leafCount; l++) leafWords[l] = leafBits[l]![w]!
    for (let mask = 0; mask < table.length; mask++) {
      let v = c
      for (let l = 0; l < leafCount; l++) v &= (mask >>> l) & 1 ? leafWords[l]! : ~leafWords[l]!
      if (v !== 0) buckets[bucketOf[mask]!]![w]! |= v
    }
  }
  return buckets.map((bits) => ({ bits, count: popcount(bits) })).filter((bucket) => bucket.count > 0)
}

function collectLeaves(tree: ScoreTree, out: Extract<ScoreTree, { kind: 'leaf' }>[]): void {
  if (tree.kind === 'leaf') out.push(tree)
  else for (const child of tree.children) collectLeaves(child, out)
}

/** The score of a record matching exactly the leaves set in `mask` (bit i: leaves[i]). */
function scoreByMask(tree: ScoreTree, leaves: readonly ScoreTree[], mask: number, sum: boolean): number {
  if (tree.kind === 'leaf') return (mask >>> leaves.indexOf(tree)) & 1 ? tree.score : 0
  let total = 0
  for (const child of tree.children) {
    const score = scoreByMask(child, leaves, mask, sum)
    total = tree.kind === 'and' || sum ? total + score : Math.max(total, score)
  }
  return total
}
